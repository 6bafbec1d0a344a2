// Turning engine numbers and keys into the words and percentages the window shows.
// Pure: no DOM, so Node's test runner and the end-to-end test import it as it is.

/**
 * Float dust: the engine's odds are exact up to its 1e-12 cut-off for endless re-roll chains,
 * and a sum of exact terms can still land a hair under 1 (0.9999999999999998). Closer to
 * certain than this is certain.
 */
export const CERTAIN_WITHIN = 1e-12;

/**
 * A probability (0..1) as a percentage with two decimals: 0.6875 -> "68.75%".
 * A chance that is possible but rounds to 0 (or certain-but-not-quite) never reads as
 * 0% / 100%: a GM must not be told an event cannot happen when it can.
 */
export function formatPercent(p) {
  if (typeof p !== 'number' || Number.isNaN(p)) return '—';
  if (p <= 0) return '0%';
  if (p >= 1 - CERTAIN_WITHIN) return '100%';
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

/** A number with at most two decimals and no trailing zeros (means, averages); minus as "−". */
export function formatNumber(x) {
  if (typeof x !== 'number' || !Number.isFinite(x)) return '—';
  const rounded = Math.round(x * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded).replace('-', '\u2212');
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
  const sides = die.sides > 0 ? ` on a d${die.sides}` : '';
  return `${die.face}${sides}, ${state}`;
}

const STATE_LABELS = {
  kept: 'Kept',
  dropped: 'Dropped',
  exploded: 'Rolled again',
  bonus: 'Re-roll',
  cancelled: 'Cancelled',
  cancels: 'Cancels',
};

/** The order the dice legend lists states in. */
export const DIE_STATES = Object.keys(STATE_LABELS);

/** The short legend word of a die state. */
export function stateLabel(state) {
  return STATE_LABELS[state] ?? state;
}

// The controls of bidirectional text: the direction marks, embeddings and overrides, isolates.
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A name as text put beside other text where CSS cannot isolate it (an `<option>`'s label is
 * plain text): when it holds bidi controls it is wrapped in FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE, as `<bdi>` would, a stray isolate end that would close the wrapper early
 * is dropped and the isolates it leaves open are closed, so a right-to-left override in the name
 * reorders nothing around it. Anything else comes back as it is. The same as Rust's
 * `rollbook_rules::text::isolated`.
 * @param {string} text
 * @returns {string}
 */
export function isolated(text) {
  const value = String(text ?? '');
  if (!BIDI_CONTROL.test(value)) return value;
  let open = 0;
  let out = '\u2068';
  for (const c of value) {
    if (c >= '\u2066' && c <= '\u2068') open += 1;
    else if (c === '\u2069') {
      if (open === 0) continue;
      open -= 1;
    }
    out += c;
  }
  return out + '\u2069'.repeat(open + 1);
}
