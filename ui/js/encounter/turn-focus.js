// Who acts and at whom, by default (issue 17, "the table follows the turn"): the participant
// whose turn it is acts, and the first one after them in turn order on the other side (PCs and
// their friends against the rest) is the target. And what a GM types into a tracked number
// (hp, health, HTK, Sanity): `-7`, `+3` or `12`. Pure: Node's test runner imports it.

/** @typedef {import('../../types/bindings').Encounter} Encounter */
/** @typedef {import('../../types/bindings').CharacterSummary} CharacterSummary */

/**
 * The side of a participant: 'party' (PCs and friendly NPCs) or 'foes'. A universe table says
 * each participant's side itself; elsewhere a stored PC is of the party, any other an NPC.
 * @param {Encounter} encounter
 * @param {string} id
 * @param {Map<string, CharacterSummary>} characters
 */
export function sideOf(encounter, id, characters) {
  const table = encounter.state.system_state;
  const side = table?.system === 'universe' ? table.parts?.[id]?.side : null;
  if (side) return side === 'hostile_npc' ? 'foes' : 'party';
  const p = encounter.state.order.find((x) => x.id === id);
  const character = p?.character_id ? characters.get(p.character_id) : null;
  return character?.kind === 'pc' ? 'party' : 'foes';
}

/** Whose turn it is (an id), or null while nobody takes part. @param {Encounter} encounter */
export function actorOf(encounter) {
  const { order, current } = encounter.state;
  return order.some((p) => p.id === current) ? current : order[0]?.id ?? null;
}

/**
 * The default target of `actorId`: the first participant after them in turn order (going round)
 * on the other side; when everyone is on one side, the next one after them; null alone.
 * @param {Encounter} encounter
 * @param {string | null} actorId
 * @param {Map<string, CharacterSummary>} characters
 */
export function targetOf(encounter, actorId, characters) {
  const order = encounter.state.order;
  const at = order.findIndex((p) => p.id === actorId);
  const after = [...order.slice(at + 1), ...order.slice(0, Math.max(at, 0))].filter((p) => p.id !== actorId);
  if (!after.length) return null;
  const mine = actorId ? sideOf(encounter, actorId, characters) : null;
  return (after.find((p) => sideOf(encounter, p.id, characters) !== mine) ?? after[0]).id;
}

/**
 * What identifies a turn: the defaults are worked out again, and the GM's picks forgotten, when
 * it changes (Next turn, Next round, a deal that reorders, a turn given by hand).
 * @param {Encounter} encounter
 */
export function turnKey(encounter) {
  return `${encounter.state.round}:${encounter.state.current ?? ''}`;
}

/** A typed change too long to be a real number of hp. */
const DIGITS_MAX = 6;

/**
 * A tracked number as typed: `-7` takes away (`{by: -7}`), `+3` adds (`{by: 3}`), `12` sets
 * (`{to: 12}`); spaces around are fine and a typographic minus counts as one. Empty: `null`
 * (nothing to do). Anything else: `{error}` saying what would be accepted.
 * @param {string} text
 * @returns {{by: number} | {to: number} | {error: string} | null}
 */
export function parseChange(text) {
  const typed = String(text ?? '').trim().replace(/^[\u2212\u2013]/, '-');
  if (typed === '') return null;
  const match = /^([+-]?)\s*(\d+)$/.exec(typed);
  if (!match || match[2].length > DIGITS_MAX) {
    return { error: `Type -7 to take away, +3 to add or 12 to set (whole numbers up to ${DIGITS_MAX} digits), not "${typed}"` };
  }
  const n = Number.parseInt(match[2], 10);
  if (match[1] === '-') return { by: -n };
  if (match[1] === '+') return { by: n };
  return { to: n };
}
