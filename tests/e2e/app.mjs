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
import { Builder } from 'selenium-webdriver';

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
  const tab = await driver.wait(
    async () => (await driver.findElements({ css: `[role="tablist"][data-ready] [role="tab"][data-view="${name}"]` }))[0] ?? null,
    timeoutMs,
    `the app bar has no working "${name}" tab`,
  );
  await tab.click();
  await driver.wait(
    async () => driver.executeScript((view) => {
      const panel = document.getElementById(`view-${view}`);
      return Boolean(panel && !panel.hidden && panel.getBoundingClientRect().width > 0);
    }, name),
    timeoutMs,
    `the "${name}" view did not show`,
  );
}

/** Where a failing test leaves its picture of the window. */
/**
 * What a scene (tests/e2e/scenes/) needs of a running app: its command line, the wait, a view
 * shown and a reload that waits for the page.
 */
export function sceneHelpers(app, waitMs = 30_000) {
  return {
    cli: app.cli,
    WAIT_MS: waitMs,
    showView: (name) => showView(app.driver, name),
    reload: async () => {
      await app.driver.navigate().refresh();
      await app.driver.wait(async () => app.driver.executeScript(() => document.readyState === 'complete'), waitMs);
    },
  };
}

export const ARTIFACTS = join(REPO_ROOT, 'tests', 'e2e', 'artifacts');

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
      try {
        mkdirSync(ARTIFACTS, { recursive: true });
        const file = join(ARTIFACTS, `${prefix}${name.replace(/\W+/g, '-')}.png`);
        writeFileSync(file, await driver().takeScreenshot(), 'base64');
        error.message += `\n(screenshot: ${file})`;
      } catch {
        // no window to show
      }
      throw error;
    }
  };
}
