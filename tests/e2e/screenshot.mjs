// Drives the real app to a named scene and saves a screenshot of the window (WebDriver's own
// capture of the page). Used by scripts/screenshot.sh; run under Xvfb.
// Usage: node tests/e2e/screenshot.mjs OUT.png SCENE   (GTK_THEME=Adwaita:dark for the dark theme;
// SHOT_SIZE=1024x700 sets the window's size before the scene)
//
// SCENE is `FILE` or `FILE:EXPORT`: tests/e2e/scenes/FILE.mjs exports `scene(driver, helpers)`
// (and may export more scenes by other names), so every area keeps its scenes in its own file.
// A scene sets the window up for the picture (resolving to `{keepFocus: true}` keeps the focus
// ring in it); `helpers` is described at `makeHelpers` below.

import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { By, Key, until } from 'selenium-webdriver';
import { reloadPage, showView, startApp, takeScreenshot } from './app.mjs';
import { WAIT_MS } from './quick-roll-page.mjs';
import { WindowPage } from './window-page.mjs';
import { paneProblems } from './audit-page.mjs';

const SCENES_DIR = join(dirname(fileURLToPath(import.meta.url)), 'scenes');

/** What a scene gets besides the driver: the running app (its `cli` writes to the app's own
 *  database), selenium's By/Key/until, the common wait, `showView(name)` to switch tabs, and
 *  `reload()` to load the page again (after the CLI changed the database under it). */
function makeHelpers(app) {
  const { driver } = app;
  return {
    app,
    cli: app.cli,
    By,
    Key,
    until,
    WAIT_MS,
    showView: (name) => showView(driver, name),
    // The page loaded again and its shell mounted (not the old page's "complete").
    reload: () => reloadPage(driver, WAIT_MS),
  };
}

/** `rosters` -> scenes/rosters.mjs `scene`; `quick-roll:marks` -> scenes/quick-roll.mjs `marks`. */
async function loadScene(name) {
  const [file, exported = 'scene'] = String(name ?? '').split(':');
  const path = join(SCENES_DIR, `${file}.mjs`);
  if (!/^[\w-]+$/.test(file) || !existsSync(path)) return null;
  const module = await import(pathToFileURL(path).href);
  return typeof module[exported] === 'function' ? module[exported] : null;
}

function sceneNames() {
  return readdirSync(SCENES_DIR).filter((f) => f.endsWith('.mjs')).map((f) => f.slice(0, -4)).join(', ');
}

const [out, name] = process.argv.slice(2);
const scene = out ? await loadScene(name) : null;
if (!scene) {
  console.error(`usage: screenshot.mjs OUT.png SCENE (a file of tests/e2e/scenes: ${sceneNames()}; FILE:EXPORT for its other scenes)`);
  process.exit(2);
}
const app = await startApp();
try {
  const size = /^(\d+)x(\d+)$/.exec(process.env.SHOT_SIZE ?? '');
  if (size) await new WindowPage(app.driver).setSize(Number(size[1]), Number(size[2]));
  const shown = await scene(app.driver, makeHelpers(app));
  // Nothing focused, so no focus ring or caret in the picture (unless the scene shows focus).
  if (!shown?.keepFocus) await app.driver.executeScript(() => document.activeElement?.blur());
  // Two animation frames: the last change is painted before the capture.
  await app.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  // Kept painting meanwhile: WebKit's driver answers after the next paint, and an idle page
  // never paints again (a 1 px speck, all but transparent, in the corner; app.mjs).
  writeFileSync(out, await takeScreenshot(app.driver), 'base64');
  // What reaches out of its pane in the picture (audit.test.mjs fails on it; here it is said).
  const view = await app.driver.executeScript(() => document.querySelector('[role="tab"][aria-selected="true"]')?.dataset.view ?? null);
  for (const problem of await paneProblems(app.driver, view)) console.error(`layout: ${problem}`);
} finally {
  await app.stop();
}
