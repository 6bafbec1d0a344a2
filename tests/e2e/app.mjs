// Starts the real Rollbook binary under tauri-driver + WebKitWebDriver and stops all of it again.
// Every run gets its own HOME and XDG directories in a temp dir, so a test never touches a real
// user's data, and a marker variable in its environment, so cleanup can find exactly the
// processes this run started (the app is a grandchild: tauri-driver -> WebKitWebDriver -> app).

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, openSync, closeSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { Builder, By, Key } from 'selenium-webdriver';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The command line; the tests start the window through it (no subcommand), as a user does. */
export const BINARY = resolve(REPO_ROOT, process.env.ROLLBOOK_BIN || 'target/debug/rollbook');
/** The window's own binary beside it, which `rollbook` hands over to (same process, exec). */
export const APP_BINARY = join(dirname(BINARY), 'rollbook-app');
const NATIVE_DRIVER = process.env.WEBKIT_WEBDRIVER || '/usr/bin/WebKitWebDriver';
const TAURI_DRIVER = process.env.TAURI_DRIVER || 'tauri-driver';

/** Generous: a cold WebKit start on a loaded 2-core machine with software GL is slow. */
export const STARTUP_TIMEOUT_MS = 120_000;

/** A TCP port nobody listens on right now (tauri-driver and WebKitWebDriver each need one). */
function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitForStatus(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`tauri-driver exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((ok) => setTimeout(ok, 200));
  }
  throw new Error(`tauri-driver did not answer ${url} within ${timeoutMs / 1000} s (last: ${last})`);
}

/** Pids of live processes whose environment holds `NAME=value` (only processes we may read). */
function pidsWithEnv(name, value) {
  const needle = `${name}=${value}`;
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'latin1');
      if (environ.split('\0').includes(needle)) pids.push(Number(entry));
    } catch {
      // gone already, or not ours
    }
  }
  return pids;
}

function killAll(pids, signal) {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The environment of the app and the CLI: private HOME and XDG dirs, plus the run marker. */
function privateEnv(root, marker, extra) {
  const dirs = { HOME: 'home', XDG_DATA_HOME: 'data', XDG_CONFIG_HOME: 'config', XDG_CACHE_HOME: 'cache', XDG_STATE_HOME: 'state' };
  const env = { ...process.env, ROLLBOOK_E2E_RUN: marker, ...extra };
  for (const [name, sub] of Object.entries(dirs)) {
    env[name] = join(root, sub);
    mkdirSync(env[name], { recursive: true });
  }
  return env;
}

/**
 * Opens the app. Resolves to `{driver, env, dataDir, root, cli, stop}`; `stop()` is safe to call
 * twice and also runs if the test process exits early. `options.env` adds variables
 * (GTK_THEME=…). `options.root` reopens the app on the dirs of an earlier run (its `root`, kept
 * by that run's `stop({keep: true})`), as a restart of the app would; the caller removes it.
 */
export async function startApp(options = {}) {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'rollbook-e2e-'));
  const marker = randomUUID();
  const env = privateEnv(root, marker, options.env);
  const port = await freePort();
  const nativePort = await freePort();
  const logPath = join(root, 'tauri-driver.log');
  const log = openSync(logPath, 'a');
  const child = spawn(TAURI_DRIVER, ['--port', String(port), '--native-port', String(nativePort), '--native-driver', NATIVE_DRIVER], {
    env,
    detached: true, // its own process group, so one signal reaches WebKitWebDriver too
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const spawned = new Promise((ok, fail) => {
    child.once('spawn', ok);
    child.once('error', (error) => fail(new Error(`cannot start ${TAURI_DRIVER}: ${error.message}`)));
  });

  let stopped = false;
  const killEverything = () => {
    if (child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // group already gone
      }
    }
    killAll(pidsWithEnv('ROLLBOOK_E2E_RUN', marker), 'SIGKILL');
  };
  const onExit = () => killEverything();
  const onSignal = (signal) => {
    killEverything();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  let driver = null;
  const stop = async ({ keep = Boolean(options.root) } = {}) => {
    if (stopped) return;
    stopped = true;
    if (driver) {
      let timer;
      const giveUp = new Promise((ok) => {
        timer = setTimeout(ok, 15_000);
      });
      await Promise.race([driver.quit().catch(() => {}), giveUp]);
      clearTimeout(timer);
    }
    killEverything();
    // The kernel needs a moment to reap; wait (bounded) until no process of this run is left.
    const deadline = Date.now() + 10_000;
    while (pidsWithEnv('ROLLBOOK_E2E_RUN', marker).length && Date.now() < deadline) {
      await new Promise((ok) => setTimeout(ok, 100));
    }
    process.removeListener('exit', onExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (!keep && !process.env.ROLLBOOK_E2E_KEEP) rmSync(root, { recursive: true, force: true });
  };

  try {
    await spawned;
    await waitForStatus(`http://127.0.0.1:${port}/status`, child, STARTUP_TIMEOUT_MS);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}/`)
      .withCapabilities({ browserName: 'wry', 'tauri:options': { application: BINARY } })
      .build();
    await driver.manage().setTimeouts({ script: 60_000, pageLoad: STARTUP_TIMEOUT_MS, implicit: 0 });
  } catch (error) {
    let driverLog = '';
    try {
      driverLog = readFileSync(logPath, 'utf8').slice(-4000);
    } catch {
      // no log
    }
    await stop();
    error.message += driverLog ? `\n--- tauri-driver log ---\n${driverLog}` : '';
    throw error;
  }

  const cli = (...args) => JSON.parse(execFileSync(BINARY, args, { env, encoding: 'utf8', timeout: 60_000 }));
  return { driver, env, dataDir: env.XDG_DATA_HOME, root, marker, cli, stop, processes: () => pidsWithEnv('ROLLBOOK_E2E_RUN', marker) };
}

