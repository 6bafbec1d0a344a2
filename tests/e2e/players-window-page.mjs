// The app's players' window (label `players`, ui/players/index.html) as a test sees it through
// WebDriver: a second window handle of the same session. Every WebDriver command sent while
// that window is the current one (and the switches to and from it) runs under a timer of its
// own (`CALL_MS`): a command that never answers fails the test at once, naming the command and
// the time it was given, instead of eating CI's time. Once one has hung the session is not
// trusted again: every later call on the players' window fails straight away (the test's
// `after` stops the app, which ends the pending command).
//
// The GM acts in the main window; a wait switches to the players' window, polls it with ONE
// script per read (`readPlayersWindow`), and switches back, so the main window is the current
// one whenever the GM acts. The players' window is entered only once its X window is mapped
// (xdotool) and its handle is listed, read only once `document.readyState` is complete and
// `#app` shows an encounter, and pictured only once it says it is visible and two frames have
// gone by, and kept painting until the picture is taken (a screenshot of a window that does not
// paint never answers).

import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ARTIFACTS, startPaintSpeck, stopPaintSpeck, takeScreenshot } from './app.mjs';

/**
 * How long one WebDriver command on the players' window may take. Seen: 1 ms – 2 s for a
 * switch or a read, up to 6 s for the wait for two frames or a screenshot on a loaded 2-core
 * machine (software rendering).
 */
export const CALL_MS = 20_000;
/** The players' window's title (`players_window_open`, src-tauri/src/desktop/commands/players.rs). */
/** The players' window's title: "ENCOUNTER — Players' view — Rollbook" (the app sets it). */
export const WINDOW_TITLE = "Players' view — Rollbook";

/** The interval of the polling loops below (`attach`, `untilHere`): each waits FOR a state, bounded. */
const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Everything the players' page shows, read in one go (runs inside the players' window). */
export function readPlayersWindow() {
  const text = (node) => node?.textContent.trim() ?? null;
  const app = document.getElementById('app');
  const status = document.getElementById('status');
  const chips = (root, selector) => [...(root?.querySelectorAll(selector) ?? [])]
    .map((chip) => ({ label: text(chip.querySelector('.chip-label'))?.replace(/:$/, ''), value: text(chip.querySelector('.chip-value')) }));
  return {
    ready: document.readyState,
    visibility: document.visibilityState,
    href: location.href,
    view: app?.dataset.view ?? null,
    system: app?.dataset.system ?? null,
    transport: app?.dataset.status ?? null,
    title: document.title,
    encounter: text(document.getElementById('encounter-name')),
    round: text(document.getElementById('round')),
    now: text(document.querySelector('#now .now-name')),
    next: document.querySelector('#now .now-next')?.hidden === false ? text(document.querySelector('#now .now-next-name')) : null,
    status: status && !status.hidden ? text(status) : null,
    rows: [...document.querySelectorAll('#order > li.row')].map((row) => {
      const health = row.querySelector('.health');
      return {
        id: row.dataset.id,
        name: text(row.querySelector('.row-name')),
        side: text(row.querySelector('.side')),
        current: row.getAttribute('aria-current') === 'true',
        mark: text(row.querySelector('.row-mark')),
        health: health && !health.hidden ? text(health.querySelector('.sr-only')) : null,
        healthShown: health && !health.hidden ? text(health.querySelector('.health-text')) : null,
        healthWord: health && !health.hidden ? health.dataset.word ?? null : null,
        stats: chips(row, '.stats > li.chip'),
        effects: [...row.querySelectorAll('.effects > li')].map(text),
      };
    }),
    table: [...document.querySelectorAll('#table-stats > .stat')]
      .map((stat) => ({ label: text(stat.querySelector('dt')), value: text(stat.querySelector('dd')) })),
    rolls: [...document.querySelectorAll('#rolls > li.roll')].map((li) => ({
      who: text(li.querySelector('.roll-who')),
      roll: text(li.querySelector('.roll-what')),
      dice: [...li.querySelectorAll('.dice .die:not(.die-more)')].map((d) => Number(d.textContent)),
      outcome: text(li.querySelector('.roll-outcome')),
      result: li.dataset.result ?? null,
      chance: li.querySelector('.roll-chance')?.hidden === false ? text(li.querySelector('.roll-chance')) : null,
    })),
    noRolls: document.getElementById('rolls-empty')?.hidden === false,
    html: document.documentElement.outerHTML,
  };
}

