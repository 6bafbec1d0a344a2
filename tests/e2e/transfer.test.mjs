// End-to-end test of import and export in the real window: the shell's Import… and Export…
// buttons, the preview dialog (modes, counts, characters, a refused file's problems), the
// progress while writing, and the files written, checked against the CLI on the same database.
// The native file dialogs are replaced in the page (see log-transfer-page.mjs).
// Run with scripts/e2e.sh tests/e2e/transfer.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { dialogAsked, ImportDialog, shellReady, stubDialogs, waitForToast } from './log-transfer-page.mjs';

const FIXTURES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures');
const ALL_SYSTEMS = join(FIXTURES, 'all-systems.json');
const MANY_PROBLEMS = join(FIXTURES, 'malformed', '41-many-problems.json');

let app;
let dialog;

/** `rollbook --json ARGS` on the app's own database; a refusal (exit 2) still answers its JSON. */
function cli(...args) {
  try {
    return JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
  } catch (error) {
    if (error.status === 2) return JSON.parse(error.stdout || error.stderr);
    throw error;
  }
}

const storedRosters = () => cli('roster', 'list').map((r) => r.name);

const withShot = screenshotOnFailure('', () => app.driver);

async function openImport(path) {
  await stubDialogs(app.driver, { open: path });
  await app.driver.findElement({ css: '#import-button' }).click();
  await dialog.waitShown();
}

