// Choices side by side: which choices a kind offers to compare (the catalog's `compare`, declared
// in Rust next to each kind), the values each alternative sets, and which one is best. Pure: no
// DOM, so Node's test runner imports it as it is; compare-view.js draws it.

import { formatNumber, formatPercent } from './format.js';

/** @typedef {import('../types/bindings').CompareSpec} CompareSpec */
/** @typedef {import('../types/bindings').FieldSpec} FieldSpec */
/** @typedef {import('../types/bindings').KindSpec} KindSpec */
/** @typedef {import('../types/bindings').Odds} Odds */
/** @typedef {{label: string, value: number | boolean | string, current: boolean}} Resolved */

/** Two chances or means closer than this are the same (the engine is exact to 1e-12). */
export const SAME_WITHIN = 1e-9;

/**
 * The comparisons a catalog kind offers (`[]` when it offers none).
 * @param {KindSpec | null | undefined} kind
 * @returns {CompareSpec[]}
 */
export function compareChoices(kind) {
  return kind?.compare ?? [];
}

/**
 * The alternatives of `choice` for `request` as `[{label, value, current}]`: a `set` one its
 * value, an `add` one the request's own value of the field plus `by` (left out when outside the
 * field's range, read from the catalog `field`); `current` marks the one the roll is set to now.
 * Two alternatives that come to the same value keep the first.
 * @param {CompareSpec} choice
 * @param {Record<string, unknown> | null} request
 * @param {FieldSpec | undefined} field
 * @returns {Resolved[]}
 */
export function resolveAlternatives(choice, request, field) {
  const own = /** @type {number | boolean | string | undefined} */ (fieldValue(request, choice.field) ?? defaultOf(field));
  const seen = new Set();
  const resolved = [];
  for (const alternative of choice.alternatives) {
    /** @type {number | boolean | string} */
    let value;
    if (alternative.how === 'add') {
      if (typeof own !== 'number') continue;
      value = own + alternative.by;
      if (field?.type === 'int' && (value < field.min || value > field.max)) continue;
    } else {
      value = alternative.value;
    }
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    resolved.push({ label: alternative.label, value, current: sameValue(value, own) });
  }
  return resolved;
}

/**
 * The request's value at `path`: a field (`target`), or a path into it (`values.bonus`, a
 * typed expression's value, as the engine's compare sets it).
 * @param {Record<string, unknown> | null} request
 * @param {string} path
 */
export function fieldValue(request, path) {
  if (Object.hasOwn(request ?? {}, path)) return request[path];
  return path.split('.').reduce((at, key) => (at && typeof at === 'object' ? at[key] : undefined), /** @type {any} */ (request));
}

/** @param {FieldSpec | undefined} field */
function defaultOf(field) {
  return field && 'default' in field ? field.default : undefined;
}

/** Stunt levels match ignoring case and spaces, as the engine reads them. */
function sameValue(a, b) {
  if (typeof a === 'string' && typeof b === 'string') return a.trim().toLowerCase() === b.trim().toLowerCase();
  return a === b;
}

/**
 * What "best" is measured by for `answers` (one odds answer per alternative): the chance of
 * success, or the mean when the chance cannot tell them apart (every chance the same, as for a
 * damage roll with no HTK to beat) and every answer has a mean.
 */
export function compareMetric(answers) {
  if (!answers.length) return 'success';
  const first = answers[0].success;
  const sameSuccess = answers.every((a) => Math.abs(a.success - first) <= SAME_WITHIN);
  const means = answers.every((a) => typeof a.mean === 'number');
  return sameSuccess && means ? 'mean' : 'success';
}

/**
 * The columns of the comparison: `alternatives` (resolved) beside their `answers`, each
 * `{label, value, current, success, mean, measure, share, best, text}`: `measure` is what best
 * is judged by, `share` (0..1) the column's height against the tallest, `best` true for the
 * highest measure (every tied one; none when all are the same), `text` the figure shown above it.
 * Answers `{metric, columns, best: index[]}`.
 */
export function compareColumns(alternatives, answers) {
  const metric = compareMetric(answers);
  const measures = answers.map((a) => (metric === 'mean' ? a.mean : a.success));
  const top = Math.max(...measures);
  const low = Math.min(0, ...measures);
  const span = top - low;
  const tied = measures.map((m) => top - m <= SAME_WITHIN);
  const allSame = tied.every(Boolean);
  const columns = alternatives.map((alternative, i) => {
    const answer = answers[i];
    const measure = measures[i];
    return {
      label: alternative.label,
      value: alternative.value,
      current: Boolean(alternative.current),
      success: answer.success,
      mean: typeof answer.mean === 'number' ? answer.mean : null,
      measure,
      share: span > 0 ? (measure - low) / span : 1,
      best: tied[i] && !allSame,
      text: metric === 'mean' ? `avg ${formatNumber(answer.mean)}` : formatPercent(answer.success),
    };
  });
  return { metric, columns, best: allSame ? [] : tied.flatMap((t, i) => (t ? [i] : [])) };
}

/** One column in words, for a screen reader: "Grunt +2: 57.87% chance of success, best". */
export function columnWords(column, metric) {
  const parts = [`${column.label}: ${formatPercent(column.success)} chance of success`];
  if (column.mean !== null) parts.push(`average ${formatNumber(column.mean)}`);
  if (column.current) parts.push('as the roll is set now');
  if (column.best) parts.push(metric === 'mean' ? 'best average' : 'best');
  return parts.join(', ');
}