/** The X windows titled `title` that are mapped (viewable), by id; [] when xdotool finds none. */
export function mappedWindows(title = WINDOW_TITLE) {
  try {
    return execFileSync('xdotool', ['search', '--onlyvisible', '--name', `${title}$`], { encoding: 'utf8', timeout: 5_000 })
      .split('\n').filter(Boolean);
  } catch {
    return []; // xdotool exits 1 when nothing matches
  }
}

export class PlayersWindow {
  /** `driver` is the app's session; its current window must be the GM's when this is made. */
  constructor(driver) {
    this.driver = driver;
    this.main = null;
    this.handle = null;
    this.broken = null;
    this.inside = false;
    /** Milliseconds each kind of call took: `{switch: [..], script: [..], …}`. */
    this.timings = {};
  }

  /** Runs one WebDriver command under its own timer; `what` names it in the failure. */
  async call(what, command, ms = CALL_MS) {
    if (this.broken) throw new Error(`not sent (${what}): an earlier WebDriver command on the players' window hung (${this.broken})`);
    const started = Date.now();
    let timer;
    const timeout = new Promise((_, fail) => {
      timer = setTimeout(() => {
        this.broken = `${what}, no answer in ${ms / 1000} s`;
        fail(new Error(`WebDriver did not answer "${what}" on the players' window within ${ms / 1000} s`));
      }, ms);
    });
    try {
      return await Promise.race([command(), timeout]);
    } finally {
      clearTimeout(timer);
      const kind = what.split(' ')[0];
      (this.timings[kind] ??= []).push(Date.now() - started);
    }
  }

  /** Throws at once when an earlier command on the players' window hung (the session is not trusted). */
  usable() {
    if (this.broken) throw new Error(`not run: WebDriver hung on the players' window earlier (${this.broken})`);
  }

