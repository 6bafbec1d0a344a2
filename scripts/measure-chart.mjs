// The odds chart alone, drawn again and again for a few answers of many outcomes (issue 29: a
// keystroke's chart within a frame): renderChart and a forced layout, in the real window, the
// answers the engine gives. Figures printed, not timed tests. Compare two builds by running it
// on each in turn (ROLLBOOK_BIN picks the binary), under Xvfb:
//   ROLLBOOK_BIN=target/release/rollbook xvfb-run -a -s "-screen 0 1280x800x24" node scripts/measure-chart.mjs

import { showView, startApp } from '../tests/e2e/app.mjs';
import { NotationPage } from '../tests/e2e/notation-page.mjs';

const EXPRESSIONS = ['2d6', 'd20', '3d8', '10d10', 'd100', '20d6', '8d10x cs>=8', '8d10x'];
const RUNS = 40;

async function timeCharts(expressions, runs, done) {
  const base = new URL('js/', document.baseURI);
  const [api, { chartMarks, renderChart }, { oddsEntries }] = await Promise.all([
    import(new URL('api.js', base).href),
    import(new URL('chart.js', base).href),
    import(new URL('odds.js', base).href),
  ]);
  const svg = document.getElementById('chart');
  const out = [];
  for (const expr of expressions) {
    const odds = await api.odds({ system: 'dice', roll: 'expr', expr, values: {}, target: 15 });
    const entries = oddsEntries(odds);
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      // A different answer each time, as at a keystroke: the hot bar moves.
      const start = performance.now();
      renderChart(svg, entries, entries[i % entries.length].key, chartMarks(odds, 'Value'));
      document.body.getBoundingClientRect();
      times.push(performance.now() - start);
      await new Promise((resolve) => requestAnimationFrame(() => resolve()));
    }
    times.sort((a, b) => a - b);
    out.push({ expr, outcomes: entries.length, nodes: svg.querySelectorAll('*').length, median: times[Math.floor(runs / 2)], p90: times[Math.floor(runs * 0.9)], worst: times.at(-1) });
  }
  done(out);
}

const app = await startApp();
try {
  const { driver } = app;
  await showView(driver, 'quick-roll');
  const page = new NotationPage(driver);
  await page.openNotation();
  await page.press('d6', 'd6');
  await page.waitForChecked('d6');
  const rows = await driver.executeAsyncScript(`const done = arguments[arguments.length - 1]; (${timeCharts})(arguments[0], arguments[1], done);`, EXPRESSIONS, RUNS);
  console.log(`load now: ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; ${RUNS} draws each (renderChart and a forced layout)`);
  for (const r of rows) console.log(`  ${r.expr.padEnd(12)} ${String(r.outcomes).padStart(4)} outcomes, ${String(r.nodes).padStart(3)} nodes in the chart: median ${r.median.toFixed(1)} ms, 90th ${r.p90.toFixed(1)} ms, worst ${r.worst.toFixed(1)} ms`);
} finally {
  await app.stop();
}
