// How lucky the dice were (docs/ipc.md `roll_log_luck`, a `LuckReport`) as the Luck panel and
// the log's rows show it. Pure: no DOM, so Node's test runner imports it as it is. The numbers
// and the words are Rust's (rollbook_rules::standing); this only lays them out.

/** @typedef {import('../../types/bindings').LuckReport} LuckReport */
/** @typedef {import('../../types/bindings').Luck} Luck */

/** A percentile (0–1) as a rank: 0.724 → "72nd" (1st to 99th), as `rollbook log --luck` prints it. */
export function ordinal(percentile) {
  if (typeof percentile !== 'number' || Number.isNaN(percentile)) return '';
  const n = Math.min(99, Math.max(1, Math.round(percentile * 100)));
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' })[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** Each judged roll's rank by its log id: Map id → "72nd". @param {LuckReport | null} report */
export function rowRanks(report) {
  return new Map((report?.rolls ?? []).map((roll) => [roll.id, ordinal(roll.percentile)]));
}

const VERDICTS = { hot: 'Hot', cold: 'Cold', fair: 'Fair', too_few: 'Too few rolls to judge' };

/** One line of a table: whose (or which evening's) rolls, how many, their mean rank, the verdict. */
function line(label, /** @type {Luck} */ luck) {
  return {
    label,
    rolls: luck.rolls,
    mean: luck.mean === null ? '' : ordinal(luck.mean),
    verdict: VERDICTS[luck.verdict] ?? luck.verdict,
    hot: luck.verdict === 'hot',
    cold: luck.verdict === 'cold',
    words: luck.words,
  };
}

/** "Sunday, November 22" for an evening's date "2026-11-22" (the date itself, in any time zone). */
export function eveningText(date, locale = undefined) {
  const [y, m, d] = String(date).split('-').map(Number);
  if (!y || !m || !d) return String(date);
  return new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * Why rolls could not be judged: each system no longer held (its file removed), then the rest,
 * whose odds can no longer be read as logged (the roster's house rules changed since, or the
 * system's version is no longer held). The command line's words (`rollbook luck`).
 * @param {LuckReport} report
 */
const ODDS_CHANGED = "their odds changed since (house rules, or the system's version)";

function unjudgedWhy(report) {
  const gone = report.systems_gone.map((g) => `${g.rolls.toLocaleString('en')} of ${g.system}, a system no longer held (its file was removed)`);
  const rest = report.unjudged - report.systems_gone.reduce((n, g) => n + g.rolls, 0);
  if (rest > 0) gone.push(gone.length ? `${rest.toLocaleString('en')} because ${ODDS_CHANGED}` : ODDS_CHANGED);
  return gone.join('; ');
}

/**
 * What the Luck panel shows of a report: the verdict in words, a summary line, the bars of the
 * chart (one per tenth, with what fair dice would put there) and the two tables.
 * @param {LuckReport} report
 */
export function luckView(report, locale = undefined) {
  const overall = report.overall;
  const rolls = overall.rolls;
  const summary = rolls === 0
    ? ''
    : `${rolls.toLocaleString('en')} roll${rolls === 1 ? '' : 's'} judged; their mean percentile is the ${ordinal(overall.mean)} (fair dice: the 50th).`;
  const unjudged = report.unjudged
    ? `${report.unjudged.toLocaleString('en')} roll${report.unjudged === 1 ? '' : 's'} could not be judged: ${unjudgedWhy(report)}.`
    : '';
  return {
    verdict: overall.verdict,
    words: rolls === 0 && !report.unjudged ? 'No rolls yet: the dice have nothing to be judged on.' : overall.words,
    summary,
    unjudged,
    bars: overall.tenths.map((count, i) => ({
      label: `${i * 10}–${i * 10 + 10}%`,
      count,
      fair: overall.fair_tenths[i] ?? 0,
    })),
    characters: report.characters.map((c) => line(c.name ?? 'No character', c.luck)),
    evenings: report.evenings.map((e) => line(eveningText(e.evening, locale), e.luck)),
  };
}

/** Below this, fair dice put nothing in a tenth (sums of exact odds are not exactly 0). */
const FAIR_NONE = 1e-9;

/**
 * The chart's geometry in a `width` × `height` box with room for the axes: one bar per tenth
 * scaled to the tallest bar or fair mark, and a fair dice's mark across each tenth fair dice can
 * reach. Marks, not a line: a pass/fail roll's percentiles fall in two tenths only, and a line
 * through the tenths between would zig-zag to zero where no roll can land.
 * @param {{label: string, count: number, fair: number}[]} bars
 */
export function chartGeometry(bars, { width = 480, height = 180, left = 34, bottom = 22, top = 8 } = {}) {
  const plotWidth = width - left;
  const plotHeight = height - bottom - top;
  const most = Math.max(1, ...bars.map((b) => Math.max(b.count, b.fair)));
  const slot = plotWidth / Math.max(1, bars.length);
  const y = (value) => top + plotHeight - (value / most) * plotHeight;
  const rects = bars.map((bar, i) => ({
    x: left + i * slot + slot * 0.12,
    y: y(bar.count),
    width: slot * 0.76,
    height: (bar.count / most) * plotHeight,
    label: bar.label,
    count: bar.count,
    fair: bar.fair,
  }));
  const fairMarks = bars.flatMap((bar, i) => (bar.fair > FAIR_NONE
    ? [{ tenth: i, x1: left + i * slot + slot * 0.06, x2: left + (i + 1) * slot - slot * 0.06, y: y(bar.fair) }]
    : []));
  return { rects, fairMarks, baseline: top + plotHeight, most, top, left, width, height };
}
