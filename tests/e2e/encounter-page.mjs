// The Encounters view as a test sees it: open it for a roster, create an encounter, add
// characters and NPCs, next turn / round, undo, and read the order, round and log in one go.
// System pages (encounter-<system>-page.mjs) build on this one. Every wait waits FOR the state
// it is about (the action's own result, never just "something changed"), and says what it saw
// last when it gives up.

import { By, Key } from 'selenium-webdriver';
import { showView } from './app.mjs';
import { RostersPage, WAIT_MS } from './rosters-page.mjs';

const css = (selector) => By.css(selector);

/** A value as a failure message shows it: JSON, cut short. */
function shown(value) {
  let text;
  try {
    text = JSON.stringify(value);
  } catch {
    text = String(value);
  }
  if (text === undefined) text = String(value);
  return text.length > 1500 ? `${text.slice(0, 1500)}…` : text;
}

/**
 * Waits until `check(value)` holds for what `read()` answers, and answers that value (the very
 * reading that passed, not a later one). A read that throws (an element redrawn under it) is
 * tried again. Gives up after `timeout` with `message` and what was read last.
 */
export async function waitUntil(driver, read, check, message, timeout = WAIT_MS, describe = shown) {
  let last;
  let lastError = null;
  let passed;
  try {
    await driver.wait(async () => {
      try {
        last = await read();
        lastError = null;
      } catch (error) {
        lastError = error;
        return false;
      }
      if (!check(last)) return false;
      passed = last;
      return true;
    }, timeout, message);
  } catch (error) {
    error.message += lastError ? ` (last read failed: ${lastError.message})` : ` (last seen: ${describe(last)})`;
    throw error;
  }
  return passed;
}

/**
 * Whether `element` can take a click at its centre the way a user's would land: connected,
 * shown, enabled, scrolled into view and the topmost thing there (document.elementFromPoint).
 * A toast over it is dismissed with its × as the GM would; anything else over it is waited out.
 */
