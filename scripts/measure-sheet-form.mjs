// The sheet form of a system from a file with 60 declarations, measured (issue 31: "a sheet form
// of a 60-field system drawn in under one frame"). Figures printed, not timed tests. Run under
// Xvfb by scripts/measure-sheet-form.sh.
//
// A system file of 60 sheet declarations (24 numbers, 8 ratings lists of 4 suggested ratings, 8
// trackers whose maximum is an expression, 8 checks, 6 choices, 6 texts) and 10 derived values is
// added with the command line (`rollbook system add`), a roster of it made (`roster create`), and
// two characters made in the window. Then the GM opens one character and the other, in turn;
// each opening is timed in the page, on its own clock. The sheet's first frame draws only what
// its view shows (sheet/first-screen.js: the top of the form, a row more) and the rest is built
// after that frame, while the form is aria-busy; so what a GM waits for, the form seen and
// usable at its top, is timed apart from the whole form:
// - to the first screen: from the click on the character's row until the sheet is open with the
//   top of its form built and laid out (layout forced at once, so style and layout count): the
//   window's own work plus the IPC of reading the character, against the 16 ms of one frame;
// - to frame: until the frame after it ran (requestAnimationFrame, then a task);
// - whole: until the rest of the form is built too (the form no longer aria-busy), laid out;
// - the form alone: the model built from the catalog and the form drawn from the character's
//   draft into an off-screen box as wide as the sheet's, then its style and its layout forced,
//   each timed (no IPC): what "drawn in under one frame" is about, timed for the first screen
//   (what a view as tall as the open sheet's shows, as the sheet builds it) and for the whole
//   form (built at once, as an edit, undo or a row action draws it). The lists' boxes are
//   `content-visibility: auto` (sheet.css): left out of a layout until they near the view, which
//   the form in the off-screen box never does; so the same is timed again with every box laid out
//   (the form of a window tall enough to show it all).
// Every figure is of the window's own clock (1 ms steps in WebKitGTK); the machine's load is
// printed first: on a loaded machine take the smallest figures as well as the medians.
// - redrawn in the open sheet: an undo of a number and a row added, from the event to the page
//   laid out (an undo of values only sets them, form-refill.js; a row action builds only the
//   card that changed, form-redraw.js).
// Printed: the median of RUNS (default 9) with min and max, and the inputs the form holds.
// Usage: node scripts/measure-sheet-form.mjs [RUNS]   (ROLLBOOK_BIN picks the binary)

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { showView, startApp } from '../tests/e2e/app.mjs';
import { RostersPage } from '../tests/e2e/rosters-page.mjs';
import { SheetPage } from '../tests/e2e/sheet-page.mjs';
import { SIXTY_FIELDS as ID, sixtyFieldsFile as systemFile } from '../tests/e2e/sixty-fields.mjs';

