import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AXIS_TITLE, barRadius, barRuns, barsPath, layoutBars, niceStep, PAD_BOTTOM, PAD_TOP, succeeds, targetLine } from '../../ui/js/chart-layout.js';

const entries = (ps, first = 0) => ps.map((p, i) => ({ key: String(first + i), p }));

test('bars fill the width in order; the likeliest reaches the top padding', () => {
  const { bars, baseline, peak } = layoutBars(entries([0.25, 0.5, 0.25]), 300, 170);
  assert.equal(baseline, 170 - PAD_BOTTOM);
  assert.deepEqual(bars.map((b) => b.key), ['0', '1', '2']);
  assert.ok(bars.every((b, i) => i === 0 || b.x > bars[i - 1].x + bars[i - 1].w - 1e-9), 'bars do not overlap');
  assert.ok(bars.at(-1).x + bars.at(-1).w <= 300 + 1e-9);
  assert.equal(bars[1].y, PAD_TOP);
  assert.equal(bars[0].h, bars[1].h / 2);
  assert.equal(peak.key, '1');
});

test('a possible outcome is at least 1px tall; an impossible one is flat', () => {
  const { bars } = layoutBars(entries([1e-12, 0.999, 0]), 300, 170);
  assert.equal(bars[0].h, 1);
  assert.equal(bars[2].h, 0);
  assert.equal(bars[0].y + bars[0].h, bars[1].y + bars[1].h, 'all bars stand on the baseline');
});

test('many outcomes (d12 straight, ~110 totals) still fit, with round, well-spaced labels', () => {
  const ps = Array.from({ length: 111 }, (_, i) => Math.exp(-(((i - 25) / 9) ** 2)));
  const { bars, ticks } = layoutBars(entries(ps, 7), 410, 170);
  assert.equal(bars.length, 111);
  assert.ok(bars.every((b) => b.w > 0));
  assert.ok(bars.at(-1).x + bars.at(-1).w <= 410 + 1e-9);
  assert.ok(ticks.length >= 4 && ticks.length <= 14, `${ticks.length} labels`);
  for (const tick of ticks) assert.equal(Number(tick.key) % 10, 0, `label ${tick.key} is round`);
  for (let i = 1; i < ticks.length; i += 1) assert.ok(ticks[i].x - ticks[i - 1].x >= 30 - 1e-9);
});

test('negative numeric outcomes get round labels too', () => {
  const { ticks } = layoutBars(entries(new Array(40).fill(0.025), -20), 300, 170);
  assert.ok(ticks.some((t) => t.key === '-20') && ticks.some((t) => t.key === '0'));
  for (const tick of ticks) assert.equal(Math.abs(Number(tick.key)) % 5, 0);
});

test('few outcomes are all labelled', () => {
  const named = [{ key: 'fumble', p: 0.03 }, { key: 'failure', p: 0.22 }, { key: 'success', p: 0.72 }, { key: 'critical', p: 0.03 }];
  assert.deepEqual(layoutBars(named, 400, 170).ticks.map((t) => t.key), ['fumble', 'failure', 'success', 'critical']);
  assert.deepEqual(layoutBars(entries([0.2, 0.3, 0.5]), 400, 170).ticks.map((t) => t.key), ['0', '1', '2']);
});

test('nothing to draw gives no bars', () => {
  assert.deepEqual(layoutBars([], 300, 170).bars, []);
  assert.equal(layoutBars([], 300, 170).peak, null);
  assert.deepEqual(layoutBars(entries([0.5]), 0, 170).bars, []);
});

test('niceStep picks 1, 2, 5, 10, 20, 50, …', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 11, 21, 51, 101].map(niceStep), [1, 2, 5, 5, 5, 10, 20, 50, 100, 200]);
});

test('the axis title takes room under the tick labels', () => {
  const plain = layoutBars(entries([0.5, 0.5]), 300, 170);
  const titled = layoutBars(entries([0.5, 0.5]), 300, 170, { axisTitle: true });
  assert.equal(titled.baseline, plain.baseline - AXIS_TITLE);
  assert.equal(titled.bars[0].y, PAD_TOP, 'the tallest bar still reaches the top padding');
});

test('an outcome succeeds by the target for a number, by the listed keys for a name', () => {
  assert.equal(succeeds('30', { target: 30 }), true);
  assert.equal(succeeds('29', { target: 30 }), false);
  assert.equal(succeeds('-2', { target: 1 }), false);
  assert.equal(succeeds('failure', { target: 1 }), false, 'a named key next to numbers (marks extended) is no number');
  assert.equal(succeeds('hit', { succeeding: ['hit', 'critical'] }), true);
  assert.equal(succeeds('miss', { succeeding: ['hit', 'critical'] }), false);
  assert.equal(succeeds('7', {}), null, 'nothing marked: neither');
});