/** The line under the chart: which choice is best, or that they all come out the same. */
export function compareVerdict({ metric, columns, best }) {
  if (!columns.length) return '';
  if (!best.length) {
    const what = metric === 'mean' ? `average ${formatNumber(columns[0].mean)}` : `${formatPercent(columns[0].success)} chance of success`;
    return `Every choice comes out the same: ${what}.`;
  }
  const names = best.map((i) => columns[i].label);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const figure = metric === 'mean' ? `average ${formatNumber(columns[best[0]].mean)}` : `${formatPercent(columns[best[0]].success)} chance of success`;
  const tie = names.length > 1 ? ' (tied)' : '';
  return `Best: ${list}${tie}, ${figure}${metric === 'mean' ? ' (every chance of success is the same)' : ''}.`;
}

/** The chart's label: what is compared and every column in words. */
export function compareChartLabel(choice, result) {
  return `${choice.label} compared, ${result.columns.length} choices: ${result.columns.map((c) => columnWords(c, result.metric)).join('; ')}.`;
}

/** @typedef {import('../types/bindings').PlanSpec} PlanSpec */
/** @typedef {import('../types/bindings').PlanAnswer} PlanAnswer */

/** A plan's entry in the Vary list is told from a field's by this prefix on its id. */
export const PLAN_PREFIX = 'plan:';

/**
 * Everything the Vary list offers for `kind`: its field comparisons, then its plans (the
 * catalog's `plans`, choices that are not one field) that can be asked here: a plan that needs
 * the later roll or the card in hand only where the caller can supply them (`canSupply`).
 * Each `{id, label, help, choice, plan}`: one of `choice` (a CompareSpec) and `plan` (a PlanSpec).
 * @param {KindSpec | null | undefined} kind
 * @param {boolean} canSupply
 */
export function compareEntries(kind, canSupply = false) {
  const fields = compareChoices(kind).map((choice) => ({ id: choice.id, label: choice.label, help: choice.help, choice, plan: null }));
  const plans = (kind?.plans ?? [])
    .filter((plan) => canSupply || plan.needs.length === 0)
    .map((plan) => ({ id: `${PLAN_PREFIX}${plan.id}`, label: plan.label, help: plan.help, choice: null, plan }));
  return [...fields, ...plans];
}

/**
 * The columns of a plan's answer, as compareColumns makes them for a field: one per
 * alternative, its bar the chance its roll in hand succeeds, with the later roll's chance and
 * the points it spends on average when it has them. `best` is the rules' (the plan's measure).
 * @param {PlanAnswer} answer
 */
export function planColumns(answer) {
  const best = new Set(answer.best);
  const chances = answer.alternatives.map((a) => a.rolls[0].odds.success);
  const top = Math.max(0, ...chances);
  const columns = answer.alternatives.map((alternative, i) => ({
    label: alternative.label,
    help: alternative.help,
    value: i,
    current: false,
    success: chances[i],
    later: alternative.rolls[1]?.odds.success ?? null,
    requests: alternative.rolls.map((r) => r.request),
    cost: typeof alternative.cost === 'number' ? alternative.cost : null,
    mean: null,
    measure: alternative.score,
    share: top > 0 ? chances[i] / top : 1,
    best: best.has(i),
    // A pair's bar is the roll in hand: its figure names the later roll's chance too, so the
    // chart alone does not make a trade look one-sided.
    text: alternative.rolls[1] ? `${formatPercent(chances[i])} · theirs ${formatPercent(alternative.rolls[1].odds.success)}` : formatPercent(chances[i]),
  }));
  const rolls = answer.alternatives[0]?.rolls.map((r) => r.label) ?? [];
  return { metric: answer.measure, columns, best: answer.best, rolls };
}

/** A plan's column in words: "5H kept for AC: This attack 45.00%, Their attack … 30.00%, best". */
export function planColumnWords(column, rolls) {
  const parts = [`${column.label}: ${rolls[0] ?? 'this roll'} ${formatPercent(column.success)}`];
  if (column.later !== null) parts.push(`${rolls[1] ?? 'the later roll'} ${formatPercent(column.later)}`);
  if (column.cost !== null) parts.push(`${formatNumber(column.cost)} points spent on average`);
  if (column.best) parts.push('best');
  return parts.join(', ');
}

/** The line under a plan's chart: the best choice and why, or that they come out the same. */
export function planVerdict({ metric, columns, best, rolls }) {
  if (!columns.length) return '';
  if (!best.length) {
    return metric === 'net'
      ? 'Both come out the same: the card changes one hit by the same chance either way.'
      : 'Every choice comes out the same.';
  }
  const names = best.map((i) => columns[i].label);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const first = columns[best[0]];
  if (metric === 'net') {
    return `Best: ${list}: ${rolls[0]} ${formatPercent(first.success)}, ${rolls[1]} ${formatPercent(first.later)}.`;
  }
  const cost = first.cost === null ? '' : ` for ${formatNumber(first.cost)} points on average`;
  return `Best: ${list}, ${formatPercent(first.success)} chance of success${cost}.`;
}

/** A plan chart's label: what is compared and every column in words. */
export function planChartLabel(label, result) {
  return `${label} compared, ${result.columns.length} choices: ${result.columns.map((c) => planColumnWords(c, result.rolls)).join('; ')}.`;
}
