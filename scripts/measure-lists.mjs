// The window's long lists, measured (issue 15: 10,000 characters open in < 100 ms, each filter
// keystroke < 16 ms; the roll log and the search's hits the same). Figures printed, not timed
// tests. Run under Xvfb by scripts/measure-lists.sh.
//
// The app runs with a fresh HOME (a temporary database) into which the command line imports a
// roster of 10,000 characters (scripts/make-big-roster.py), the example rosters, and 10,000 rolls
// for the roll log. Every figure is taken in the page, on its own clock:
// - work: from the GM's action (a click, a key's input event, a scroll event) until the list is
//   drawn and laid out (the script forces layout at once, so style and layout count);
// - to frame: until the frame after it ran (requestAnimationFrame, then a task): what the GM
//   waits for the screen. Timer-bound by the display's frame rate.
// Each is the median of RUNS (default 5), with min and max.
// Usage: node scripts/measure-lists.mjs [RUNS]   (ROLLBOOK_BIN picks the binary)

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Key } from 'selenium-webdriver';
import { BINARY, REPO_ROOT, showView, startApp } from '../tests/e2e/app.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const CHARACTERS = 10_000;
const ROLLS = 10_000;
const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const WAIT_MS = 120_000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;

function report(what, runs) {
  const work = runs.map((r) => r.work);
  const frame = runs.map((r) => r.frame);
  const rows = runs.map((r) => r.rows).filter((n) => n !== undefined);
  const inPage = rows.length ? `; rows in the page: ${Math.max(...rows)}` : '';
  console.log(`${what}: work ${spread(work)}, to frame ${spread(frame)}${inPage}`);
}

// In the page: waits until `ready()` holds (checked after every DOM change), then forces layout;
// answers {work, frame} from `start` (performance.now() when the action began).
const SETTLE = `
  function settle(start, ready, done, rows) {
    const finish = () => {
      document.body.getBoundingClientRect();
      const work = performance.now() - start;
      const inPage = rows ? document.querySelectorAll(rows).length : undefined;
      requestAnimationFrame(() => setTimeout(() => done({ work, frame: performance.now() - start, rows: inPage }), 0));
    };
    if (ready()) return finish();
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      finish();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }
`;

/** Runs `body` (a function's source, given `settle` and `done`) in the page. */
function inPage(driver, body, ...args) {
  return driver.executeAsyncScript(`${SETTLE}\nconst done = arguments[arguments.length - 1];\n(${body})(settle, done, ...arguments);`, ...args);
}