/**
 * Switches the window to a tab of the app bar (`rosters`, `quick-roll`, `log`) the way a user
 * does, by clicking it, and waits until its view is shown. Tabs are `[role=tab][data-view=NAME]`
 * controlling `#view-NAME`, in a tablist marked `data-ready` once they work.
 */
export async function showView(driver, name, timeoutMs = 30_000) {
  // The page may still be loading when the session starts: a click before the shell wired
  // the tabs (`data-ready` on the tablist) would be lost.
  await clickWhenClickable(driver, `[role="tablist"][data-ready] [role="tab"][data-view="${name}"]`, { timeoutMs, what: `the app bar's "${name}" tab` });
  let last = null;
  await driver.wait(async () => {
    last = await driver.executeScript((view) => {
      const panel = document.getElementById(`view-${view}`);
      return {
        selected: document.querySelector('[role="tab"][aria-selected="true"]')?.dataset.view ?? null,
        shown: Boolean(panel && !panel.hidden && panel.getBoundingClientRect().width > 0),
      };
    }, name);
    return last.selected === name && last.shown;
  }, timeoutMs, `the "${name}" view did not show`).catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(last)})`;
    throw error;
  });
}

/** How long a wait for something the window shows may take (a loaded 2-core CI machine). */
export const WAIT_MS = 30_000;

/**
 * Loads the page again and waits until the new page's shell has mounted every view (`#views`
 * loses its aria-busy; the store's error screen removes it too). The old page's state does not
 * count: the refresh has replaced it before the wait starts, and the new page starts busy.
 */
