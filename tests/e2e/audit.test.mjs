// The accessibility audit and the layout check of issue 17, inside the real window and in one
// app launch: every view (rosters with a sheet, the roll panel after a roll, Quick roll, the
// roll log, an open encounter) and every dialog (search, shortcuts, new roster, new
// character, rename, house rules, print, import preview, tag, move, a confirmation, the
// encounter's Add characters), each at 1280×800 and 1024×700: axe-core finds no serious or
// critical violation, no element reaches out of its pane, and in the roll panel at 1024×700
// the Roll button, the odds and the result are all in sight at once.
// Run with scripts/e2e.sh tests/e2e/audit.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, showView, startApp, screenshotOnFailure } from './app.mjs';
import { axeViolations, describe as describeViolations, inSight, paneProblems } from './audit-page.mjs';
import { EncounterPage } from './encounter-page.mjs';
import { shellReady, stubDialogs } from './log-transfer-page.mjs';
import { QuickRollPage } from './quick-roll-page.mjs';
import { RostersPage } from './rosters-page.mjs';
import { SheetPage } from './sheet-page.mjs';
import { WindowPage } from './window-page.mjs';

const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const SIZES = [[1280, 800], [1024, 700]];
const ENCOUNTER = ['Black Meridian Crew', 'Docking bay'];

let app;
let win;
let rosters;
let sheet;

const withShot = screenshotOnFailure('audit-', () => app.driver);

async function closeDialogs() {
  await app.driver.executeScript(() => document.querySelectorAll('dialog[open]').forEach((d) => d.close()));
}

async function openVex() {
  await showView(app.driver, 'rosters');
  await rosters.ready();
  if ((await rosters.read()).heading !== 'Friday Night Heroes') await rosters.selectRoster('Friday Night Heroes');
  if ((await sheet.read())?.title !== 'Vex') await rosters.click(await rosters.rowSelector('Vex', '.row-open'));
  await sheet.waitFor(async () => (await sheet.read())?.title === 'Vex' && (await sheet.read()).rolls.length > 0, 'the sheet of Vex did not open');
}

async function openDialog(className, open) {
  await open();
  await win.waitDialog(className);
}

/**
 * Every place the audit looks at: [name, view, go()]. `go` brings the window there from
 * wherever the last place left it.
 */
const PLACES = [
  ['rosters with a sheet', 'rosters', async () => {
    await openVex();
    await app.driver.executeScript(() => document.querySelector('.roll-panel .rp-close')?.click());
  }],
  ['the roll panel after a roll', 'rosters', async () => {
    await openVex();
    if (!(await sheet.readPanel())) await sheet.openRoll('abilities[0]');
    await sheet.typeInPanel('difficulty', 12);
    await sheet.setSeed(8);
    await app.driver.findElement({ css: '.roll-panel .roll-button' }).click();
    await sheet.waitFor(async () => (await sheet.readPanel())?.seed === '8', 'the roll did not show');
  }],
  ['quick roll', 'quick-roll', async () => {
    await showView(app.driver, 'quick-roll');
    const quick = new QuickRollPage(app.driver);
    await quick.ready();
    if ((await quick.rollCount()) === 0) {
      await quick.setSeed(3);
      await quick.pressRoll();
      await quick.waitForRoll(1);
    }
  }],
  ['the roll log', 'log', async () => {
    await showView(app.driver, 'log');
  }],
  ['an open encounter', 'encounters', async () => {
    const page = new EncounterPage(app.driver);
    await page.open(ENCOUNTER[0]);
    await page.until((p) => p.open && p.name === ENCOUNTER[1], 'the encounter did not open');
  }],
  ['the search', 'rosters', async () => {
    await showView(app.driver, 'rosters');
    await win.openSearch();
    await win.typeInSearch('tag:party');
    await win.waitFor(async () => (await win.readSearch())?.hits > 0, 'no hits');
  }],
  ['the shortcuts', 'rosters', () => openDialog('help-dialog', async () => {
    await app.driver.executeScript(() => document.activeElement?.blur());
    await win.press('?');
  })],
  ['new roster', 'rosters', () => openDialog('roster-dialog', () => win.click('#new-roster'))],
  ['new character', 'rosters', () => openDialog('character-dialog', () => win.click('#new-character'))],
  ['rename roster', 'rosters', () => openDialog('roster-dialog', () => win.click('.roster-rename'))],
  ['house rules', 'rosters', async () => {
    // Only a stunt roster has house rules (its level list and chart).
    await rosters.selectRoster('The Uncanny Stunt Squad');
    await openDialog('house-rules-dialog', () => win.click('.roster-houseRules'));
  }],
  ['print', 'rosters', () => openDialog('print-dialog', () => win.click('.roster-printRoster'))],
  ['tag', 'rosters', async () => {
    await openVex();
    await rosters.check('Vex');
    await openDialog('tag-dialog', () => win.click('.bulk-bar [data-action="tag"]'));
  }],
  ['move', 'rosters', async () => {
    await rosters.check('Vex');
    await openDialog('move-dialog', () => win.click('.bulk-bar [data-action="move"]'));
  }],
  ['import preview', 'rosters', async () => {
    await stubDialogs(app.driver, { open: EXAMPLES });
    await openDialog('import-dialog', () => win.click('#import-button'));
  }],
  ['a confirmation (clear the log)', 'log', async () => {
    await showView(app.driver, 'log');
    await openDialog('confirm-dialog', () => win.click('#log-clear'));
  }],
  ['add characters to an encounter', 'encounters', async () => {
    const page = new EncounterPage(app.driver);
    await page.open(ENCOUNTER[0]);
    await openDialog('encounter-add-dialog', () => page.click('#encounter-add-characters'));
  }],
];

