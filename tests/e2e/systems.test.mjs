// End-to-end test of the Systems dialog in the real window: a system file added from a file
// (previewed first, what it declares checked against the store's own answer), listed, offered
// by Quick roll with the odds the command line gives, shown with its text; a bad file's
// problems at their lines, nothing added; a file that reads with advice shows it and can be
// added; then removed, and Quick roll no longer offers it.
// The native file picker is replaced in the page (see log-transfer-page.mjs).
// Run with scripts/e2e.sh tests/e2e/systems.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatPercent } from '../../ui/js/format.js';
import { BINARY, REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { dialogAsked, shellReady, waitForToast, WAIT_MS } from './log-transfer-page.mjs';
import { QuickRollPage } from './quick-roll-page.mjs';
import { SystemsDialog } from './systems-page.mjs';

const ID = 'e2e-three-bands';
const EXAMPLE = join(REPO_ROOT, 'systems', 'examples', 'three-bands.toml');
// Two problems: a misspelt key (line 9) and a roll reading a name no field declares (line 11).
const BAD = 'format = 1\nid = "e2e-bad"\nversion = 1\nname = "Bad"\n[sheet.might]\ntype = "number"\nmin = 0\nmax = 5\nlable = "M"\n[rolls.hit]\nvalue = "d20 + @mgiht"\n';
// Reads, with one piece of advice (line 8): a critical tried before a hit, with no `ranked`.
const ADVISED = 'format = 1\nid = "e2e-crits"\nversion = 1\nname = "Crits"\n[rolls.attack]\nvalue = "d20"\noutcomes = [\n  { name = "critical", when = "@value = 20", success = true },\n  { name = "hit", band = "11+", success = true },\n  { name = "miss" },\n]\n';

let app;
let systems;
let quick;
let dir;

/** `rollbook --json ARGS` on the app's own database; a refusal (exit 2) answers its JSON too. */
function cli(...args) {
  try {
    return JSON.parse(execFileSync(BINARY, ['--json', ...args], { env: app.env, encoding: 'utf8', timeout: 60_000 }));
  } catch (error) {
    if (error.status === 2) return JSON.parse(error.stdout || error.stderr);
    throw error;
  }
}

const withShot = screenshotOnFailure('', () => app.driver);

/** The ids Quick roll's system list offers now. */
function offered() {
  return app.driver.executeScript(() => [...document.querySelectorAll('#system option')].map((o) => o.value));
}

/** Waits until Quick roll's list does (or does not) offer `id`, with no reload of the page. */
async function waitOffered(id, wanted) {
  let last = null;
  await app.driver.wait(async () => (last = await offered()).includes(id) === wanted, WAIT_MS, `Quick roll ${wanted ? 'never offered' : 'still offers'} ${id}`)
    .catch((error) => {
      error.message += ` (offered: ${JSON.stringify(last)})`;
      throw error;
    });
}

describe('the Systems dialog', { timeout: 10 * 60_000 }, () => {
  let good;
  let bad;
  let advised;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rollbook-systems-e2e-'));
    good = join(dir, `${ID}.toml`);
    writeFileSync(good, readFileSync(EXAMPLE, 'utf8').replace('id = "three-bands"', `id = "${ID}"`));
    bad = join(dir, 'bad.toml');
    writeFileSync(bad, BAD);
    advised = join(dir, 'crits.toml');
    writeFileSync(advised, ADVISED);
    app = await startApp();
    systems = new SystemsDialog(app.driver);
    quick = new QuickRollPage(app.driver);
    await shellReady(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('a file is previewed, added and listed, and Quick roll offers it with its odds', () => withShot('systems add', async () => {
    await showView(app.driver, 'quick-roll');
    await quick.ready();
    // The page is marked: a reload would drop the mark, and the catalog must come without one.
    await app.driver.executeScript(() => { window.__noReload = true; });
    await systems.open();
    assert.match(await systems.status(), /^No system added yet/);

    await systems.addFromFile(good);
    const asked = (await dialogAsked(app.driver)).at(-1);
    assert.deepEqual(asked.options.filters.map((f) => f.extensions), [['toml']]);
    const preview = await systems.preview();
    assert.equal(preview.title, `Add ${ID}.toml`);
    assert.equal(preview.name, '2d6 in three bands');
    assert.deepEqual(preview.problems, []);
    assert.equal(preview.addEnabled, true);
    await systems.confirmAdd(ID);
    await waitForToast(app.driver, new RegExp(`^Added 2d6 in three bands \\(${ID}, version 1\\)`));

    // What the preview showed is what the store keeps.
    const stored = cli('system', 'show', ID);
    const declared = Object.fromEntries(preview.declares);
    assert.equal(declared.Sheet, stored.declares.sheet.join(', '));
    assert.equal(declared.Rolls, stored.declares.rolls.join(', '));
    assert.equal(declared.Rulings, String(stored.declares.rulings));
    const [row] = await systems.waitForRows([ID]);
    assert.equal(row.name, stored.name);
    assert.equal(row.versions, 'version 1');
    assert.equal(row.rolls, `Rolls: ${stored.declares.rolls.join(', ')}`);
    assert.equal(row.rosters, 'No roster uses it');
    assert.equal(row.removable, true);
    assert.equal(row.blocked, null);

    await systems.close();
    await waitOffered(ID, true);
    // three-bands.toml declares one roll kind, `[rolls.move]`.
    const kind = 'move';
    await quick.choose(ID, kind);
    const request = await quick.waitForOdds({ system: ID, roll: kind });
    const odds = cli('odds', JSON.stringify(request));
    assert.equal((await quick.readOdds()).success, formatPercent(odds.success));
    assert.equal(await app.driver.executeScript(() => window.__noReload), true, 'the window was not reloaded');
  }));

  test('a bad file shows every problem at its line with a caret, and nothing is added', () => withShot('systems problems', async () => {
    const refusal = cli('system', 'check', bad).error;
    assert.equal(refusal.code, 'invalid_system_file');
    await systems.open();
    await systems.addFromFile(bad);
    const preview = await systems.preview();
    assert.equal(preview.addEnabled, false);
    assert.match(preview.status, new RegExp(`^bad\\.toml cannot be added: fix these ${refusal.problems.length} problems`));
    assert.equal(preview.problems.length, refusal.problems.length);
    const lines = BAD.split('\n');
    refusal.problems.forEach((problem, i) => {
      const shown = preview.problems[i];
      assert.equal(shown.head, `${problem.line}:${problem.column} ${problem.message}`);
      const [text, caret] = shown.line.split('\n');
      assert.equal(text, lines[problem.line - 1]);
      assert.equal(caret, `${' '.repeat(problem.column - 1)}^`);
    });
    await systems.cancelPreview();
    await systems.waitForRows([ID]);
    assert.deepEqual(cli('system', 'list').map((s) => s.id), [ID]);
  }));

  test('a file with advice shows it at its line and can be added as it is', () => withShot('systems advice', async () => {
    const told = cli('system', 'check', advised).advice;
    assert.equal(told.length, 1);
    // The Systems dialog is still open from the test before.
    await systems.addFromFile(advised);
    const preview = await systems.preview();
    assert.equal(preview.addEnabled, true);
    assert.deepEqual(preview.problems, []);
    assert.match(preview.status, /^crits\.toml declares Crits: 1 roll\. It can be added as it is; 1 piece of advice below\.$/);
    assert.equal(preview.advice.length, 1);
    assert.equal(preview.advice[0].head, `8:12 ${told[0].message}`);
    assert.equal(preview.advice[0].line, `${ADVISED.split('\n')[7]}\n${' '.repeat(11)}^`);
    await systems.cancelPreview();
    await systems.waitForRows([ID]);
    assert.deepEqual(cli('system', 'list').map((s) => s.id), [ID]);
  }));

  test('Show gives what it declares and the text as added', () => withShot('systems show', async () => {
    const shown = await systems.show(ID);
    assert.equal(shown.title, '2d6 in three bands');
    assert.equal(shown.source, readFileSync(good, 'utf8'));
    assert.equal(shown.focused, 'system-show-dialog', 'the focus is kept inside the dialog');
    assert.ok(shown.declares.some(([label]) => label === 'Rolls'));
  }));

  test('Remove asks first, then the system leaves the list, the store and Quick roll', () => withShot('systems remove', async () => {
    const words = await systems.remove(ID);
    assert.equal(words.title, 'Remove 2d6 in three bands?');
    assert.match(words.message, /A snapshot is taken first/);
    await waitForToast(app.driver, new RegExp(`^Removed ${ID} \\(version 1\\)`));
    await systems.waitForRows([]);
    assert.match(await systems.status(), /^No system added yet/);
    assert.deepEqual(cli('system', 'list'), []);
    await systems.close();
    await waitOffered(ID, false);
  }));
});