describe('import and export', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    dialog = new ImportDialog(app.driver);
    await shellReady(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('a refused file shows every problem with its path, and nothing is written', () => withShot('import refused', async () => {
    const refusal = cli('import', MANY_PROBLEMS).error;
    assert.equal(refusal.code, 'import_refused');
    await openImport(MANY_PROBLEMS);
    const asked = (await dialogAsked(app.driver)).at(-1);
    assert.equal(asked.kind, 'open');
    assert.deepEqual(asked.options.filters.map((f) => f.extensions), [['json']]);

    assert.match(await dialog.headline(), new RegExp(`cannot be imported\\. Nothing was written\\. Fix these ${refusal.problems.length} problems`));
    const shown = await dialog.problems();
    assert.equal(shown.length, refusal.problems.length);
    refusal.problems.forEach((problem, i) => {
      assert.ok(shown[i].includes(problem.path), `problem ${i} shows its path: ${shown[i]}`);
      assert.ok(shown[i].includes(problem.message), `problem ${i} shows its message: ${shown[i]}`);
    });
    assert.ok(shown[3].startsWith('roster 1, character 1, sheet, abilities 1, ranks: '), shown[3]);
    assert.equal(await dialog.importEnabled(), false);
    await dialog.cancel();
    assert.deepEqual(storedRosters(), []);
  }));

  test('a roster file is previewed with its counts and characters, then imported with progress', () => withShot('import apply', async () => {
    const expected = cli('import', ALL_SYSTEMS, '--dry-run');
    await openImport(ALL_SYSTEMS);
    assert.equal(await app.driver.findElement({ css: '#import-dialog .dialog-title' }).getText(), 'Import all-systems.json');
    assert.equal(await dialog.headline(), 'Importing this file: 5 rosters (5 added) and 20 characters (20 added).');
    const rosters = await dialog.rosters();
    assert.deepEqual(rosters.map((r) => r.name), expected.rosters.map((r) => r.name));
    rosters.forEach((row, i) => {
      const { characters } = expected.rosters[i];
      assert.deepEqual([row.action, row.added, row.updated, row.skipped, row.removed], ['Add', characters.added, characters.updated, characters.skipped, characters.removed], row.name);
    });
    const characters = await dialog.characters();
    assert.deepEqual(characters.map((c) => c.name), expected.characters.map((c) => c.name));
    assert.ok(characters.every((c) => c.action === 'Add'));
    assert.equal(characters[0].roster, expected.rosters[0].name);

    // Another mode asks for another preview (on an empty database it adds the same).
    await dialog.chooseMode('copy');
    assert.equal(await dialog.headline(), 'Importing this file: 5 rosters (5 added) and 20 characters (20 added).');
    await dialog.chooseMode('merge');

    // Watch the progress area while the file is written.
    await app.driver.executeScript(() => {
      window.__progress = { shown: false, max: 0 };
      const area = document.getElementById('import-progress');
      const bar = document.getElementById('import-progress-bar');
      new MutationObserver(() => {
        if (!area.hidden) window.__progress.shown = true;
        window.__progress.max = Math.max(window.__progress.max, Number(bar.getAttribute('max')));
      }).observe(area, { attributes: true, subtree: true });
    });
    await dialog.apply();
    await dialog.waitClosed();
    const toast = await waitForToast(app.driver, /^Imported all-systems\.json/);
    assert.match(toast, /Imported all-systems\.json: 5 rosters \(5 added\) and 20 characters \(20 added\)\./);
    assert.deepEqual(storedRosters(), expected.rosters.map((r) => r.name));
    // rosters-changed reached the other views: the roll log's roster filter lists the new ones.
    await app.driver.wait(async () => {
      const listed = await app.driver.executeScript(() => [...document.querySelectorAll('#log-roster option')].map((o) => o.textContent));
      return expected.rosters.every((r) => listed.includes(r.name));
    }, 30_000, 'the roll log never listed the imported rosters');
    const progress = await app.driver.executeScript(() => window.__progress);
    assert.equal(progress.shown, true, 'the progress bar was shown while writing');
  }));

  test('the same file again changes nothing in merge mode; copy would add it all; Cancel writes nothing', () => withShot('import again', async () => {
    await openImport(ALL_SYSTEMS);
    assert.equal(await dialog.headline(), 'Everything in this file is already here: 5 rosters (5 unchanged) and 20 characters (20 unchanged).');
    assert.ok((await dialog.rosters()).every((r) => r.action === 'Unchanged' && r.skipped === 4));
    await dialog.chooseMode('copy');
    assert.equal(await dialog.headline(), 'Importing this file: 5 rosters (5 added) and 20 characters (20 added).');
    await dialog.chooseMode('replace');
    assert.match(await dialog.headline(), /^Everything in this file is already here/);
    await dialog.cancel();
    assert.equal(storedRosters().length, 5);
  }));

  test('Export… writes every roster to a roster file equal to the one imported', () => withShot('export json', async () => {
    // No extension typed: the roster file's own is added.
    const chosen = join(app.root, 'backup');
    await stubDialogs(app.driver, { save: chosen });
    await app.driver.findElement({ css: '#export-button' }).click();
    const toast = await waitForToast(app.driver, /^Exported/);
    assert.match(toast, /Exported 20 characters to backup\.json\./);
    const asked = (await dialogAsked(app.driver)).at(-1);
    assert.equal(asked.options.defaultPath, 'rollbook-rosters.json');
    assert.deepEqual(asked.options.filters.map((f) => f.extensions), [['json'], ['csv']]);

    const written = JSON.parse(readFileSync(`${chosen}.json`, 'utf8'));
    const fixture = JSON.parse(readFileSync(ALL_SYSTEMS, 'utf8'));
    assert.equal(written.format, 'rollbook-roster');
    assert.deepEqual(written.rosters, fixture.rosters, 'names, systems, notes, house rules, characters and sheets as imported');
  }));

  test('a name ending in .csv writes the spreadsheet file the CLI writes', () => withShot('export csv', async () => {
    const chosen = join(app.root, 'Heroes.CSV');
    await stubDialogs(app.driver, { save: chosen });
    await app.driver.findElement({ css: '#export-button' }).click();
    const toast = await waitForToast(app.driver, /Heroes\.CSV/);
    assert.match(toast, /Exported 20 characters to Heroes\.CSV \(CSV, for spreadsheets\)\./);
    const cliPath = join(app.root, 'cli.csv');
    cli('export', '--out', cliPath);
    const csv = readFileSync(chosen, 'utf8');
    assert.equal(csv, readFileSync(cliPath, 'utf8'));
    assert.equal(csv.trim().split('\n').length, 21, 'a header and one row per character');
  }));

  test('a large file shows its progress while it is written, and the window stays responsive', () => withShot('import progress', async () => {
    const fixture = JSON.parse(readFileSync(ALL_SYSTEMS, 'utf8'));
    const heroes = fixture.rosters.find((r) => r.system === 'd12');
    const count = 3000;
    const big = {
      format: 'rollbook-roster',
      version: 1,
      rosters: [{
        name: 'The Big Table',
        system: 'd12',
        characters: Array.from({ length: count }, (_, i) => ({ name: `Extra ${i + 1}`, kind: 'npc', sheet: heroes.characters[0].sheet })),
      }],
    };
    const path = join(app.root, 'big-table.json');
    writeFileSync(path, JSON.stringify(big));
    await openImport(path);
    assert.equal(await dialog.headline(), `Importing this file: 1 roster (1 added) and ${count.toLocaleString('en')} characters (${count.toLocaleString('en')} added).`);
    await app.driver.executeScript(() => {
      // Every count the bar is given (one per message of the import_apply channel).
      window.__bar = [];
      const bar = document.getElementById('import-progress-bar');
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.attributeName === 'value') window.__bar.push([Number(bar.getAttribute('value')), Number(bar.getAttribute('max'))]);
        }
      }).observe(bar, { attributes: true });
      // The page keeps drawing while the store works: count animation frames meanwhile.
      window.__frames = 0;
      const tick = () => {
        window.__frames += 1;
        if (document.getElementById('import-dialog')) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await dialog.apply();
    await dialog.waitClosed();
    assert.match(await waitForToast(app.driver, /big-table\.json/), /1 roster \(1 added\) and 3,000 characters \(3,000 added\)/);
    const { bar, frames } = await app.driver.executeScript(() => ({ bar: window.__bar, frames: window.__frames }));
    const values = bar.map(([value]) => value);
    assert.ok(new Set(values).size >= 10, `the bar moved in steps: ${JSON.stringify(values)}`);
    assert.deepEqual(values, [...values].sort((a, b) => a - b), 'the bar only moves forward');
    const [last, total] = bar.at(-1);
    assert.ok(total >= count && last === total, `the bar ends full: ${last} of ${total}`);
    assert.ok(frames > 2, `the page drew ${frames} frames while importing`);
    assert.ok(storedRosters().includes('The Big Table'));
  }));

  test('cancelling the save dialog writes nothing and says nothing', () => withShot('export cancel', async () => {
    await stubDialogs(app.driver, { save: null });
    await app.driver.executeScript(() => document.querySelectorAll('.toast').forEach((t) => t.remove()));
    const saves = (await dialogAsked(app.driver)).filter((a) => a.kind === 'save').length;
    await app.driver.findElement({ css: '#export-button' }).click();
    await app.driver.wait(async () => (await dialogAsked(app.driver)).filter((a) => a.kind === 'save').length === saves + 1, 10_000,
      'the save dialog was not asked');
    // Not a wait for something to happen: half a second in which a toast (wrongly) could come,
    // to prove that none does. Nothing on the page marks "the flow is over" to wait for instead.
    await new Promise((ok) => setTimeout(ok, 500));
    assert.deepEqual(await app.driver.executeScript(() => [...document.querySelectorAll('.toast')].map((t) => t.textContent)), []);
  }));
});