/** Places drawn by the encounter view (ui/js/encounter/, another engineer's): reported, not failed. */
const ENCOUNTER_PLACES = new Set(['an open encounter', 'add characters to an encounter']);

/**
 * Findings left on purpose, each with why: reported, not failed. The sidebar's roster options
 * are named "Mutant Cats, Uniform Stunt Chart, 0 characters" (rosters.test.mjs asserts that
 * wording: the option names the whole system) while they show "Mutant Cats · STUNT · 0
 * characters", so axe's label-content-name-mismatch fires; making them agree changes that test.
 */
const KNOWN = [{ id: 'label-content-name-mismatch', target: /^#roster-[0-9a-f-]+$/ }];
const known = (violation, node) => KNOWN.some((k) => k.id === violation.id && k.target.test(node.target));

/** `violations` split into those to fail on and those known (see KNOWN). */
function sortOut(violations) {
  const fail = [];
  const left = [];
  for (const v of violations) {
    const [l, f] = [v.nodes.filter((n) => known(v, n)), v.nodes.filter((n) => !known(v, n))];
    if (f.length) fail.push({ ...v, nodes: f });
    if (l.length) left.push({ ...v, nodes: l });
  }
  return { fail, left };
}

describe('the audit: every view and dialog, at 1280×800 and 1024×700', { timeout: 20 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    win = new WindowPage(app.driver, app);
    rosters = new RostersPage(app.driver);
    sheet = new SheetPage(app.driver);
    await shellReady(app.driver);
    const cli = (...args) => app.cli('--json', ...args);
    cli('import', EXAMPLES, '--mode', 'merge');
    cli('roll', JSON.stringify({ system: 'd12', roll: 'straight', ranks: 2, difficulty: 12 }), '--seed', '7', '--character', 'Vex');
    cli('roll', JSON.stringify({ system: 'd12', roll: 'opposed', attacker_ranks: 3, defender_ranks: 1 }), '--seed', '2', '--character', 'Brick');
    cli('encounter', 'new', '--roster', ENCOUNTER[0], ENCOUNTER[1]);
    cli('encounter', 'add', ENCOUNTER[1], '--roster', ENCOUNTER[0], '--character', 'Captain Ines Moreau', '--character', 'Tobias Kell', '--npcs', '2');
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  for (const [width, height] of SIZES) {
    test(`${width}×${height}: nothing reaches out of its pane; axe finds nothing serious`, (t) => withShot(`${width}x${height}`, async () => {
      await closeDialogs();
      await win.setSize(width, height);
      const failures = [];
      for (const [name, view, go] of PLACES) {
        try {
          await go();
        } catch (error) {
          error.message = `${name}: ${error.message || error.name}`;
          throw error;
        }
        await app.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
        const layout = await paneProblems(app.driver, view);
        // axe once per place: colours and names do not change with the size.
        const { fail: axe, left } = sortOut(width === SIZES[1][0] ? await axeViolations(app.driver) : []);
        if (left.length) t.diagnostic(`${name}: known, left (see KNOWN):\n${describeViolations(left)}`);
        const said = [...layout.map((p) => `layout: ${p}`), ...(axe.length ? [describeViolations(axe)] : [])];
        if (said.length) {
          if (ENCOUNTER_PLACES.has(name)) t.diagnostic(`${name} (encounter view, reported only):\n${said.join('\n')}`);
          else failures.push(`${name}:\n${said.join('\n')}`);
        }
        if (name === 'the roll panel after a roll' && width === 1024) {
          const sight = await inSight(app.driver, ['.roll-button', '.success-value', '.chart', '.rp-result .verdict-outcome']);
          const away = Object.entries(sight).filter(([, where]) => where !== 'in sight');
          if (away.length) failures.push(`the roll panel at 1024×700: not all in sight at once: ${away.map(([s, w]) => `${s} ${w}`).join('; ')}`);
        }
        // Leave with no dialog open and nothing selected, as the next place expects.
        if (await app.driver.executeScript(() => Boolean(document.querySelector('dialog[open]')))) {
          await win.pressEscape();
          await closeDialogs();
        }
        await app.driver.executeScript(() => document.querySelector('.bulk-bar [data-action="clear"]')?.click());
        // The roll panel hides the rosters sidebar: closed, so the next place can pick a roster.
        await app.driver.executeScript(() => document.querySelector('.roll-panel .rp-close')?.click());
      }
      assert.deepEqual(failures, [], failures.join('\n\n'));
    }));
  }
});
