// Quick roll's Notation field, measured per keystroke (issue 29: "the window's chart redraws
// within one frame (16 ms of work) per keystroke"). Figures printed, not timed tests. Run under
// Xvfb by scripts/measure-notation.sh.
//
// Each of the EXPRESSIONS below is typed into the real field one key at a time (the text grows
// by one character and an input event fires, as a key does). For every keystroke, in the page:
// - key: the input event's own work (the handler runs synchronously: the mirror redrawn, the form
//   read, the odds marked pending), until it returns;
// - draw: the window's work to show the answer for that text once it is in: the field's marks,
//   problems and value fields (notation-field.js `show`) and the odds panel (odds-view.js
//   `renderOdds`: success, chart, outcome table), then a forced layout. Timed on a second,
//   off-screen copy of the field and on the real odds panel with the answer the engine gave;
// - work = key + draw: the window's work per keystroke, against the 16 ms of one frame;
// - answer: from the input event until the field and the chart show that text's answer (the
//   engine's check and odds and the IPC round trips included): what the GM waits for.
// Printed: the median and the slowest of each over all keystrokes, and the slowest expressions.
// Usage: node scripts/measure-notation.mjs   (ROLLBOOK_BIN picks the binary)

import { showView, startApp } from '../tests/e2e/app.mjs';
import { NotationPage } from '../tests/e2e/notation-page.mjs';