  /** One line per kind of call: how many, median and slowest (for the test's output). */
  timingSummary() {
    return Object.entries(this.timings).map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return `${kind}: ${sorted.length} calls, median ${sorted[Math.floor((sorted.length - 1) / 2)]} ms, slowest ${sorted.at(-1)} ms`;
    }).join('; ');
  }

  /**
   * After the GM opened the players' window: waits until its X window is mapped and WebDriver
   * lists a second handle, and remembers both handles. Answers how long that took.
   */
  async attach(timeoutMs = 30_000) {
    const started = Date.now();
    this.main ??= await this.call('handle', () => this.driver.getWindowHandle());
    const deadline = started + timeoutMs;
    let handles = [];
    let mapped = [];
    while (Date.now() < deadline) {
      mapped = mappedWindows();
      handles = await this.call('handles', () => this.driver.getAllWindowHandles());
      if (mapped.length > 0 && handles.length === 2) break;
      await pause(100);
    }
    if (handles.length !== 2 || mapped.length === 0) {
      throw new Error(`the players' window did not open within ${timeoutMs / 1000} s (handles: ${handles.length}, mapped X windows titled "${WINDOW_TITLE}": ${mapped.length})`);
    }
    const other = handles.filter((h) => h !== this.main);
    if (other.length !== 1) throw new Error(`cannot tell the players' window among ${JSON.stringify(handles)} (main ${this.main})`);
    if (this.handle && this.handle !== other[0]) throw new Error('the players\' window was opened anew instead of reused');
    this.handle = other[0];
    return Date.now() - started;
  }

  /** Whether WebDriver still lists exactly the GM's window and the players'. */
  async handles() {
    return this.call('handles', () => this.driver.getAllWindowHandles());
  }

  async enter() {
    if (!this.handle) throw new Error('attach() first: the players\' window is not known yet');
    await this.call('switch:players', () => this.driver.switchTo().window(this.handle));
    this.inside = true;
  }

  async leave() {
    if (!this.inside) return;
    await this.call('switch:main', () => this.driver.switchTo().window(this.main));
    this.inside = false;
  }

  /** Runs `body()` with the players' window current, and always goes back to the GM's. */
  async within(body) {
    await this.enter();
    try {
      return await body();
    } finally {
      if (!this.broken) await this.leave();
    }
  }

  /** One read of the page (the window must be current). */
  readHere() {
    return this.call('script:read', () => this.driver.executeScript(readPlayersWindow));
  }

  /**
   * Polls the page (staying in the players' window) until it is loaded, shows an encounter and
   * `check(page)` holds; answers that page. Fails with the last page read in the message.
   */
  async untilHere(check, message, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let page = null;
    for (;;) {
      page = await this.readHere();
      if (page.ready === 'complete' && page.view === 'encounter' && check(page)) return page;
      if (Date.now() > deadline) {
        const { html, ...shown } = page;
        throw new Error(`${message} (within ${timeoutMs / 1000} s; the players' window shows ${JSON.stringify(shown)})`);
      }
      await pause(100);
    }
  }

  /**
   * Sends the players' window away from its page, as a page lost leaves it (blank), and waits
   * until it shows no players' page; answers what it shows then.
   */
  async losePage() {
    return this.within(async () => {
      await this.call('navigate:blank', () => this.driver.get('about:blank'));
      const page = await this.readHere();
      if (page.view !== null || page.href !== 'about:blank') throw new Error(`the players' window still shows its page: ${JSON.stringify(page)}`);
      return page;
    });
  }

  /** Switches in, waits for `check`, switches back; answers the page and the ms it took. */
  async until(check, message, timeoutMs = 30_000) {
    const started = Date.now();
    const page = await this.within(() => this.untilHere(check, message, timeoutMs));
    return { page, ms: Date.now() - started };
  }

  /**
   * The window's picture (WebDriver's screenshot of it), written to `file`. WebKit's driver
   * answers a screenshot after the page's next paint, so a window that is not shown (unmapped:
   * `visibilityState` hidden) would never answer: it is asked only once the page says visible.
   */
  async screenshot(file) {
    const png = await this.within(async () => {
      await this.untilHere((p) => p.visibility === 'visible', 'the players\' window is not shown, so it cannot be pictured');
      // The window paints behind its DOM (seconds behind on a loaded machine): let two frames
      // go by, so the picture shows what the reads saw.
      await this.call('script:frames', () => this.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
      // WebKit's driver answers a screenshot after the page's next paint, and a page where
      // nothing changes (no caret, no animation) does not paint again: it hung here now and then.
      // Until the picture is taken the page keeps painting (app.mjs, `startPaintSpeck`).
      await this.call('script:paint', () => this.driver.executeScript(startPaintSpeck));
      try {
        return await this.call('screenshot', () => this.driver.takeScreenshot());
      } finally {
        if (!this.broken) await this.call('script:paint', () => this.driver.executeScript(stopPaintSpeck));
      }
    });
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, png, 'base64');
    return file;
  }

  /** Calls `command` through the window's own `__TAURI__`; answers `{ok}` or `{refused}` (the error's words). */
  async invoke(command, args = {}) {
    return this.within(() => this.call(`script:invoke ${command}`, () => this.driver.executeAsyncScript((name, given, done) => {
      const say = (error) => (typeof error === 'string' ? error : error?.message ?? JSON.stringify(error));
      try {
        window.__TAURI__.core.invoke(name, given).then((value) => done({ ok: value ?? null }), (error) => done({ refused: say(error) }));
      } catch (error) {
        done({ refused: `threw: ${say(error)}` });
      }
    }, command, args)));
  }
}

/** Pictures the X window `id` (or the whole screen: `root`) with ImageMagick's import; never blocks WebDriver. */
function xShot(id, file) {
  execFileSync('import', ['-window', id, file], { timeout: 10_000, stdio: 'ignore' });
  return file;
}

/**
 * `withShot(name, body)` for this file's tests, like app.mjs's `screenshotOnFailure` but safe
 * after a hang: the GM's window is pictured through WebDriver only while the session is trusted
 * (back on it first, under the same timer), the players' window through the X server (import),
 * and the whole screen when WebDriver cannot be used. The files are named in the error.
 */
export function shotsOnFailure(prefix, players) {
  return async function withShot(name, body) {
    try {
      await body();
    } catch (error) {
      const base = join(ARTIFACTS, `${prefix}${name.replace(/\W+/g, '-')}`);
      const saved = [];
      mkdirSync(ARTIFACTS, { recursive: true });
      try {
        await players.leave();
        const png = await players.call('screenshot:gm', () => takeScreenshot(players.driver));
        writeFileSync(`${base}-gm.png`, png, 'base64');
        saved.push(`${base}-gm.png`);
      } catch {
        try {
          saved.push(xShot('root', `${base}-screen.png`));
        } catch {
          // no picture of the screen
        }
      }
      for (const id of mappedWindows()) {
        try {
          saved.push(xShot(id, `${base}-players.png`));
        } catch {
          // no picture of the players' window
        }
      }
      if (saved.length) error.message += `\n(screenshots: ${saved.join(', ')})`;
      throw error;
    }
  };
}
