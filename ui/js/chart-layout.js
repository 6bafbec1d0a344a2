// Geometry of the distribution chart. Pure, so it is unit-tested; chart.js draws it.

export const PAD_TOP = 18;
export const PAD_BOTTOM = 20;
/** Room under the tick labels for the axis title (what the outcomes are). */
export const AXIS_TITLE = 16;
export const MIN_TICK_SPACING = 30;
const NICE_STEPS = [1, 2, 5];

/** The smallest of 1, 2, 5, 10, 20, 50, … that is at least `minimum`. */
export function niceStep(minimum) {
  for (let scale = 1; ; scale *= 10) {
    for (const step of NICE_STEPS) {
      if (step * scale >= minimum) return step * scale;
    }
  }
}

/**
 * Which bars get an axis label. Numeric outcomes are labelled at round values (every 1, 2, 5,
 * 10, … so labels are at least MIN_TICK_SPACING apart); named ones every `every` bars.
 */
function tickIndexes(entries, slot, grouped) {
  const every = Math.max(1, Math.ceil(MIN_TICK_SPACING / slot));
  const numeric = entries.every((e) => /^-?\d+$/.test(e.key));
  if (!numeric || every === 1) return entries.map((_, index) => index).filter((index) => index % every === 0);
  // A bar of `grouped` outcomes: `every` bars span that many times more values.
  const step = niceStep(every * grouped);
  return entries.map((e, index) => (Number(e.key) % step === 0 ? index : -1)).filter((index) => index >= 0);
}

/**
 * Bars for `entries` ([{key, p}]) in a width x height box. Bar heights are proportional to p,
 * the tallest reaching the top padding; a possible outcome is never drawn lower than 1px.
 * `axisTitle` leaves room under the tick labels for the axis's title; `grouped`: how many
 * outcomes each numeric entry stands for (odds.js `shownOutcomes`), so ticks stay apart.
 */
export function layoutBars(entries, width, height, { axisTitle = false, grouped = 1 } = {}) {
  const count = entries.length;
  const baseline = height - PAD_BOTTOM - (axisTitle ? AXIS_TITLE : 0);
  if (count === 0 || width <= 0) return { bars: [], ticks: [], baseline, peak: null };
  const slot = width / count;
  const gap = Math.min(Math.max(slot * 0.2, count > 60 ? 0 : 1), 10);
  const maxP = Math.max(...entries.map((e) => e.p));
  const usable = baseline - PAD_TOP;
  const bars = entries.map((entry, index) => {
    const scaled = maxP > 0 ? (entry.p / maxP) * usable : 0;
    const h = entry.p > 0 ? Math.max(scaled, 1) : 0;
    return { key: entry.key, p: entry.p, x: index * slot + gap / 2, w: Math.max(slot - gap, 0.5), y: baseline - h, h };
  });
  const ticks = tickIndexes(entries, slot, grouped).map((index) => ({ key: bars[index].key, x: bars[index].x + bars[index].w / 2 }));
  const peak = bars.reduce((best, bar) => (bar.p > best.p ? bar : best), bars[0]);
  return { bars, ticks, baseline, peak };
}

const INTEGER = /^-?\d+$/;

/**
 * Does outcome `key` succeed, by the odds answer's marks (`target`: the smallest number that
 * succeeds; `succeeding`: the named keys that do)? null when the answer marks nothing.
 */
export function succeeds(key, { target = null, succeeding = [] } = {}) {
  if (typeof target === 'number') return INTEGER.test(key) ? Number(key) >= target : false;
  if (succeeding?.length) return succeeding.includes(key);
  return null;
}

/**
 * Where the target line goes among numeric `bars`: `{x, side}`, x between the last bar below
 * `target` and the first at or above it; side 'beyond' when no outcome reaches the target (the
 * line at the right edge), 'below' when every outcome does (at the left edge), else 'between'.
 * `tails` are the outcomes not drawn (odds.js `shownOutcomes`): a target among those past the
 * last bar is 'past-drawn' (right edge), among those before the first bar 'before-drawn' (left
 * edge). null without a target or with named outcomes.
 */
export function targetLine(bars, target, width, { below = null, above = null } = {}) {
  if (typeof target !== 'number' || !bars.length || !bars.every((b) => INTEGER.test(b.key))) return null;
  const first = bars.findIndex((b) => Number(b.key) >= target);
  if (first === -1) return { x: width, side: above && Number(above.to) >= target ? 'past-drawn' : 'beyond' };
  if (first === 0) return { x: 0, side: below && Number(below.from) < target ? 'before-drawn' : 'below' };
  const before = bars[first - 1];
  return { x: (before.x + before.w + bars[first].x) / 2, side: 'between' };
}

/** Past this many bars a chart draws each run of alike bars as one path, not a rect per bar. */
export const MANY_BARS = 20;

/** A bar's corner radius: 3px, less on a narrow bar. */
export function barRadius(width) {
  return Math.min(3, width / 3);
}

/**
 * `bars` cut into runs of consecutive bars that look alike (`lookOf(bar, index)` a string, the
 * bar's classes), in order: `[{look, first, bars}]`, `first` the index of the run's first bar.
 * A chart of many outcomes draws a run as one path: a few nodes to lay out, not one per bar.
 */
export function barRuns(bars, lookOf) {
  const runs = [];
  bars.forEach((bar, index) => {
    const look = lookOf(bar, index);
    const last = runs.at(-1);
    if (last && last.look === look) last.bars.push(bar);
    else runs.push({ look, first: index, bars: [bar] });
  });
  return runs;
}

/**
 * The path data of `bars` drawn as rounded rectangles, each as an SVG rect with rx
 * `barRadius(w)` would be (the corner at most half the bar's width and half its height); a bar
 * of no height draws nothing, as such a rect does.
 */
export function barsPath(bars) {
  const n = (value) => value.toFixed(2);
  let d = '';
  for (const { x, y, w, h } of bars) {
    if (!(w > 0 && h > 0)) continue;
    const rx = Math.min(barRadius(w), w / 2);
    const ry = Math.min(barRadius(w), h / 2);
    const across = w - 2 * rx;
    const down = h - 2 * ry;
    const corner = (dx, dy) => `a${n(rx)} ${n(ry)} 0 0 1 ${n(dx)} ${n(dy)}`;
    d += `M${n(x + rx)} ${n(y)}h${n(across)}${corner(rx, ry)}v${n(down)}${corner(-rx, ry)}h${n(-across)}${corner(-rx, -ry)}v${n(-down)}${corner(rx, -ry)}z`;
  }
  return d;
}