/** Every modifier, sums, keep/drop up to 20 dice, explode and count, rerolls, Fate, faces, products, comparisons. */
const EXPRESSIONS = [
  'd6', '2d6', '2d6+3', '3d6', '8d6', '20d6', '10d10', 'd20+5', 'd100', 'd%',
  '4d6kh3', '4d6dl1', '2d20kh1', '2d20kl1', '5d10kh3', '10d6kh5', '20d6kh10', '20d10kl3', '6d6dh2', '12d8dl4',
  '3d6x', '4d6x', '2d10x', 'd6x>=5', '5d10x=10', '3d6xo', '8d10xo>=9', '4d6kh3x', '4d6xkh3', '2d12x',
  '6d10 cs>=8', '8d10x cs>=8', '5d10x=10 cs>=8', '10d6 cs>=5', 'max(0, 6d6 cs>=5 df=1)', '12d10 cs>=7 df=1', '20d6 cs=6', '4dF', '4dF+2', 'd{0,0,0,1,1,2}',
  '3d{-1,0,1}', '2d6r', '4d6r<=2', '2d6rr', '3d8rr<3', 'd6*d6', '2d6*3', '(d6+1)*(d4+1)', 'd20/2', 'abs(d6-d6)',
  'min(d20, d20)', 'max(d20, d20)+3', '2d20kh1+5 >= 15', 'd20+4 >= 12', '3d6 > 10 and d6 = 6', 'not d6 = 1', 'if(d6>3, 2d6, d6)', '(2)d12xo+2', '2d6+d8+d10+d12', '4d6kh3+4d6kh3+4d6kh3',
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;

// In the page: one keystroke. Grows the field's text to `text`, times the input event, waits for
// the answer for that text (field and odds panel), then times the draw of that answer.
async function keystroke(text, done) {
  const input = document.getElementById('quick-roll-notation');
  const field = input.closest('.notation');
  const panel = document.getElementById('odds-panel');
  const base = new URL('js/', document.baseURI);
  const [{ mountNotation }, { renderOdds }, api, { chartMarks, renderChart }, { oddsEntries }] = await Promise.all([
    import(new URL('notation/notation-field.js', base).href),
    import(new URL('odds-view.js', base).href),
    import(new URL('api.js', base).href),
    import(new URL('chart.js', base).href),
    import(new URL('odds.js', base).href),
  ]);
  if (!window.measureCopy) {
    // An off-screen copy of the field to time `show` on, laid out as the real one is.
    const copy = mountNotation(document, { prefix: 'measure', onInput() {} });
    copy.setHidden(false);
    copy.element.style.cssText = 'position:fixed; left:-2000px; top:0; width:420px';
    document.body.append(copy.element);
    window.measureCopy = copy;
  }
  const start = performance.now();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  const key = performance.now() - start;
  const shown = () => field.dataset.checked === 'true' && field.dataset.expr === text
    && panel.getAttribute('aria-busy') === 'false'
    && (panel.classList.contains('blocked') || JSON.parse(panel.dataset.request ?? '{}').expr === text);
  await new Promise((resolve) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const answer = performance.now() - start;
  // The answer again (values as the field sends them), to time its draw alone.
  const values = {};
  const check = await api.diceCheck(text, values);
  const request = panel.dataset.request ? JSON.parse(panel.dataset.request) : null;
  const odds = !check.problems.length && request ? await api.odds(request) : null;
  const view = {
    panel,
    success: document.getElementById('success-pct'),
    meta: document.getElementById('odds-meta'),
    note: document.getElementById('odds-note'),
    chart: document.getElementById('chart'),
    table: document.getElementById('outcomes-body'),
    axis: 'Value',
  };
  // The chart alone first (the one every kind uses), then the whole answer as the window draws it.
  let chart = 0;
  if (odds) {
    const chartStart = performance.now();
    renderChart(view.chart, oddsEntries(odds), null, chartMarks(odds, view.axis));
    document.body.getBoundingClientRect();
    chart = performance.now() - chartStart;
  }
  const drawStart = performance.now();
  window.measureCopy.show(check, text);
  const fieldDone = performance.now();
  if (odds) renderOdds(view, odds, null, request);
  const oddsDone = performance.now();
  document.body.getBoundingClientRect();
  const drawEnd = performance.now();
  const draw = drawEnd - drawStart;
  done({
    key, chart, draw, work: key + draw, answer, outcomes: odds ? Object.keys(odds.outcomes).length : 0,
    parts: { field: fieldDone - drawStart, odds: oddsDone - fieldDone, layout: drawEnd - oddsDone },
  });
}

const app = await startApp();
try {
  const { driver } = app;
  await showView(driver, 'quick-roll');
  const page = new NotationPage(driver);
  await page.openNotation();
  await page.clear();
  const all = [];
  const byExpression = [];
  const slow = [];
  for (const expr of EXPRESSIONS) {
    const runs = [];
    for (let end = 1; end <= expr.length; end += 1) {
      const text = expr.slice(0, end);
      runs.push(await driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; (${keystroke})(arguments[0], done);`, text));
    }
    all.push(...runs);
    byExpression.push({ expr, work: Math.max(...runs.map((r) => r.work)), answer: Math.max(...runs.map((r) => r.answer)), outcomes: runs[runs.length - 1].outcomes });
    const worst = runs.reduce((a, b) => (b.work > a.work ? b : a));
    if (worst.work > 16) slow.push({ text: expr.slice(0, runs.indexOf(worst) + 1), ...worst });
    await page.clear();
  }
  const line = (what, xs) => console.log(`${what.padEnd(7)} median ${ms(median(xs))}, slowest ${ms(Math.max(...xs))}`);
  console.log(`${EXPRESSIONS.length} expressions, ${all.length} keystrokes`);
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * (xs.length - 1))];
  const drawn = all.filter((r) => r.outcomes > 0);
  console.log(`chart   median ${ms(median(drawn.map((r) => r.chart)))}, 95th ${ms(p95(drawn.map((r) => r.chart)))}, slowest ${ms(Math.max(...drawn.map((r) => r.chart)))} (${drawn.length} keystrokes with odds)`);
  line('key', all.map((r) => r.key));
  line('draw', all.map((r) => r.draw));
  line('work', all.map((r) => r.work));
  console.log(`work    95th ${ms(p95(all.map((r) => r.work)))}`);
  line('answer', all.map((r) => r.answer));
  const over = all.filter((r) => r.work > 16).length;
  console.log(`keystrokes whose work passed 16 ms: ${over} of ${all.length}`);
  // Where a draw goes: the field's marks, the odds panel (its own forced layouts included: the
  // chart's size, the outcome list's rows measured), then the layout left for the frame.
  const heavy = all.filter((r) => r.outcomes > 20);
  const part = (name) => `${name} ${ms(median(heavy.map((r) => r.parts[name])))} (95th ${ms(p95(heavy.map((r) => r.parts[name])))})`;
  console.log(`  draw of answers over 20 outcomes (${heavy.length}), median: ${['field', 'odds', 'layout'].map(part).join(', ')}`);
  // By the size of the answer drawn: work that grows with the outcomes shows in the last bands.
  const bands = [[0, 0, 'no odds'], [1, 20, '1–20'], [21, 100, '21–100'], [101, Infinity, 'over 100']];
  console.log(`  by outcomes drawn: ${bands.map(([lo, hi, name]) => {
    const band = all.filter((r) => r.outcomes >= lo && r.outcomes <= hi);
    return `${name} ${band.filter((r) => r.work > 16).length} of ${band.length} (median ${ms(band.length ? median(band.map((r) => r.work)) : 0)})`;
  }).join(', ')}`);
  console.log('slowest expressions (most work on one keystroke):');
  for (const e of [...byExpression].sort((a, b) => b.work - a.work).slice(0, 5)) {
    console.log(`  ${e.expr.padEnd(24)} work ${ms(e.work)}, answer ${ms(e.answer)}, ${e.outcomes} outcomes at the end`);
  }
  console.log('the slowest keystroke of each expression past 16 ms (text typed so far: outcomes, chart, draw):');
  for (const r of slow.sort((a, b) => b.work - a.work).slice(0, 8)) console.log(`  ${r.text.padEnd(24)} ${r.outcomes} outcomes, chart ${ms(r.chart)}, draw ${ms(r.draw)}`);
} finally {
  await app.stop();
}
