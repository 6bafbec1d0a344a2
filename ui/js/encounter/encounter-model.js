// What the encounter view shows, worked out from the encounter and its log. Pure: Node's test
// runner imports it.

import { isolated } from '../format.js';

/** @typedef {import('../../types/bindings').Encounter} Encounter */
/** @typedef {import('../../types/bindings').CharacterSummary} CharacterSummary */
/** @typedef {import('../../types/bindings').TableActionEntry} TableActionEntry */
/** @typedef {import('../../types/bindings').Event} TableEvent */

/** The participant whose turn it is, or null. @param {Encounter} encounter */
export function currentParticipant(encounter) {
  const { order, current } = encounter.state;
  return order.find((p) => p.id === current) ?? null;
}

/** "Round 2 · Rex Valor's turn": what the screen reader hears after every change. */
export function turnText(encounter) {
  const who = currentParticipant(encounter);
  const round = `Round ${encounter.state.round}`;
  return who ? `${round} · ${isolated(who.name)}'s turn` : `${round} · nobody has joined yet`;
}

/** "Round 2 · 4 taking part" for the list of encounters. @param {Encounter} encounter */
export function encounterSummary(encounter) {
  const n = encounter.state.order.length;
  return `Round ${encounter.state.round} · ${n === 0 ? 'nobody yet' : n === 1 ? '1 taking part' : `${n} taking part`}`;
}

/**
 * The roster's live characters not yet in the encounter, in the roster's order.
 * @param {CharacterSummary[]} characters
 * @param {Encounter} encounter
 */
export function addableCharacters(characters, encounter) {
  const inIt = new Set(encounter.state.order.map((p) => p.character_id).filter(Boolean));
  return characters.filter((c) => !inIt.has(c.id));
}

/**
 * The participants' characters whose sheets are still to be read: live ones (in `characters`)
 * held only as a summary, each once. The panels read a participant's sheet; nobody else's.
 * @param {Encounter} encounter
 * @param {Map<string, CharacterSummary>} characters
 */
export function sheetsToRead(encounter, characters) {
  const ids = encounter.state.order.map((p) => p.character_id).filter((id) => id && characters.has(id) && !('sheet' in characters.get(id)));
  return [...new Set(ids)];
}

/**
 * The ids in turn order with `id` moved to `to` (a drop's place, counted in the order without it).
 * @param {string[]} ids
 * @param {string} id
 * @param {number} to
 */
export function movedTo(ids, id, to) {
  const rest = ids.filter((x) => x !== id);
  const at = Math.max(0, Math.min(to, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

/**
 * An action's events as the window lists them, each marked when it states a ruling: by the
 * event's ruling id, never by its words (a ruling's text is the ruling's own, from the catalog's
 * `table_rulings`; the badge beside it says "Ruling").
 * @param {TableEvent[] | null | undefined} events
 * @returns {{ruling: boolean, text: string}[]}
 */
export function eventLines(events) {
  return (events ?? [])
    .filter((event) => event.text.trim() !== '')
    .map((event) => ({ ruling: event.ruling !== null && event.ruling !== undefined, text: event.text }));
}

/**
 * The action log as the view lists it: newest first, each entry's events as its lines.
 * @param {TableActionEntry[]} entries oldest first, as `encounter_log` answers
 */
export function logItems(entries) {
  return [...entries].reverse().map((entry) => ({
    id: entry.id,
    at: entry.at,
    undone: entry.undone_at !== null && entry.undone_at !== undefined,
    lines: eventLines(entry.events),
  }));
}

/** @typedef {import('../../types/bindings').Visibility} Visibility */

/**
 * What the GM chose the players see of a participant (`state.visibility`, issue 14); the
 * default, shown by name with the health the rules pick, when nothing was chosen.
 * @param {Encounter} encounter @param {string} participantId @returns {Visibility}
 */
export function visibilityOf(encounter, participantId) {
  const chosen = encounter.state.visibility?.[participantId];
  return { hidden: chosen?.hidden ?? false, alias: chosen?.alias ?? null, health: chosen?.health ?? null };
}

/**
 * The turn-order row's note on what the players see: "Hidden from the players", "Shown as
 * “Masked figure”", or null when shown as is.
 * @param {Encounter} encounter @param {string} participantId
 */
export function visibilityNote(encounter, participantId) {
  const { hidden, alias, health } = visibilityOf(encounter, participantId);
  if (hidden) return 'Hidden from the players';
  const parts = [];
  if (alias) parts.push(`shown as “${alias}”`);
  if (health === 'hidden') parts.push('health hidden');
  else if (health === 'numbers') parts.push('health as numbers');
  else if (health === 'words') parts.push('health in words');
  if (!parts.length) return null;
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
