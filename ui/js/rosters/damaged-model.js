// The words of the damaged-records notice. Pure: Node's test runner imports it.

/** @typedef {import('../../types/bindings').DamagedNotice} DamagedNotice */

const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * The notice's heading: "1 roster cannot be read", "2 characters of this roster cannot be
 * read", "1 roster and 1 character cannot be read", "1 roll-log entry cannot be read"; null when
 * nothing is damaged. A notice naming a character is a character's, one naming a log entry an
 * entry's, the rest rosters'.
 * @param {DamagedNotice[]} notices
 * @returns {string | null}
 */
export function damagedHeading(notices) {
  const characters = notices.filter((n) => n.character_id !== null).length;
  const entries = notices.filter((n) => n.character_id === null && n.log_entry_id !== null).length;
  const rosters = notices.length - characters - entries;
  if (!notices.length) return null;
  if (!rosters && !entries) return `${count(characters, 'character', 'characters')} of this roster cannot be read`;
  const parts = [
    rosters && count(rosters, 'roster', 'rosters'),
    characters && count(characters, 'character', 'characters'),
    entries && count(entries, 'roll-log entry', 'roll-log entries'),
  ].filter(Boolean);
  return `${parts.join(' and ')} cannot be read`;
}

/**
 * The roster's count of characters that read: the stored count (a count, no sheet read) less
 * the damaged characters its list named, which the notice shows apart.
 * @param {{id: string, character_count: number}} roster
 * @param {DamagedNotice[]} notices the damaged characters of the open roster's list
 * @returns {number}
 */
export function readableCount(roster, notices) {
  const damaged = notices.filter((n) => n.roster_id === roster.id && n.character_id !== null).length;
  return Math.max(0, roster.character_count - damaged);
}