const RUNS = Number(process.argv[2] ?? 9);
const ROSTER = 'Sixty fields';
const WAIT_MS = 120_000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${x < 10 ? x.toFixed(1) : Math.round(x)} ms`;
const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;

// The system and its roster are made with the command line first, then the window opens on them
// (a restart, as a GM's next start would: the window reads its catalog at start).
const first = await startApp();
const file = join(first.root, `${ID}.toml`);
writeFileSync(file, systemFile());
first.cli('--json', 'system', 'add', file);
first.cli('--json', 'roster', 'create', ROSTER, '--system', ID);
await first.stop({ keep: true });
const app = await startApp({ root: first.root });
try {
  const { driver } = app;
  await driver.manage().setTimeouts({ script: WAIT_MS });
  await driver.wait(async () => driver.executeScript(() => Boolean(document.querySelector('.rosters-layout[aria-busy="false"]'))), WAIT_MS, 'the window never loaded');
  await showView(driver, 'rosters');
  const rosters = new RostersPage(driver);
  const sheet = new SheetPage(driver);
  await rosters.ready();
  await rosters.until((page) => page.rosters.some((r) => r.name === ROSTER), `the sidebar never listed "${ROSTER}"`);
  await rosters.selectRoster(ROSTER);
  const names = ['Ada', 'Bo'];
  for (const name of names) {
    await rosters.createCharacter(name);
    await sheet.waitState('saved');
  }
  const shown = app.cli('--json', 'roster', 'show', ROSTER);
  const ids = (shown.characters ?? []).map((c) => c.id);
  if (ids.length !== 2) throw new Error(`expected two characters, the roster shows ${JSON.stringify(shown.characters)}`);

  // In the page: clicks the row of character `id`, waits for its sheet with the top of its form
  // built (a new sheet whose form has content), then for the whole form (the sheet names its
  // character once every declaration's input is built, sheet-editor.js).
  const open = (id) => driver.executeAsyncScript((characterId, done) => {
    const row = [...document.querySelectorAll('.character-row')].find((r) => r.dataset.id === characterId || r.dataset.characterId === characterId);
    const button = row?.querySelector('.row-open') ?? row;
    if (!button) return done({ error: `no row for ${characterId}` });
    const before = document.querySelector('#sheet-slot .sheet');
    const firstScreen = () => {
      const sheet = document.querySelector('#sheet-slot .sheet');
      const form = sheet !== before && sheet?.querySelector('.sheet-form');
      return form?.firstElementChild ? form : null;
    };
    const whole = () => document.querySelector(`#sheet-slot .sheet[data-character-id="${characterId}"] .sheet-form:not([aria-busy])`);
    const start = performance.now();
    const times = {};
    const finish = () => {
      if (times.frame === undefined || times.whole === undefined) return;
      observer.disconnect();
      done(times);
    };
    const observer = new MutationObserver(() => {
      const seen = times.work === undefined && firstScreen();
      if (seen) {
        document.body.getBoundingClientRect();
        times.work = performance.now() - start;
        times.inputs = seen.querySelectorAll('[data-loc]:not(button)').length;
        requestAnimationFrame(() => setTimeout(() => {
          times.frame = performance.now() - start;
          finish();
        }, 0));
      }
      const all = times.work !== undefined && times.whole === undefined && whole();
      if (all) {
        document.body.getBoundingClientRect();
        times.whole = performance.now() - start;
        times.allInputs = all.querySelectorAll('[data-loc]:not(button)').length;
        finish();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    button.click();
  }, id);

  const runs = [];
  for (let i = 0; i < RUNS + 1; i += 1) {
    const run = await open(ids[i % 2]);
    if (run.error) throw new Error(run.error);
    if (i > 0) runs.push(run); // the first opening warms the page's modules up: not counted
  }
  // The form alone: the model built from the catalog and the form drawn from the character's
  // draft into an off-screen box laid out as the sheet's, then layout forced (no IPC).
  // The first screen: only what the open sheet's view shows, as the sheet builds it (its room).
  const kinds = ['first', 'form', 'whole'];
  const alone = { first: [], form: [], whole: [] };
  for (let i = 0; i < kinds.length * RUNS; i += 1) {
    const kind = kinds[i % kinds.length];
    alone[kind].push(await driver.executeAsyncScript((characterId, rosterId, system, kind, done) => {
      const base = new URL('js/', document.baseURI);
      Promise.all([
        import(new URL('api.js', base).href),
        import(new URL('sheet/systems/index.js', base).href),
        import(new URL('sheet/model.js', base).href),
        import(new URL('sheet/sheet-form.js', base).href),
      ]).then(async ([api, { fileSpecs, sheetModel }, { characterDraft }, { renderSheetForm }]) => {
        const [catalog, character] = await Promise.all([api.catalog(rosterId), api.character(characterId)]);
        const live = document.querySelector('#sheet-slot .sheet-form');
        const liveBox = live.getBoundingClientRect();
        const room = kind === 'first' ? { width: liveBox.width, height: live.closest('.sheet').getBoundingClientRect().bottom - liveBox.top } : null;
        const box = document.createElement('form');
        box.className = 'sheet-form';
        box.style.cssText = `position:fixed; left:-4000px; top:0; width:${live.clientWidth}px`;
        document.getElementById('sheet-slot').append(box);
        const start = performance.now();
        const model = sheetModel(system, catalog.sheet_limits ?? [], catalog.text_limits ?? null, fileSpecs(catalog), 1);
        const draft = characterDraft(model, character).sheet;
        const built = performance.now();
        renderSheetForm(box, model, draft, { prefix: 'measure', room });
        // Every box laid out: set through the CSSOM (the window's policy refuses a <style> element).
        if (kind === 'whole') for (const part of box.children) part.style.contentVisibility = 'visible';
        const rendered = performance.now();
        // A computed colour forces the style of the page, not its layout: the two told apart.
        let probe = box;
        while (probe.lastElementChild) probe = probe.lastElementChild;
        void getComputedStyle(probe).color;
        const styled = performance.now();
        document.body.getBoundingClientRect();
        const work = performance.now() - start;
        const parts = { build: rendered - start, style: styled - rendered, layout: start + work - styled };
        const inputs = box.querySelectorAll('[data-loc]:not(button)').length;
        const elements = box.querySelectorAll('*').length;
        box.remove();
        done({ work, inputs, elements, ...parts });
      }, (error) => done({ error: String(error) }));
    }, ids[Math.floor(i / kinds.length) % 2], shown.id ?? shown.roster?.id, ID, kind));
    if (alone[kind].at(-1).error) throw new Error(alone[kind].at(-1).error);
  }
  // Redrawn in the open sheet, as the GM does it: an undo of a number typed (Ctrl+Z in its box)
  // and a row added to a ratings list (its Add button, then Ctrl+Z to take it back), each timed
  // from the event to the page styled and laid out (the handler draws at once), then to frame.
  const redraws = { undo: [], add: [] };
  for (let i = 0; i < 2 * RUNS; i += 1) {
    const kind = i % 2 ? 'add' : 'undo';
    redraws[kind].push(await driver.executeAsyncScript((kind, done) => {
      const form = document.querySelector('#sheet-slot .sheet-form:not([aria-busy])');
      if (!form) return done({ error: 'no whole sheet form open' });
      const undo = (target) => target.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true, cancelable: true }));
      const number = form.querySelector('input[data-kind="int"]');
      let act;
      if (kind === 'undo') {
        number.value = String(Number(number.value) === 5 ? 6 : 5);
        number.dispatchEvent(new Event('input', { bubbles: true }));
        number.dispatchEvent(new Event('change', { bubbles: true }));
        act = () => undo(number);
      } else {
        act = () => form.querySelector('button[data-action="add"]').click();
      }
      const cards = [...form.children];
      document.body.getBoundingClientRect();
      const start = performance.now();
      act();
      document.body.getBoundingClientRect();
      const work = performance.now() - start;
      const rebuilt = [...form.children].filter((card, j) => card !== cards[j]).length;
      requestAnimationFrame(() => setTimeout(() => {
        const frame = performance.now() - start;
        if (kind === 'add') undo(form.querySelector('input[data-loc]'));
        done({ work, frame, rebuilt, cards: cards.length });
      }, 0));
    }, kind));
    if (redraws[kind].at(-1).error) throw new Error(redraws[kind].at(-1).error);
  }
  const { first: top, form, whole } = alone;
  console.log('a system from a file of 60 sheet declarations (24 numbers, 8 ratings lists, 8 trackers, 8 checks, 6 choices, 6 texts) and 10 derived values');
  console.log(`open a character's sheet: work to the first screen ${spread(runs.map((r) => r.work))}, to frame ${spread(runs.map((r) => r.frame))}, to the whole form ${spread(runs.map((r) => r.whole))}; inputs first ${runs[0].inputs}, in all ${runs[0].allInputs}; median of ${RUNS} (min–max)`);
  console.log(`the first screen alone (what the open sheet's view shows, as the sheet builds it first; no IPC): work ${spread(top.map((r) => r.work))}; inputs ${top[0].inputs}, elements ${top[0].elements}`);
  console.log(`  of which: built ${spread(top.map((r) => r.build))}, styled ${spread(top.map((r) => r.style))}, laid out ${spread(top.map((r) => r.layout))}`);
  console.log(`the form alone (model and form built from the character's draft, laid out; no IPC): work ${spread(form.map((r) => r.work))}; inputs ${form[0].inputs}, elements ${form[0].elements}`);
  console.log(`  of which: built ${spread(form.map((r) => r.build))}, styled ${spread(form.map((r) => r.style))}, laid out ${spread(form.map((r) => r.layout))}`);
  for (const [kind, name] of [['undo', 'an undo of a number (Ctrl+Z)'], ['add', 'a row added (Add)']]) {
    const r = redraws[kind];
    console.log(`redrawn in the open sheet, ${name}: work ${spread(r.map((x) => x.work))}, to frame ${spread(r.map((x) => x.frame))}; cards built anew ${r[0].rebuilt} of ${r[0].cards}`);
  }
  console.log(`the form alone with every box laid out (the lists' boxes too): work ${spread(whole.map((r) => r.work))}`);
  console.log(`  of which: built ${spread(whole.map((r) => r.build))}, styled ${spread(whole.map((r) => r.style))}, laid out ${spread(whole.map((r) => r.layout))}`);
} finally {
  await app.stop();
  rmSync(first.root, { recursive: true, force: true });
}