export async function reloadPage(driver, timeoutMs = WAIT_MS) {
  await driver.navigate().refresh();
  let last = null;
  await driver.wait(async () => {
    last = await driver.executeScript(() => {
      const views = document.getElementById('views');
      return { ready: document.readyState, views: Boolean(views), busy: views?.getAttribute('aria-busy') ?? null };
    }).catch((error) => ({ error: error.name }));
    return last.ready === 'complete' && last.views && last.busy === null;
  }, timeoutMs, 'the page did not load again').catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(last)})`;
    throw error;
  });
}

/**
 * In the page: why a click at the middle of `node` (as WebDriver clicks: the middle of its first
 * box in sight) would not reach it, in words, or null when it would. The node is scrolled into
 * sight first (the panes scroll on their own). An `<option>` is left to WebDriver (its select
 * is what shows).
 */
function clickBlocker(node, closeToast = true) {
  if (!node.isConnected) return 'it left the page';
  if (node.matches(':disabled')) return 'it is disabled';
  if (node.closest('option, select')) return node.closest('select')?.matches(':disabled') ? 'its select is disabled' : null;
  if (node.getClientRects().length === 0 || getComputedStyle(node).visibility === 'hidden') return 'it is not shown';
  node.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = node.getClientRects()[0];
  const left = Math.max(box.left, 0);
  const right = Math.min(box.right, innerWidth);
  const top = Math.max(box.top, 0);
  const bottom = Math.min(box.bottom, innerHeight);
  if (right <= left || bottom <= top) return 'it is out of the window';
  const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
  if (!hit) return 'nothing is at its middle';
  const label = node.closest('label');
  if (hit === node || node.contains(hit) || (label && label.contains(hit)) || hit.closest('label')?.control === node) return null;
  const text = (hit.textContent ?? '').trim().slice(0, 40);
  const toast = hit.closest('.toast');
  if (toast && closeToast) {
    // A toast left by an earlier step sits over it: closed with its ×, as the GM would (waiting
    // for it to leave could take 14 s, and a toast under the pointer does not leave at all).
    toast.querySelector('.toast-close')?.click();
    return `the toast “${text}” covered it (closed)`;
  }
  return `<${hit.tagName.toLowerCase()} class="${hit.className}">${text ? ` “${text}”` : ''} covers it`;
}

/** What WebDriver answers when a click did not land (and may land once the page moves on). */
const CLICK_RETRIES = new Set(['StaleElementReferenceError', 'ElementClickInterceptedError', 'ElementNotInteractableError', 'NoSuchElementError']);

/**
 * Clicks `target` (a CSS selector, or a function answering the element, found afresh on every
 * try) once the click can land on it: it is in the page, shown, enabled and nothing covers its
 * middle (another dialog; a toast at the bottom left is closed). A row drawn anew meanwhile
 * (stale) is found again. `modifiers` (e.g. [Key.SHIFT]) are held down for the click. Fails naming what
 * was last in the way.
 */
export async function clickWhenClickable(driver, target, { timeoutMs = WAIT_MS, modifiers = [], what = String(target) } = {}) {
  const locate = typeof target === 'function' ? target : async () => (await driver.findElements(By.css(target)))[0] ?? null;
  let last = 'not tried';
  await driver.wait(async () => {
    try {
      const element = await locate();
      if (!element) {
        last = 'nothing matches it';
        return false;
      }
      const blocker = await driver.executeScript(clickBlocker, element);
      if (blocker) {
        last = blocker;
        return false;
      }
      if (modifiers.length) {
        const actions = driver.actions();
        for (const key of modifiers) actions.keyDown(key);
        actions.click(element);
        for (const key of [...modifiers].reverse()) actions.keyUp(key);
        await actions.perform();
      } else {
        await element.click();
      }
      return true;
    } catch (error) {
      if (!CLICK_RETRIES.has(error.name)) throw error;
      last = `${error.name}: ${error.message.split('\n')[0]}`;
      return false;
    }
  }, timeoutMs, `could not click ${what}`).catch((error) => {
    if (error.name === 'TimeoutError') error.message += ` (last: ${last})`;
    throw error;
  });
}

/**
 * Clicks a text field to put the caret in it, as the GM would, when nothing covers it. A field
 * a toast covers is not clicked (nor the toast closed: a test may be counting toasts): typing
 * into it with WebDriver's sendKeys focuses it all the same. Waits until it is in the page and
 * shown.
 */
export async function clickField(driver, selector, timeoutMs = WAIT_MS) {
  let last = null;
  const input = await driver.wait(async () => {
    const element = (await driver.findElements(By.css(selector)))[0] ?? null;
    last = element ? await driver.executeScript((node) => node.getClientRects().length > 0, element) : null;
    return last ? element : null;
  }, timeoutMs, `${selector} did not show`).catch((error) => {
    error.message += last === null ? ' (nothing matches it)' : ' (it is not shown)';
    throw error;
  });
  const blocker = await driver.executeScript(clickBlocker, input, false);
  if (!blocker) {
    try {
      await input.click();
    } catch (error) {
      if (!CLICK_RETRIES.has(error.name)) throw error;
    }
  }
  return input;
}

/**
 * Clicks `selector`, then types `value` over what the input holds (select all, delete, type:
 * separate calls, as WebKitWebDriver drops keys sent right after a Ctrl+A chord, and now and
 * then one after it on a loaded machine: typed again until the input holds exactly `value`).
 * Answers the input; fails with what it holds if it never takes the value.
 */
export async function typeInto(driver, selector, value) {
  const wanted = String(value);
  await clickField(driver, selector, WAIT_MS);
  const input = await driver.findElement(By.css(selector));
  let held = null;
  for (let attempt = 0; attempt < 3 && held !== wanted; attempt += 1) {
    await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await input.sendKeys(Key.BACK_SPACE);
    if (wanted !== '') await input.sendKeys(wanted);
    held = await input.getAttribute('value');
  }
  if (held !== wanted) throw new Error(`${selector} holds ${JSON.stringify(held)} after typing ${JSON.stringify(wanted)} three times`);
  return input;
}

/**
 * What a scene (tests/e2e/scenes/) needs of a running app: its command line, the wait, a view
 * shown and a reload that waits for the page.
 */
export function sceneHelpers(app, waitMs = WAIT_MS) {
  return {
    cli: app.cli,
    WAIT_MS: waitMs,
    showView: (name) => showView(app.driver, name),
    reload: () => reloadPage(app.driver, waitMs),
  };
}

export const ARTIFACTS = join(REPO_ROOT, 'tests', 'e2e', 'artifacts');

/**
 * In the page: until `stopPaintSpeck`, a speck in the bottom right corner (1 px, all but
 * transparent) changes on every frame. WebKit's driver answers a screenshot after the page's
 * next paint, and a page where nothing changes (no caret blinking, no animation) never paints
 * again: the screenshot then never answered. With the speck there always is a next paint.
 */
export function startPaintSpeck() {
  if (document.getElementById('e2e-paint-speck')) return;
  const speck = document.createElement('div');
  speck.id = 'e2e-paint-speck';
  speck.setAttribute('aria-hidden', 'true');
  speck.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;pointer-events:none;background:#000;opacity:0.01;z-index:2147483647';
  document.body.append(speck);
  let odd = false;
  const tick = () => {
    if (!speck.isConnected) return;
    odd = !odd;
    speck.style.opacity = odd ? '0.02' : '0.01';
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** In the page: takes the speck of `startPaintSpeck` away. */
export function stopPaintSpeck() {
  document.getElementById('e2e-paint-speck')?.remove();
}

/** WebDriver's picture of the current window (base64 PNG), with the page kept painting meanwhile. */
export async function takeScreenshot(driver) {
  await driver.executeScript(startPaintSpeck);
  try {
    return await driver.takeScreenshot();
  } finally {
    await driver.executeScript(stopPaintSpeck).catch(() => {});
  }
}

/**
 * `withShot(name, body)` for a test file: runs `body`, and when it throws saves the window as
 * `tests/e2e/artifacts/PREFIXNAME.png` and names that file in the error, so a CI failure shows
 * what the GM would have seen. `driver()` is asked only then (the app starts in `before`).
 */
export function screenshotOnFailure(prefix, driver) {
  return async function withShot(name, body) {
    try {
      await body();
    } catch (error) {
      let timer;
      try {
        mkdirSync(ARTIFACTS, { recursive: true });
        const file = join(ARTIFACTS, `${prefix}${name.replace(/\W+/g, '-')}.png`);
        // Bounded: a picture that does not come must not hide the failure it is for.
        const gaveUp = new Promise((_, fail) => {
          timer = setTimeout(() => fail(new Error('no screenshot within 30 s')), 30_000);
        });
        writeFileSync(file, await Promise.race([takeScreenshot(driver()), gaveUp]), 'base64');
        error.message += `\n(screenshot: ${file})`;
      } catch {
        // no window to show
      } finally {
        clearTimeout(timer);
      }
      throw error;
    }
  };
}
