// Geometry of the distribution chart. Pure, so it is unit-tested; chart.js draws it.

export const PAD_TOP = 18;
export const PAD_BOTTOM = 20;
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
function tickIndexes(entries, slot) {
  const every = Math.max(1, Math.ceil(MIN_TICK_SPACING / slot));
  const numeric = entries.every((e) => /^-?\d+$/.test(e.key));
  if (!numeric || every === 1) return entries.map((_, index) => index).filter((index) => index % every === 0);
  const step = niceStep(every);
  return entries.map((e, index) => (Number(e.key) % step === 0 ? index : -1)).filter((index) => index >= 0);
}

/**
 * Bars for `entries` ([{key, p}]) in a width x height box. Bar heights are proportional to p,
 * the tallest reaching the top padding; a possible outcome is never drawn lower than 1px.
 */
export function layoutBars(entries, width, height) {
  const count = entries.length;
  const baseline = height - PAD_BOTTOM;
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
  const ticks = tickIndexes(entries, slot).map((index) => ({ key: bars[index].key, x: bars[index].x + bars[index].w / 2 }));
  const peak = bars.reduce((best, bar) => (bar.p > best.p ? bar : best), bars[0]);
  return { bars, ticks, baseline, peak };
}
