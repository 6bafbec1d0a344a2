// The words of the damaged-records notice. Pure: Node's test runner imports it.

/** @typedef {import('../../types/bindings').DamagedNotice} DamagedNotice */

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * The notice's heading: "1 roster cannot be read", "2 characters of this roster cannot be
 * read", "1 roster and 1 character cannot be read"; null when nothing is damaged. A notice
 * naming a character is a character's, the rest rosters'.
 * @param {DamagedNotice[]} notices
 * @returns {string | null}
 */
export function damagedHeading(notices) {
  const characters = notices.filter((n) => n.character_id !== null).length;
  const rosters = notices.length - characters;
  if (!rosters && !characters) return null;
  if (!rosters) return `${count(characters, 'character', 'characters')} of this roster cannot be read`;
  const what = characters ? `${count(rosters, 'roster', 'rosters')} and ${count(characters, 'character', 'characters')}` : count(rosters, 'roster', 'rosters');
  return `${what} cannot be read`;
}
