// Turning engine numbers and keys into the words and percentages the window shows.
// Pure: no DOM, so Node's test runner and the end-to-end test import it as it is.

/**
 * A probability (0..1) as a percentage with two decimals: 0.6875 -> "68.75%".
 * A chance that is possible but rounds to 0 (or certain-but-not-quite) never reads as
 * 0% / 100%: a GM must not be told an event cannot happen when it can.
 */
export function formatPercent(p) {
  if (typeof p !== 'number' || Number.isNaN(p)) return '—';
  if (p <= 0) return '0%';
  if (p >= 1) return '100%';
  const text = (p * 100).toFixed(2);
  if (text === '0.00') return '<0.01%';
  if (text === '100.00') return '>99.99%';
  return `${text}%`;
}

/** An outcome key as a label: "critical" -> "Critical", "double_six" -> "Double six", "-2" -> "−2". */
export function outcomeLabel(key) {
  const text = String(key);
  if (/^-?\d+$/.test(text)) return text.replace('-', '\u2212');
  const words = text.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A number with at most two decimals and no trailing zeros (means, averages). */
export function formatNumber(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  return String(Math.round(x * 100) / 100);
}

const STATE_WORDS = {
  kept: 'kept',
  dropped: 'dropped',
  exploded: 'kept, rolled again',
  bonus: 'bonus re-roll',
  cancelled: 'Mark cancelled by a 1',
  cancels: 'a 1 that cancels a Mark',
};

/** What a die shows and what happened to it, for screen readers and tooltips. */
export function describeDie(die) {
  const state = STATE_WORDS[die.state] ?? die.state;
  return `${die.face} on a d${die.sides}, ${state}`;
}

/** The short legend word of a die state. */
export function stateLabel(state) {
  return {
    kept: 'Kept',
    dropped: 'Dropped',
    exploded: 'Rolled again',
    bonus: 'Re-roll',
    cancelled: 'Cancelled',
    cancels: 'Cancels',
  }[state] ?? state;
}
