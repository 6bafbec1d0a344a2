// Roll log entries (docs/ipc.md `LogEntry`) as the rows, filters and messages the log view
// shows. Pure: no DOM, so Node's test runner imports it as it is.

import { isolated, outcomeLabel } from '../format.js';
import { slug } from '../transfer/file-type.js';

/** @typedef {import('../../types/bindings').LogEntry} LogEntry */
/** @typedef {import('../../types/bindings').LogQuery} LogQuery */

/** How many rolls the view shows at first, and how many more each "Show more" adds. */
export const PAGE_SIZE = 200;

/** "system/roll" -> {kind, system} names from the catalog (`{systems: [{id, name, kinds: [{id, name}]}]}`). */
export function kindNames(catalog) {
  const names = new Map();
  for (const system of [...(catalog?.systems ?? []), ...(catalog?.notation ?? []), ...(catalog?.files ?? [])]) {
    for (const kind of system.kinds ?? []) names.set(`${system.id}/${kind.id}`, { kind: kind.name, system: system.name });
  }
  return names;
}

/**
 * Formatters of log times in the user's locale and time zone (both overridable for tests):
 * `day(at)` "Sunday, November 22, 2026" heads each day's rolls, `time(at)` "6:52:13 AM" is
 * the row's own.
 */
export function timeFormatter(locale = undefined, timeZone = undefined) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone });
  const format = (formatter) => (at) => {
    const date = new Date(at);
    return Number.isNaN(date.getTime()) ? String(at) : formatter.format(date);
  };
  // Every instant of a UTC quarter hour falls on the same day in any time zone (every offset is
  // a whole number of quarter hours), so the day is formatted once per quarter hour: a log of
  // 10,000 rolls formats a few headings instead of 10,000.
  const days = new Map();
  const formatDay = format(day);
  const dayOf = (at) => {
    const quarter = QUARTER_HOUR.exec(String(at));
    if (!quarter) return formatDay(at);
    const key = `${quarter[1]}${Math.floor(Number(quarter[2]) / 15)}`;
    if (!days.has(key)) days.set(key, formatDay(at));
    return days.get(key);
  };
  return { day: dayOf, time: format(time) };
}

/** An instant in UTC as the store writes it: "2026-11-22T06:10:15.546Z" → date and hour, minutes. */
const QUARTER_HOUR = /^(\d{4}-\d\d-\d\dT\d\d):(\d\d)(?::\d\d(?:\.\d+)?)?Z$/;

/** The outcome as the window reads it elsewhere: numbers with a real minus, names as words. */
export function outcomeText(outcome) {
  return outcomeLabel(outcome);
}

/** Every face, in the order rolled: "2 2 3". */
export function diceText(dice) {
  return (dice ?? []).join(' ');
}

/** The notation of a typed roll (the `dice` system's `expr`), or null for any other roll. */
export function notationOf(entry) {
  const request = /** @type {{expr?: unknown} | null} */ (entry.request);
  return entry.system === 'dice' && typeof request?.expr === 'string' ? request.expr.trim() : null;
}

/**
 * One table row of an entry. `names` from kindNames (a kind the catalog does not know reads as
 * its key in words); `formatTime` from timeFormatter.
 * @param {LogEntry} entry
 * @param {Map<string, {kind: string, system: string}>} names
 * @param {{day: (at: string) => string, time: (at: string) => string}} formatTime
 * @param {Map<number, string>} [ranks] each roll's percentile as a rank ("72nd") by id, once
 *   the luck is worked out (luck-model.js `rowRanks`)
 */
export function logRow(entry, names, formatTime, ranks = new Map()) {
  const known = names.get(`${entry.system}/${entry.roll}`);
  return {
    id: entry.id,
    day: formatTime.day(entry.at),
    time: formatTime.time(entry.at),
    at: entry.at,
    roster: entry.roster_name ?? '',
    character: entry.character_name ?? '',
    // A roll typed in dice notation reads as the GM typed it ("8d6"), whatever its roster.
    roll: notationOf(entry) ?? known?.kind ?? outcomeLabel(entry.roll),
    system: known?.system ?? entry.system,
    outcome: outcomeText(entry.outcome),
    success: entry.success ? 'Success' : 'Failure',
    succeeded: Boolean(entry.success),
    /** Its percentile in its exact odds ("72nd"); '' until the luck is in, or when not judged. */
    luck: ranks.get(entry.id) ?? '',
    dice: diceText(entry.dice),
    detail: entry.detail ?? '',
    /** "by hand" for dice rolled at the table and typed in: no seed replays them. */
    seed: entry.by_hand ? 'by hand' : String(entry.seed),
    byHand: Boolean(entry.by_hand),
    /** Rolled in secret: GM only, never in the players' view. */
    secret: Boolean(entry.secret),
  };
}


/**
 * The rows with a heading before each day's first roll: `[{day}, row, row, {day}, row…]`
 * (rows are newest first, so days come newest first too).
 */
export function withDays(rows) {
  const out = [];
  let last = null;
  for (const row of rows) {
    if (row.day !== last) out.push({ day: row.day });
    last = row.day;
    out.push(row);
  }
  return out;
}

/** The `LogQuery` of a filter: only the fields that narrow it. @returns {LogQuery} */
export function logQuery({ rosterId = null, characterId = null } = {}, limit = null) {
  const query = {};
  if (rosterId) query.roster_id = rosterId;
  if (characterId) query.character_id = characterId;
  if (limit) query.limit = limit;
  return query;
}

/** Whose rolls a filter shows, for headings and messages: "every roll", "Friday Night Heroes", "Vex (Friday Night Heroes)". */
export function filterText({ rosterName = null, characterName = null } = {}) {
  if (characterName && rosterName) return `${isolated(characterName)} (${isolated(rosterName)})`;
  const one = characterName ?? rosterName ?? null;
  return one === null ? null : isolated(one);
}

/** The words shown when the filter finds no roll. */
export function emptyText(filter) {
  const whose = filterText(filter);
  if (whose) return `No rolls for ${whose} yet. Roll from a sheet and the roll appears here.`;
  return 'No rolls yet. Every roll you make, from a sheet or Quick roll, appears here, newest first.';
}

/** "1 roll" / "1,200 rolls". */
export function rollsText(n) {
  return `${n.toLocaleString('en')} roll${n === 1 ? '' : 's'}`;
}

/** The confirmation of Clear: how many rolls go and whose. */
export function clearQuestion(count, filter) {
  const whose = filterText(filter);
  const what = whose ? `${rollsText(count)} of ${whose}` : `all ${rollsText(count)} in the log`;
  return {
    title: 'Clear the roll log?',
    message: `This removes ${what}. They cannot be brought back; export them first if you want to keep them.`,
    confirm: `Clear ${rollsText(count)}`,
  };
}

/** The line under the table: how many are shown, and whether there are more. */
export function shownText(shown, more) {
  if (shown === 0) return '';
  return more ? `Showing the latest ${rollsText(shown)}.` : `${rollsText(shown)}.`.replace(/^./, (c) => c.toUpperCase());
}

/** The name the save dialog proposes: "roll-log-vex.csv". */
export function exportName(filter, format) {
  const whose = filter.characterName ?? filter.rosterName;
  return `roll-log${whose ? `-${slug(whose)}` : ''}.${format}`;
}