const app = await startApp();
try {
  const { driver } = app;
  await driver.manage().setTimeouts({ script: WAIT_MS });
  const file = join(app.root, 'big-roster.json');
  execFileSync('python3', [join(REPO_ROOT, 'scripts', 'make-big-roster.py'), file, '--characters', String(CHARACTERS), '--rosters', '1'], { stdio: 'ignore' });
  // Their answers list every character: too long for a pipe's buffer, and not needed.
  const quiet = (args, input = '') => execFileSync(BINARY, args, { env: app.env, input, stdio: ['pipe', 'ignore', 'inherit'], timeout: WAIT_MS });
  quiet(['import', file]);
  quiet(['import', EXAMPLES, '--mode', 'merge']);
  const rosters = app.cli('--json', 'roster', 'list');
  const big = rosters.find((r) => r.name === 'Campaign 0');
  // The d12 example roster: the other roster to switch from, and where the (d12) rolls are logged.
  const small = rosters.find((r) => r.name === 'Friday Night Heroes');
  const straight = { system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 };
  quiet(['roll', '-', '--seed', '1', '--roster', small.name], JSON.stringify(Array.from({ length: ROLLS }, () => straight)));
  await driver.navigate().refresh();
  await driver.wait(async () => driver.executeScript(() => Boolean(document.querySelector('.rosters-layout[aria-busy="false"]'))), WAIT_MS, 'the window never loaded');
  await showView(driver, 'rosters');
  console.log(`binary: ${BINARY}`);
  console.log(`a roster of ${CHARACTERS.toLocaleString('en')} characters ("${big.name}"), ${ROLLS.toLocaleString('en')} rolls in the log; median of ${RUNS} runs (min–max)`);

  // Open: from the click on the roster to its list drawn.
  const open = [];
  const ipc = [];
  const whole = [];
  for (let i = 0; i < RUNS; i += 1) {
    await inPage(driver, `(settle, done, id) => {
      const start = performance.now();
      document.getElementById('roster-' + id).click();
      settle(start, () => document.getElementById('character-list')?.dataset.rosterId === id, done);
    }`, small.id);
    open.push(await inPage(driver, `(settle, done, id, count) => {
      const start = performance.now();
      document.getElementById('roster-' + id).click();
      settle(start, () => {
        const list = document.getElementById('character-list');
        return list?.dataset.rosterId === id && list.querySelector('.character-row')?.getAttribute('aria-setsize') === String(count);
      }, done, '.character-row');
    }`, big.id, CHARACTERS));
    for (const [command, times] of [['character_summaries', ipc], ['characters', whole]]) {
      times.push(await driver.executeAsyncScript((name, id, done) => {
        const start = performance.now();
        window.__TAURI__.core.invoke(name, { roster_id: id }).then((answer) => done({ ms: performance.now() - start, bytes: JSON.stringify(answer).length }));
      }, command, big.id));
    }
  }
  const kib = (runs) => `${Math.round(runs[0].bytes / 1024).toLocaleString('en')} KiB of JSON`;
  report(`open the ${CHARACTERS.toLocaleString('en')}-character roster (click to list drawn)`, open);
  console.log(`  of which the \`character_summaries\` command alone (IPC, what the list reads, ${kib(ipc)}): ${spread(ipc.map((r) => r.ms))}`);
  console.log(`  (the \`characters\` command, every sheet too, ${kib(whole)}, for comparison: ${spread(whole.map((r) => r.ms))})`);

  // Filter: each key of a word typed into the filter box, one input event at a time.
  const word = 'ada vale';
  const keys = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (let k = 1; k <= word.length; k += 1) {
      keys.push(await inPage(driver, `(settle, done, text) => {
        const input = document.getElementById('character-filter');
        const start = performance.now();
        input.value = text;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText' }));
        const want = text.trim() ? ' of ' : '';
        settle(start, () => (document.getElementById('list-count')?.textContent ?? '').includes(want), done, '.character-row');
      }`, word.slice(0, k)));
    }
    await inPage(driver, `(settle, done) => {
      const input = document.getElementById('character-filter');
      const start = performance.now();
      input.value = '';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'deleteContentBackward' }));
      settle(start, () => !(document.getElementById('list-count')?.textContent ?? '').includes(' of '), done);
    }`);
  }
  report(`filter keystroke ("${word}" typed key by key, ${keys.length} keys)`, keys);

  // Sort: the whole list sorted again (the collator over 10,000 names) and drawn.
  const sorts = [];
  for (let i = 0; i < RUNS; i += 1) {
    for (const sort of ['player', 'name']) {
      sorts.push(await inPage(driver, `(settle, done, sort) => {
        const select = document.getElementById('character-sort');
        const start = performance.now();
        select.value = sort;
        select.dispatchEvent(new Event('change'));
        settle(start, () => true, done, '.character-row');
      }`, sort));
    }
  }
  report('sort changed (By player, By name)', sorts);

  // Scroll: jumps through the whole list; the list draws on each scroll event.
  const scroll = async (selector, rows, label) => {
    const runs = [];
    for (let i = 0; i < RUNS * 4; i += 1) {
      runs.push(await inPage(driver, `(settle, done, selector, rows, at) => {
        const scroller = document.querySelector(selector);
        let start = 0;
        scroller.addEventListener('scroll', () => { start = performance.now(); }, { once: true, capture: true });
        const bottom = scroller.scrollHeight - scroller.clientHeight;
        const to = at * bottom;
        // A jump of at least a screen, so there is a scroll event and new rows to draw.
        scroller.scrollTop = Math.abs(to - scroller.scrollTop) > scroller.clientHeight ? to : scroller.scrollTop > bottom / 2 ? 0 : bottom;
        const wait = () => (start ? settle(start, () => true, done, rows) : requestAnimationFrame(wait));
        requestAnimationFrame(wait);
      }`, selector, rows, (i * 0.37) % 1));
    }
    report(label, runs);
  };
  await scroll('#character-list', '.character-row', `scroll the ${CHARACTERS.toLocaleString('en')}-character list (a jump, drawn on the scroll event)`);

  // Search: the command over every roster, then "Show more" drawing the longer list of hits.
  const search = [];
  for (let i = 0; i < RUNS; i += 1) {
    search.push(await driver.executeAsyncScript((done) => {
      const start = performance.now();
      window.__TAURI__.core.invoke('search', { query: 'ada', limit: 31 }).then(() => done(performance.now() - start));
    }));
  }
  console.log(`search "ada" over every roster (the command, the first 30 hits): ${spread(search)}`);
  await driver.executeScript(() => document.activeElement?.blur());
  await driver.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
  await driver.wait(async () => driver.executeScript(() => Boolean(document.querySelector('#search-input'))), WAIT_MS, 'the search did not open');
  await (await driver.findElement({ css: '#search-input' })).sendKeys('ada');
  await driver.wait(async () => driver.executeScript(() => !document.getElementById('search-more').hidden), WAIT_MS, 'no Show more');
  const more = [];
  for (let i = 0; i < RUNS * 2; i += 1) {
    more.push(await inPage(driver, `(settle, done) => {
      const before = document.querySelector('.search-hit')?.getAttribute('aria-setsize');
      const start = performance.now();
      document.getElementById('search-more').click();
      settle(start, () => document.querySelector('.search-hit')?.getAttribute('aria-setsize') !== before, done, '.search-hit');
    }`));
  }
  const hits = await driver.executeScript(() => document.querySelector('.search-hit')?.getAttribute('aria-setsize'));
  report(`search "Show more" (command and draw, up to ${hits} hits)`, more);
  await scroll('#search-results', '.search-hit', `scroll the ${hits} hits`);
  await driver.executeScript(() => document.querySelector('dialog.search-dialog')?.close());

  // Roll log: the tab shown (its rows were read when the window opened), a roster picked in its
  // filter (the command and the draw), then Show more up to every roll.
  const logTab = [];
  for (let i = 0; i < RUNS; i += 1) {
    await showView(driver, 'rosters');
    logTab.push(await inPage(driver, `(settle, done) => {
      const start = performance.now();
      document.querySelector('[role="tab"][data-view="log"]').click();
      settle(start, () => !document.getElementById('view-log').hidden && Boolean(document.querySelector('#log-table tbody tr[data-id]')), done, '#log-table tbody tr[data-id]');
    }`));
  }
  report(`show the Roll log tab (${ROLLS.toLocaleString('en')} rolls, the latest 200 listed)`, logTab);
  const logFilter = [];
  for (let i = 0; i < RUNS * 2; i += 1) {
    logFilter.push(await inPage(driver, `(settle, done, id) => {
      const select = document.getElementById('log-roster');
      const start = performance.now();
      select.value = id;
      select.dispatchEvent(new Event('change'));
      settle(start, () => !document.querySelector('.log-view').hasAttribute('aria-busy') && Boolean(document.querySelector('#log-table tbody tr[data-id]')), done, '#log-table tbody tr[data-id]');
    }`, i % 2 ? '' : small.id));
  }
  report('roll log filter: a roster picked, or All rosters (the command and the draw)', logFilter);
  let shown = 200;
  const logMore = [];
  while (shown < ROLLS) {
    const run = await inPage(driver, `(settle, done) => {
      const before = document.getElementById('log-table').getAttribute('aria-rowcount');
      const start = performance.now();
      document.getElementById('log-more').click();
      settle(start, () => document.getElementById('log-table').getAttribute('aria-rowcount') !== before && !document.querySelector('.log-view').hasAttribute('aria-busy'), done, '#log-table tbody tr[data-id]');
    }`);
    shown += 200;
    if (shown >= ROLLS - 200 * RUNS) logMore.push(run);
  }
  report(`roll log "Show more" up to all ${ROLLS.toLocaleString('en')} rolls (the last ${logMore.length} clicks: command and draw)`, logMore);
  await scroll('.log-table-wrap', '#log-table tbody tr[data-id]', `scroll the roll log of ${ROLLS.toLocaleString('en')} rolls`);
} finally {
  await app.stop();
}
