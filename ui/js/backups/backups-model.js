// The words of the Backups dialog: why a snapshot was taken, what it holds, how it differs from
// the database now, and how long ago the last one was. Pure: no DOM (Node's test runner imports it).

/** @typedef {import('../../types/bindings').Holdings} Holdings */
/** @typedef {import('../../types/bindings').Reason} Reason */

const REASONS = {
  manual: 'Taken on demand',
  daily: 'Daily',
  trash: 'Before emptying the trash',
  import: 'Before a replace import',
  restore: 'Before a restore',
  upgrade: 'Before an upgrade',
  damaged: 'The damaged database, set aside',
  system: 'Before a system was removed',
};

/** A week: past this without a snapshot, the dialog says so. */
export const QUIET_WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const KINDS = /** @type {const} */ ([
  ['rosters', 'roster'],
  ['characters', 'character'],
  ['rolls', 'roll'],
  ['encounters', 'encounter'],
]);

/** @param {Reason | string} reason */
export function reasonText(reason) {
  return REASONS[/** @type {keyof typeof REASONS} */ (reason)] ?? String(reason);
}

/** `1 roster`, `2 rosters`, `1,204 rolls`. */
export function count(n, word) {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** "3 rosters · 12 characters · 40 rolls · 1 encounter", and "· 5 in the trash" when any. @param {Holdings} holds */
export function holdsText(holds) {
  const parts = KINDS.map(([key, word]) => count(holds[key], word));
  if (holds.in_trash > 0) parts.push(`${holds.in_trash.toLocaleString('en-US')} in the trash`);
  return parts.join(' · ');
}

/**
 * What restoring the snapshot would change, against the database now: "same as now", or
 * "2 characters fewer, 14 rolls more than now". @param {Holdings} holds @param {Holdings} now
 */
export function differenceText(holds, now) {
  const parts = [];
  for (const [key, word] of KINDS) {
    const diff = holds[key] - now[key];
    if (diff !== 0) parts.push(`${count(Math.abs(diff), word)} ${diff > 0 ? 'more' : 'fewer'}`);
  }
  return parts.length ? `${parts.join(', ')} than now` : 'Same counts as now';
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function ago(at, now) {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${count(minutes, 'minute')} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${count(hours, 'hour')} ago`;
  return `${count(Math.round(hours / 24), 'day')} ago`;
}

/**
 * The dialog's status line: when the last snapshot was taken, gently noting a week without one.
 * @param {{at: string}[]} snapshots newest first
 * @param {number} now milliseconds
 * @returns {{text: string, stale: boolean}}
 */
export function lastSnapshotText(snapshots, now) {
  if (!snapshots.length) return { text: 'No snapshot has been taken yet. "Back up now" takes one.', stale: true };
  const at = Date.parse(snapshots[0].at);
  if (now - at > QUIET_WEEK_MS) {
    return { text: `No snapshot in over a week: the last was taken ${ago(at, now)}. "Back up now" takes one.`, stale: true };
  }
  return { text: `Last snapshot taken ${ago(at, now)}.`, stale: false };
}

/** "48.0 KB", "9.7 MB", as the command line says sizes. */
export function sizeText(bytes) {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 1_000_000) return `${(bytes / 1e3).toFixed(1)} KB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * What rotation keeps, in words. @param {{keep_last: number, days: number, months: number}} policy
 */
export function policyText(policy) {
  return `Kept: the newest ${policy.keep_last}, one a day for ${count(policy.days, 'day')} and one a month for ${count(policy.months, 'month')} (change it under What is kept…, or with rollbook backup policy).`;
}
