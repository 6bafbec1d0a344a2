// The window as a whole as a test sees it: its modal dialogs (closed by Esc, a click outside or
// a close button), the global search, the window's size, the shell's scroll position, real
// mouse-wheel turns over any part of it, and `layoutProblems`, a check of a pane's layout any
// test or scene can use. Every wait waits FOR something the GM would see.

import { execFileSync } from 'node:child_process';
import { Key, Origin } from 'selenium-webdriver';
import { clickWhenClickable } from './app.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

export const WAIT_MS = 30_000;

/** Is xdotool there to turn a real mouse wheel (the e2e run's Xvfb display)? */
function haveXdotool() {
  if (!process.env.DISPLAY) return false;
  try {
    execFileSync('xdotool', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with the layout inside the pane `paneSelector`, in words (empty when nothing):
 * an element reaching out of the pane sideways (or the pane scrolling sideways), two controls
 * (inputs, selects, buttons) covering each other, and an input too narrow to show its value.
 * Elements clipped on purpose (visually hidden, or inside an `overflow: hidden` box) and those
 * inside a box that scrolls sideways (which is itself checked) are left out. `options.controls` changes what counts as a control.
 */
export function layoutProblems(driver, paneSelector, { controls = 'input:not([type="checkbox"]):not([type="radio"]), select, textarea, button' } = {}) {
  return driver.executeScript((selector, controlSelector) => {
    const pane = document.querySelector(selector);
    if (!pane) return [`no pane ${selector}`];
    const problems = [];
    const box = pane.getBoundingClientRect();
    const inner = { left: box.left + pane.clientLeft, right: box.left + pane.clientLeft + pane.clientWidth };
    const name = (node) => {
      const path = node.closest('[data-path]')?.dataset.path;
      const text = (node.getAttribute('aria-label') || node.textContent || '').trim().slice(0, 40);
      return `<${node.tagName.toLowerCase()} class="${node.className}">${text ? ` “${text}”` : ''}${path ? ` at ${path}` : ''}`;
    };
    const clipped = (node) => {
      for (let at = node; at && at !== pane; at = at.parentElement) {
        if (at.classList.contains('visually-hidden')) return true;
        // Clipped, or inside a box of the pane that scrolls sideways on purpose (the house
        // rules chart): that box's own width is what is checked.
        if (at !== node && ['hidden', 'clip', 'auto', 'scroll'].includes(getComputedStyle(at).overflowX)) return true;
      }
      return false;
    };
    // WebKit gives the content of a closed <details> boxes: it is not shown all the same.
    const folded = (node) => {
      const details = node.closest('details:not([open])');
      return Boolean(details) && !details.querySelector(':scope > summary')?.contains(node);
    };
    const shown = (node) => node.getClientRects().length > 0 && getComputedStyle(node).visibility !== 'hidden' && !folded(node);
    // (A pane that clips cannot scroll: what reaches out of it is found below.)
    const scrolls = !['hidden', 'clip'].includes(getComputedStyle(pane).overflowX);
    if (scrolls && pane.scrollWidth > pane.clientWidth + 1) problems.push(`${selector} scrolls sideways: ${pane.scrollWidth} px of content in ${pane.clientWidth} px`);
    for (const node of pane.querySelectorAll('*')) {
      if (!shown(node) || clipped(node)) continue;
      const r = node.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < inner.left - 1 || r.right > inner.right + 1) {
        problems.push(`${name(node)} reaches out of the pane: ${Math.round(r.left)}–${Math.round(r.right)} px, the pane is ${Math.round(inner.left)}–${Math.round(inner.right)} px`);
      }
    }
    const items = [...pane.querySelectorAll(controlSelector)].filter((node) => shown(node) && !clipped(node));
    const rects = items.map((node) => node.getBoundingClientRect());
    for (let i = 0; i < items.length; i += 1) {
      for (let j = i + 1; j < items.length; j += 1) {
        const a = rects[i];
        const b = rects[j];
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1 && !items[i].contains(items[j]) && !items[j].contains(items[i])) {
          problems.push(`${name(items[i])} and ${name(items[j])} overlap (${Math.round(w)}×${Math.round(h)} px)`);
        }
      }
    }
    // An input's value must fit in it (with a number field's spin buttons beside it).
    const canvas = document.createElement('canvas').getContext('2d');
    for (const input of items.filter((node) => node.tagName === 'INPUT' && node.value !== '')) {
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - (input.type === 'number' ? 16 : 0);
      const needed = canvas.measureText(input.value).width;
      if (needed > room) problems.push(`${name(input)} is too narrow to show “${input.value}”: ${Math.round(room)} px of room for ${Math.ceil(needed)} px`);
    }
    return problems;
  }, paneSelector, controls);
}

/**
 * Records every `search` command the page sends from now on, and whether it was answered, in
 * `window.__e2eSearches` (once per page). The hits on show give no sign of the query they
 * answer, and the search waits for a pause in typing, so a wait on the hits alone could take an
 * answer to a word half typed; this lets a wait take only the answer to the whole query. It
 * wraps `__TAURI__.core.invoke` (frozen itself, so the `core` object is swapped for a copy),
 * passing every call through unchanged; api.js looks `invoke` up on every call.
 */
export async function watchSearches(driver) {
  await driver.executeScript(() => {
    if (window.__e2eSearches) return;
    const calls = [];
    window.__e2eSearches = calls;
    const core = window.__TAURI__.core;
    const invoke = core.invoke;
    window.__TAURI__.core = {
      ...core,
      invoke(command, args, options) {
        const answer = invoke(command, args, options);
        if (command === 'search') {
          const call = { query: args?.query ?? null, limit: args?.limit ?? null, answered: false };
          calls.push(call);
          // Registered before the caller's own `await`: by the time a script reads `answered`,
          // the search dialog has drawn the answer too (the same round of microtasks).
          answer.then(() => { call.answered = true; }, () => { call.answered = true; });
        }
        return answer;
      },
    };
  });
}

/** How many `search` commands the page has sent since `watchSearches`. */
export function searchCount(driver) {
  return driver.executeScript(() => (window.__e2eSearches ?? []).length);
}

/**
 * Waits until the open search dialog shows the answer to exactly what its box holds: the box
 * holds `value`, and the last search sent after the `sent` one (see `searchCount`) is for its
 * trimmed text and was answered (an empty box sends none: its note says "Type to search").
 */
export async function waitSearchAnswered(driver, value, sent = 0, timeoutMs = WAIT_MS) {
  const query = value.trim();
  let last = null;
  await driver.wait(async () => {
    last = await driver.executeScript((after) => {
      const dialog = document.querySelector('dialog.search-dialog[open]');
      const calls = (window.__e2eSearches ?? []).slice(after);
      return {
        box: dialog?.querySelector('#search-input').value ?? null,
        note: dialog?.querySelector('.search-note').textContent ?? null,
        latest: calls.at(-1) ?? null,
      };
    }, sent);
    if (last.box !== value) return false;
    if (query === '') return last.note === 'Type to search every roster.';
    return last.latest?.query === query && last.latest.answered;
  }, timeoutMs, `the search did not answer ${JSON.stringify(query)}`).catch((error) => {
    error.message += ` (last seen: ${JSON.stringify(last)})`;
    throw error;
  });
}

export class WindowPage {
  constructor(driver, app = null) {
    this.driver = driver;
    this.app = app;
    this.window = null;
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /** The open dialogs: `[{className, title}]`, and what has the focus. */
  async read() {
    return this.driver.executeScript(() => {
      const active = document.activeElement;
      return {
        dialogs: [...document.querySelectorAll('dialog[open]')].map((d) => ({ className: d.className, title: d.querySelector('.dialog-title')?.textContent ?? '' })),
        focus: active && active !== document.body ? (active.id ? `#${active.id}` : `${active.tagName.toLowerCase()}.${active.className}`) : null,
      };
    });
  }

  /** Waits until `check(read())` holds; answers that read. A timeout says what was seen last. */
  async until(check, message) {
    let last = null;
    await this.waitFor(async () => {
      last = await this.read();
      return Boolean(check(last));
    }, message).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** Waits until a dialog of class `className` is the one open. */
  async waitDialog(className) {
    await this.until(({ dialogs }) => dialogs.length === 1 && dialogs[0].className.split(' ').includes(className), `the ${className} did not open`);
  }

  async waitNoDialog(message = 'the dialog did not close') {
    await this.until(({ dialogs }) => dialogs.length === 0, message);
  }

  /**
   * Waits until `focus` (as `read()` names it: `#id`, or `tag.class`) has the focus. A dialog
   * hands the focus back in its `close` event, a moment after it closed.
   */
  async waitFocus(focus, message = `the focus did not go to ${focus}`) {
    await this.until((page) => page.focus === focus, message);
  }

  async press(...keys) {
    await this.driver.actions().sendKeys(...keys).perform();
  }

  async pressEscape() {
    await this.press(Key.ESCAPE);
  }

  /** A click on the window outside every open dialog (on its backdrop), near a corner. */
  async clickOutside() {
    const [x, y] = await this.driver.executeScript(() => {
      const boxes = [...document.querySelectorAll('dialog[open]')].map((d) => d.getBoundingClientRect());
      const inside = ([px, py]) => boxes.some((r) => px >= r.left && px <= r.right && py >= r.top && py <= r.bottom);
      const spots = [[12, innerHeight - 12], [innerWidth - 12, innerHeight - 12], [12, 12], [innerWidth - 12, 12]];
      return spots.find((spot) => !inside(spot)) ?? spots[0];
    });
    await this.driver.actions().move({ x, y, origin: Origin.VIEWPORT }).click().perform();
  }

  /**
   * Clicks the element `selector` (inside the open dialog, usually) once the click can land:
   * shown, enabled, and nothing (a toast) over it.
   */
  async click(selector) {
    await clickWhenClickable(this.driver, selector, { timeoutMs: WAIT_MS });
  }

  /** Opens the global search with `how`: 'ctrl-k', 'slash' or 'button'. */
  async openSearch(how = 'ctrl-k') {
    if (how === 'button') await this.click('#search-button');
    else if (how === 'slash') await this.press('/');
    else await this.driver.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
    await this.waitDialog('search-dialog');
  }

  /** The search box: what it holds, its note, the hits listed. */
  async readSearch() {
    return scriptWithAllRows(this.driver, (allRows) => {
      const dialog = document.querySelector('dialog.search-dialog[open]');
      if (!dialog) return null;
      return {
        value: dialog.querySelector('#search-input').value,
        note: dialog.querySelector('.search-note').textContent,
        // The hits are a virtual list: every one of them, scrolled through.
        hits: allRows(dialog.querySelector('#search-results'), '[role="option"]', (o) => Number(o.getAttribute('aria-posinset')), () => true).length,
        closeButton: (() => {
          const button = dialog.querySelector('.dialog-close');
          return button && button.getClientRects().length > 0 ? button.getAttribute('aria-label') : null;
        })(),
      };
    });
  }

  /**
   * Types `text` into the search box (after what it holds) and waits until the box holds it all
   * and the hits shown are the answer to the whole of it, not to a word half typed.
   */
  async typeInSearch(text) {
    await watchSearches(this.driver);
    const sent = await searchCount(this.driver);
    const input = await this.driver.findElement({ css: '#search-input' });
    const value = `${await input.getAttribute('value')}${text}`;
    await input.sendKeys(text);
    await waitSearchAnswered(this.driver, value, sent);
  }

  /** Sets the outer window to `width`×`height` and waits until the page has the size. */
  async setSize(width, height) {
    await this.driver.manage().window().setRect({ width, height });
    await this.waitFor(async () => this.driver.executeScript((w, h) => innerWidth === w && innerHeight === h, width, height), `the window did not become ${width}×${height}`);
    await this.driver.executeAsyncScript((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
  }

  /** Where the shell is: its scroll offsets, the app bar's top, and the heights of the page. */
  async shell() {
    return this.driver.executeScript(() => ({
      scrollTop: document.scrollingElement.scrollTop,
      scrollLeft: document.scrollingElement.scrollLeft,
      bodyScrollTop: document.body.scrollTop,
      barTop: document.querySelector('.app-bar').getBoundingClientRect().top,
      documentHeight: document.scrollingElement.scrollHeight,
      bodyHeight: document.body.scrollHeight,
      windowHeight: innerHeight,
    }));
  }

  /** The X window of this app (for xdotool), found by the app's processes. */
  windowId() {
    if (this.window) return this.window;
    const pids = this.app?.processes() ?? [];
    for (const pid of pids) {
      try {
        const found = execFileSync('xdotool', ['search', '--onlyvisible', '--pid', String(pid), '--name', '^Rollbook$'], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
        if (found.length) {
          this.window = found[0];
          return this.window;
        }
      } catch {
        // no window of that process
      }
    }
    return null;
  }

  /**
   * Tries every way there is to scroll the window over the element `selector`: a real wheel
   * turned there (xdotool on the test's X display; WebDriver's wheel actions do not reach
   * WebKitGTK), WebDriver's wheel action, a WheelEvent, and script scrolling of the page and
   * the body. Returns how the real wheel went: 'turned', or why it could not. Before it returns,
   * the page has received every turn of the real wheel and nothing scrolls any more.
   */
  async tryToScroll(selector, { down = 6 } = {}) {
    const at = await this.driver.executeScript((s) => {
      // Counts the real (trusted) wheel events the page receives, once per page.
      if (window.__e2eWheels === undefined) {
        window.__e2eWheels = 0;
        window.addEventListener('wheel', (event) => { if (event.isTrusted) window.__e2eWheels += 1; }, { capture: true, passive: true });
      }
      const node = document.querySelector(s);
      if (!node) return null;
      const r = node.getBoundingClientRect();
      const top = Math.max(r.top, 0);
      const bottom = Math.min(r.bottom, innerHeight);
      return [Math.round(r.left + r.width / 2), Math.round((top + bottom) / 2), window.__e2eWheels];
    }, selector);
    if (!at) throw new Error(`nothing matches ${selector}`);
    const [x, y, wheelsBefore] = at;
    let wheel = 'no xdotool';
    const win = haveXdotool() ? this.windowId() : null;
    if (win) {
      execFileSync('xdotool', ['mousemove', '--window', win, String(x), String(y)]);
      // Not a wait for anything: spacing between two real input events, the pointer's move and
      // the wheel's turns, as a hand would make them (whether the turns arrived is waited for
      // below, by counting them in the page).
      await this.driver.sleep(80);
      execFileSync('xdotool', ['click', '--repeat', String(down), '--delay', '25', '5']);
      wheel = 'turned';
      let seen = wheelsBefore;
      await this.waitFor(async () => {
        seen = await this.driver.executeScript(() => window.__e2eWheels);
        return seen - wheelsBefore >= down;
      }, `the page did not receive the ${down} turns of the real wheel over ${selector}`).catch((error) => {
        error.message += ` (it received ${seen - wheelsBefore})`;
        throw error;
      });
    } else if (haveXdotool()) {
      wheel = 'no X window found for the app';
    }
    try {
      await this.driver.actions().scroll(x, y, 0, 400, Origin.VIEWPORT).perform();
    } catch {
      // a driver without wheel actions
    }
    await this.driver.executeScript(([px, py]) => {
      const target = document.elementFromPoint(px, py) ?? document.body;
      target.dispatchEvent(new WheelEvent('wheel', { deltaY: 400, clientX: px, clientY: py, bubbles: true, cancelable: true }));
      window.scrollBy(0, 400);
      document.scrollingElement.scrollTop += 400;
      document.body.scrollTop += 400;
    }, [x, y]);
    await this.waitScrollSettled(selector, [x, y]);
    return wheel;
  }

  /**
   * Waits until nothing scrolls any more (a smooth wheel scroll runs on for a while): the scroll
   * offsets of the page, the body, `selector` and every box under the point `[x, y]` stay the
   * same over `frames` animation frames in a row. Fails with the offsets if they never settle.
   */
  async waitScrollSettled(selector, [x, y], frames = 6) {
    const answer = await this.driver.executeAsyncScript((s, px, py, still, done) => {
      const boxes = () => {
        const list = [document.scrollingElement, document.body, document.querySelector(s)];
        for (let node = document.elementFromPoint(px, py); node; node = node.parentElement) list.push(node);
        return list.filter(Boolean);
      };
      const offsets = () => boxes().map((node) => `${node.scrollTop},${node.scrollLeft}`).join(' ') + ` ${scrollX},${scrollY}`;
      const started = performance.now();
      let last = offsets();
      let same = 0;
      const step = () => {
        const now = offsets();
        same = now === last ? same + 1 : 0;
        last = now;
        if (same >= still) done({ settled: true });
        else if (performance.now() - started > 20_000) done({ settled: false, offsets: now });
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }, selector, x, y, frames);
    if (!answer.settled) throw new Error(`the window kept scrolling over ${selector} for 20 s (offsets: ${answer.offsets})`);
  }

  /** How far `selector` has scrolled its own content. */
  scrollTopOf(selector) {
    return this.driver.executeScript((s) => document.querySelector(s)?.scrollTop ?? null, selector);
  }
}