test('the target line sits between the last failing bar and the first succeeding one', () => {
  const { bars } = layoutBars(entries([0.1, 0.2, 0.4, 0.2, 0.1], 4), 500, 170);
  const line = targetLine(bars, 6, 500);
  assert.equal(line.side, 'between');
  assert.ok(line.x > bars[1].x + bars[1].w - 1e-9 && line.x < bars[2].x + 1e-9, `x ${line.x}`);
  // A d12 straight roll at 30 whose totals stop at 25: the line at the right edge, out of reach.
  assert.deepEqual(targetLine(bars, 30, 500), { x: 500, side: 'beyond' });
  assert.deepEqual(targetLine(bars, 4, 500), { x: 0, side: 'below' });
  assert.equal(targetLine(bars, null, 500), null);
  assert.equal(targetLine([{ key: 'hit', x: 0, w: 10 }], 1, 500), null, 'named outcomes have no line');
});

test('a target among the outcomes not drawn puts the line at that edge and says so', () => {
  const { bars } = layoutBars(entries([0.1, 0.2, 0.4, 0.2, 0.1], 10), 500, 170);
  const tails = { below: { from: '3', to: '9', count: 7, p: 1e-6 }, above: { from: '15', to: '900', count: 886, p: 1e-5 } };
  assert.deepEqual(targetLine(bars, 20, 500, tails), { x: 500, side: 'past-drawn' });
  assert.deepEqual(targetLine(bars, 901, 500, tails), { x: 500, side: 'beyond' }, 'past every outcome: out of reach');
  assert.deepEqual(targetLine(bars, 5, 500, tails), { x: 0, side: 'before-drawn' });
  assert.deepEqual(targetLine(bars, 3, 500, tails), { x: 0, side: 'below' }, 'every outcome reaches it');
  assert.equal(targetLine(bars, 12, 500, tails).side, 'between');
});

test('bars of grouped outcomes are labelled at round values far enough apart', () => {
  // d1000 grouped 20 outcomes a bar (odds.js shownOutcomes): bars start at 1, 20, 40, … 1000.
  const groups = [{ key: '1', p: 0.019 }, ...Array.from({ length: 49 }, (_, i) => ({ key: String(20 * (i + 1)), p: 0.02 })), { key: '1000', p: 0.001 }];
  const { ticks } = layoutBars(groups, 400, 170, { grouped: 20 });
  assert.ok(ticks.length >= 2, `${ticks.length} ticks`);
  assert.ok(ticks.every((t, i) => i === 0 || t.x - ticks[i - 1].x >= 30 - 1e-9), `ticks apart: ${ticks.map((t) => t.key)}`);
  assert.ok(ticks.every((t) => Number(t.key) % 100 === 0), `round values: ${ticks.map((t) => t.key)}`);
});

test('runs of alike bars cover every bar once, in order, and change look at each boundary', () => {
  const { bars } = layoutBars(entries(Array.from({ length: 30 }, (_, i) => 1 + (i % 7))), 400, 170);
  const look = (bar) => (Number(bar.key) === 12 ? 'bar hot' : Number(bar.key) >= 15 ? 'bar succeeds' : 'bar fails');
  const runs = barRuns(bars, look);
  assert.deepEqual(runs.map((r) => [r.look, r.first, r.bars.length]), [['bar fails', 0, 12], ['bar hot', 12, 1], ['bar fails', 13, 2], ['bar succeeds', 15, 15]]);
  assert.deepEqual(runs.flatMap((r) => r.bars), bars);
  for (const run of runs) run.bars.forEach((bar, i) => assert.equal(bar, bars[run.first + i]));
});

/** Each closed subpath of `d` (relative h, v, a after an absolute M): where it goes, as a box. */
function subpathBoxes(d) {
  return d.split('M').filter(Boolean).map((sub) => {
    const [x0, y0] = sub.match(/^[-\d.]+ [-\d.]+/)[0].split(' ').map(Number);
    let [x, y] = [x0, y0];
    const xs = [x];
    const ys = [y];
    for (const [, cmd, args] of sub.matchAll(/([hva])([^hvaz]+)/g)) {
      const n = args.trim().split(/\s+/).map(Number);
      if (cmd === 'h') x += n[0];
      else if (cmd === 'v') y += n[0];
      else [x, y] = [x + n[5], y + n[6]];
      xs.push(x);
      ys.push(y);
    }
    assert.ok(sub.endsWith('z') && Math.abs(x - x0) < 0.02 && Math.abs(y - y0) < 0.02, `closed: ${sub}`);
    return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  });
}

test('a run of bars is one path of their rounded rectangles, where their rects would be', () => {
  const { bars } = layoutBars(entries([0.2, 0.001, 0, 0.5, 0.3, 1e-9]), 120, 170);
  const boxes = subpathBoxes(barsPath(bars));
  const drawn = bars.filter((b) => b.h > 0);
  assert.equal(boxes.length, drawn.length, 'a bar of no height draws nothing, as its rect would');
  boxes.forEach((box, i) => {
    for (const side of ['x', 'y', 'w', 'h']) assert.ok(Math.abs(box[side] - drawn[i][side]) < 0.03, `${side} of bar ${drawn[i].key}: ${box[side]} vs ${drawn[i][side]}`);
  });
  // A 1 px bar rounds by half its height at most, as a rect's ry would.
  const flat = barsPath([{ key: '0', p: 0, x: 0, y: 10, w: 12, h: 1 }]);
  assert.match(flat, new RegExp(`^M${barRadius(12).toFixed(2)} 10.00h6.00a3.00 0.50 0 0 1 3.00 0.50v0.00`));
});