function clickableScript(element) {
  if (!element || !element.isConnected) return { ok: false, why: 'it is not in the page' };
  if (element.disabled) return { ok: false, why: 'it is disabled' };
  if (!element.getClientRects().length || getComputedStyle(element).visibility !== 'visible') return { ok: false, why: 'it is not shown' };
  element.scrollIntoView({ block: 'center', inline: 'nearest' });
  const box = element.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return { ok: false, why: 'it has no size' };
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  if (top && (top === element || element.contains(top))) return { ok: true };
  const name = (node) => (node ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}` : 'nothing');
  const toast = top?.closest?.('.toast');
  if (toast && !toast.contains(element)) {
    const text = toast.querySelector('.toast-text')?.textContent.trim() ?? '';
    toast.querySelector('.toast-close')?.click();
    return { ok: false, why: `a toast covered it ("${text}"): dismissed` };
  }
  return { ok: false, why: `${name(top)} is over it` };
}

/** What WebDriver answers when a click did not land (and may land once the page moves on). */
const CLICK_RETRIES = new Set(['StaleElementReferenceError', 'ElementClickInterceptedError', 'ElementNotInteractableError']);

/**
 * Clicks what `target` (a CSS selector, found afresh on every try, or an element) names once a
 * user could: shown, enabled, scrolled into view (the panels scroll on their own, and WebKit's
 * driver does not always scroll them for a click) and not covered at its centre (a toast over it
 * is dismissed first). Answers the element clicked; fails saying what was last in the way.
 */
export async function clickInView(driver, target) {
  const label = typeof target === 'string' ? target : 'the element';
  const find = typeof target === 'string' ? async () => (await driver.findElements(css(target)))[0] ?? null : async () => target;
  let clicked = null;
  await waitUntil(driver, async () => {
    const element = await find();
    if (!element) return { ok: false, why: 'nothing matches it' };
    const state = await driver.executeScript(clickableScript, element);
    if (!state.ok) return state;
    try {
      await element.click();
    } catch (error) {
      if (CLICK_RETRIES.has(error.name)) return { ok: false, why: `${error.name}: ${error.message.split('\n')[0]}` };
      throw error;
    }
    clicked = element;
    return state;
  }, (state) => state.ok, `${label} could not be clicked`);
  return clicked;
}

/** What an input holds now. */
const valueOf = (driver, element) => driver.executeScript((e) => e.value, element);

/**
 * Types `value` over what the input `target` (a CSS selector or an element) holds, as a user
 * does: a click into it, select all, Backspace, the keys (separate calls: WebKitWebDriver drops
 * keys after a Ctrl+A chord). Answers the input once it holds exactly `value`; a key dropped on a
 * loaded machine is made good by typing again, so no test goes on with other text than it meant.
 */
export async function typeOver(driver, target, value) {
  const text = String(value);
  const label = typeof target === 'string' ? target : 'the input';
  const input = await clickInView(driver, target);
  let last = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await input.sendKeys(Key.BACK_SPACE);
    if (text !== '') await input.sendKeys(text);
    try {
      await waitUntil(driver, () => valueOf(driver, input), (v) => v === text, `${label} did not take "${text}"`, 3000);
      return input;
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

/**
 * Picks the option of the select `selectCss` that `matches(option)` ({value, text}) by clicking
 * it, as a user does, and waits until the select shows it. Answers the option's value.
 */
export async function pickOption(driver, selectCss, matches, what) {
  const read = () => driver.executeScript((sel) => {
    const select = document.querySelector(sel);
    return {
      options: [...(select?.options ?? [])].map((o) => ({ value: o.value, text: o.textContent.trim() })),
      picked: select?.selectedOptions[0] ? { value: select.selectedOptions[0].value, text: select.selectedOptions[0].textContent.trim() } : null,
    };
  }, selectCss);
  const offered = await waitUntil(driver, read, (s) => s.options.some(matches), `${selectCss} never offered ${what}`);
  const index = offered.options.findIndex(matches);
  const option = (await driver.findElements(css(`${selectCss} option`)))[index];
  await option.click();
  await waitUntil(driver, read, (s) => s.picked !== null && matches(s.picked), `${selectCss} did not show ${what}`);
  return offered.options[index].value;
}

/** A page of the Encounters view as a failure message shows it: the parts that tell where it is. */
function summary(page) {
  if (!page || !Array.isArray(page.order) || !Array.isArray(page.log)) return shown(page);
  return shown({
    busy: page.busy,
    open: page.open,
    name: page.name,
    round: page.round,
    order: page.order.map((o) => `${o.current ? '*' : ''}${o.name}${o.absent ? ' (absent)' : ''}`),
    log: `${page.log.length} entries: ${page.log.slice(0, 3).map((e) => `${e.undone ? '(undone) ' : ''}${e.lines[0] ?? ''}`).join(' | ')}`,
    toasts: page.toasts,
    dialogs: page.dialogs,
    ...(page.universe !== undefined ? { universe: page.universe } : {}),
  });
}

export class EncounterPage {
  constructor(driver) {
    this.driver = driver;
    this.rosters = new RostersPage(driver);
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /** Waits until `check(read())` holds; answers that reading (see `waitUntil`). */
  async waitValue(read, check, message) {
    return waitUntil(this.driver, read, check, message);
  }

  /** Everything the view shows, read in one go. */
  async read() {
    return this.driver.executeScript(() => {
      const text = (node) => node?.textContent.trim() ?? null;
      const open = document.getElementById('encounter-open-view');
      return {
        busy: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') ?? null,
        roster: text(document.getElementById('encounter-roster')),
        encounters: [...document.querySelectorAll('#encounter-list .encounter-item')].map((item) => ({
          id: item.dataset.id,
          name: text(item.querySelector('.encounter-item-name')),
          meta: text(item.querySelector('.encounter-item-meta')),
          open: item.classList.contains('open'),
        })),
        open: Boolean(open && !open.hidden),
        none: text(document.getElementById('encounter-none-text')),
        name: document.getElementById('encounter-name')?.value ?? null,
        round: text(document.getElementById('encounter-round')),
        turn: text(document.getElementById('encounter-turn')),
        status: text(document.getElementById('encounter-status')),
        order: [...document.querySelectorAll('#turn-order .turn-row')].map((row) => ({
          id: row.dataset.participantId,
          name: text(row.querySelector('.turn-name')),
          current: row.getAttribute('aria-current') === 'true',
          absent: row.classList.contains('absent'),
          npc: Boolean(row.querySelector('.turn-badge')),
        })),
        focused: document.activeElement?.closest?.('.turn-row')?.dataset.participantId ?? null,
        log: [...document.querySelectorAll('#encounter-log > .log-entry')].map((entry) => ({
          lines: [...entry.querySelectorAll('.log-line')].map(text),
          // The lines shown as rulings (with the Ruling badge): their words only.
          rulings: [...entry.querySelectorAll('.log-line')].filter((line) => line.querySelector('.ruling-badge')).map((line) => text(line.querySelector('.ruling-text'))),
          undone: entry.classList.contains('undone'),
        })),
        undo: document.getElementById('encounter-undo')?.disabled === false,
        system: text(document.getElementById('encounter-system-host')),
        dialogs: document.querySelectorAll('dialog[open]').length,
        toasts: [...document.querySelectorAll('.toast')].map((t) => text(t.querySelector('.toast-text'))),
      };
    });
  }

  /** Clicks what `selector` finds once a user could (see `clickInView`). */
  async click(selector) {
    return clickInView(this.driver, selector);
  }

  /** Types `value` over the input `selector` and answers it once it holds exactly that (see `typeOver`). */
  async typeOver(selector, value) {
    return typeOver(this.driver, selector, value);
  }

  /** Selects `rosterName` on the Rosters tab, then shows the Encounters tab for it. */
  async open(rosterName) {
    await showView(this.driver, 'rosters');
    await this.rosters.ready();
    await this.rosters.selectRoster(rosterName);
    await showView(this.driver, 'encounters');
    return this.until((page) => page.roster === rosterName, `the Encounters view did not show ${rosterName}`);
  }

  /** Creates an encounter from the sidebar and waits until it is open. */
  async create(name) {
    // A toast over the sidebar's New encounter form is dismissed by the clicks (clickInView).
    await this.typeOver('#encounter-new-name', name);
    await this.click('#encounter-create');
    // A new encounter's log is empty: until it shows so, the log drawn is the last encounter's,
    // and a count taken from it (addCharacters) would wait for one entry too many.
    return this.until((page) => page.open && page.name === name && page.encounters.some((e) => e.name === name && e.open) && page.log.length === 0, `the encounter "${name}" was not created and opened`);
  }

  /**
   * Waits until the page agrees with `check(page)` and has settled (no table action still
   * being drawn: the view is not aria-busy); answers that page.
   */
  async until(check, message) {
    return waitUntil(this.driver, () => this.read(), (page) => page.busy === 'false' && Boolean(check(page)), message, WAIT_MS, summary);
  }

  /** The page once the view has settled (no table action still being drawn). */
  async settled() {
    return this.until(() => true, 'the view did not settle');
  }

  /** The log's length now, so a wait can see the next action land. */
  async logLength() {
    return (await this.settled()).log.length;
  }

  /**
   * Runs `action` (a table action that is logged) and waits until its entry is the log's
   * newest and `check(page)` holds, the view settled; answers that page.
   */
  async logged(action, check, message) {
    const before = (await this.settled()).log.length;
    await action();
    return this.until((p) => p.log.length === before + 1 && !p.log[0].undone && check(p), message);
  }

  /** Dismisses every toast with its ×, as the GM would, until none is left. */
  async dismissToasts() {
    await waitUntil(this.driver, () => this.driver.executeScript(() => {
      const toasts = [...document.querySelectorAll('.toast')];
      toasts[0]?.querySelector('.toast-close')?.click();
      return toasts.map((t) => t.querySelector('.toast-text')?.textContent.trim() ?? '');
    }), (left) => left.length === 0, 'the toasts stayed');
  }

  /** Clicks the action (Undo) of the toast whose text matches `wanted` (a RegExp, or words it includes). */
  async toastAction(wanted) {
    const pattern = wanted instanceof RegExp ? wanted : { test: (text) => text.includes(wanted) };
    const index = await waitUntil(
      this.driver,
      () => this.driver.executeScript(() => [...document.querySelectorAll('.toast')].map((t) => ({ text: t.querySelector('.toast-text')?.textContent.trim() ?? '', action: Boolean(t.querySelector('.toast-action')) }))),
      (toasts) => toasts.some((t) => t.action && pattern.test(t.text)),
      `no toast matching ${wanted} offers its action`,
    ).then((toasts) => toasts.findIndex((t) => t.action && pattern.test(t.text)));
    const toast = (await this.driver.findElements(css('.toast')))[index];
    await clickInView(this.driver, await toast.findElement(css('.toast-action')));
  }

  /** Adds characters of the roster by name through the dialog. */
  async addCharacters(names) {
    const before = (await this.settled()).log.length;
    await this.click('#encounter-add-characters');
    await this.waitValue(() => this.driver.findElements(css('dialog.encounter-add-dialog[open] .join-list li')), (items) => items.length > 0, 'the Add characters dialog did not open');
    for (const name of names) {
      const boxes = await this.driver.findElements(css('dialog.encounter-add-dialog[open] .join-list li'));
      let box = null;
      for (const item of boxes) {
        if ((await item.findElement(css('.join-name')).getText()).trim() === name) {
          box = await item.findElement(css('input[type="checkbox"]'));
          break;
        }
      }
      if (!box) throw new Error(`${name} is not offered in Add characters`);
      await clickInView(this.driver, box);
      await this.waitValue(() => box.isSelected(), (checked) => checked, `${name} was not ticked`);
    }
    await this.click('dialog.encounter-add-dialog[open] .button.primary');
    return this.until((p) => p.dialogs === 0 && p.log.length === before + 1 && names.every((n) => p.order.some((o) => o.name === n)), `${names.join(', ')} did not join`);
  }

  /**
   * Types a label and count into Add NPCs and submits; waits for its log entry, or, with
   * `refused` (a RegExp), for the refusal's toast and the view settled after it.
   */
  async addNpcs(label, count, { refused = null } = {}) {
    const before = await this.settled();
    await this.typeOver('#npc-label', label);
    await this.typeOver('#npc-count', String(count));
    await this.click('#encounter-add-npcs-button');
    if (refused) return this.until((p) => p.toasts.some((t) => refused.test(t)), `no refusal matching ${refused} was shown`);
    return this.until((p) => p.log.length === before.log.length + 1 && !p.log[0].undone, `${count} ${label} did not join`);
  }

  /**
   * Presses a button of the head (`next-turn`, `next-round`, `undo`) and waits for its result:
   * a new newest log entry, or (undo) one more entry marked undone.
   */
  async press(which) {
    const before = await this.settled();
    await this.click(`#encounter-${which}`);
    const undone = (p) => p.log.filter((e) => e.undone).length;
    const landed = which === 'undo'
      ? (p) => p.log.length === before.log.length && undone(p) === undone(before) + 1
      : (p) => p.log.length === before.log.length + 1 && !p.log[0].undone;
    return this.until(landed, `${which} did not land`);
  }

  /** `press` for a page object whose own `press` clicks something else (the d12 page's). */
  async pressHead(which) {
    return EncounterPage.prototype.press.call(this, which);
  }

  /** Focuses the row of `name` and presses `keys` on it (e.g. Alt+ArrowDown); waits for `done(page)`. */
  async keysOnRow(name, keys, done, message) {
    const page = await this.settled();
    const row = page.order.find((o) => o.name === name);
    if (!row) throw new Error(`no ${name} in the turn order`);
    const element = await this.driver.findElement(css(`.turn-row[data-participant-id="${row.id}"]`));
    await this.driver.executeScript((node) => node.focus(), element);
    await this.waitValue(() => this.driver.executeScript((node) => document.activeElement === node, element), (yes) => yes, `the row of ${name} did not take the focus`);
    await element.sendKeys(keys);
    return this.until(done, message);
  }

  /** The names shown by the system panel's selects matching `selector` (e.g. `select[name="attacker"]`). */
  async picked(selector) {
    return this.driver.executeScript((sel) => [...document.querySelectorAll(`#encounter-system-host ${sel}`)]
      .map((s) => s.selectedOptions[0]?.textContent ?? null), selector);
  }

  /** The text of `name`'s tracked number `role` (`health`, `htk-numbers`, `uv-hp` …) in the panel. */
  async trackText(name, role) {
    return this.driver.executeScript((who, r) => {
      const id = [...document.querySelectorAll('#turn-order .turn-row')].find((row) => row.querySelector('.turn-name')?.textContent.trim() === who)?.dataset.participantId;
      return document.querySelector(`#encounter-system-host [data-participant-id="${id}"] button[data-role="${r}"]`)?.textContent.trim() ?? null;
    }, name, role);
  }

  /**
   * How `name`'s tracked number `role` looks: its cursor, title, underline, the pencil after it
   * and the pencil's colour, and the accent colour of the theme to compare with.
   */
  async trackLook(name, role) {
    return this.driver.executeScript((who, r) => {
      const id = [...document.querySelectorAll('#turn-order .turn-row')].find((row) => row.querySelector('.turn-name')?.textContent.trim() === who)?.dataset.participantId;
      const button = document.querySelector(`#encounter-system-host [data-participant-id="${id}"] button[data-role="${r}"]`);
      if (!button) return null;
      const style = getComputedStyle(button);
      const pencil = getComputedStyle(button, '::after');
      const probe = document.createElement('span');
      probe.style.color = 'var(--accent)';
      document.body.append(probe);
      const accent = getComputedStyle(probe).color;
      probe.remove();
      return {
        cursor: style.cursor,
        title: button.title,
        underline: style.textDecorationLine,
        underlineStyle: style.textDecorationStyle,
        pencil: pencil.content,
        pencilColor: pencil.color,
        accent,
      };
    }, name, role);
  }

  /** Moves the pointer over `name`'s tracked number `role`. */
  async hoverTrack(name, role) {
    const page = await this.settled();
    const id = page.order.find((o) => o.name === name)?.id;
    if (!id) throw new Error(`no ${name} in the turn order`);
    const button = await this.driver.findElement(css(`#encounter-system-host [data-participant-id="${id}"] button[data-role="${role}"]`));
    await this.driver.actions().move({ origin: button }).perform();
  }

  /** Waits until `name`'s tracked number `role` reads `text`. */
  async untilTrack(name, role, text, message) {
    return this.waitValue(() => this.trackText(name, role), (shownText) => shownText === text, message);
  }

  /**
   * Clicks `name`'s tracked number `role` in the panel, types `typed` and presses Enter, as a GM
   * would; Enter only once the box holds exactly `typed`.
   */
  async typeTrack(name, role, typed) {
    const page = await this.settled();
    const id = page.order.find((o) => o.name === name)?.id;
    if (!id) throw new Error(`no ${name} in the turn order`);
    const row = `#encounter-system-host [data-participant-id="${id}"]`;
    await this.click(`${row} button[data-role="${role}"]`);
    const input = await this.driver.findElement(css(`${row} input[data-role="${role}-input"]`));
    await typeOver(this.driver, input, typed);
    await input.sendKeys(Key.ENTER);
    return input;
  }

  /** Sends a key to the page (the focused element), e.g. a shortcut. */
  async pressKeys(keys) {
    await this.driver.switchTo().activeElement().then((active) => active.sendKeys(keys));
  }
}

export { Key };
