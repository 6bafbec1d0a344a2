// The Rosters view as a test sees it: the sidebar, the character list, its bulk bar, the
// dialogs and toasts. Every wait waits FOR something the GM would see.

import { By, Key, until } from 'selenium-webdriver';
import { clickWhenClickable, typeInto } from './app.mjs';
import { scriptWithAllRows, scriptWithRevealRow } from './virtual-rows.mjs';

export const WAIT_MS = 30_000;
const css = (selector) => By.css(selector);

export class RostersPage {
  constructor(driver) {
    this.driver = driver;
  }

  /** Waits until the view has shown its first rosters (or that there are none). */
  async ready() {
    await this.driver.wait(until.elementLocated(css('.rosters-layout[aria-busy="false"]')), WAIT_MS, 'the Rosters view never finished loading');
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /**
   * Waits until `check(page)` holds for one read of the page (`read()`); answers that page.
   * A timeout says what the page showed last (`shown(page)`, by default the whole read).
   */
  async until(check, message, shown = (page) => page) {
    let page = null;
    await this.waitFor(async () => {
      page = await this.read();
      return Boolean(check(page));
    }, message).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(page && shown(page))})`;
      throw error;
    });
    return page;
  }

  /**
   * What the page shows, read in one go (cheaper and steadier than many element calls). The
   * character list is virtual: `characters` is every row of it, scrolled through.
   */
  async read() {
    return scriptWithAllRows(this.driver, (allRows) => {
      const text = (node) => node?.textContent.trim() ?? null;
      const list = document.getElementById('character-list');
      return {
        rosters: [...document.querySelectorAll('#roster-list .roster-item')].map((item) => ({
          id: item.dataset.id,
          name: text(item.querySelector('.roster-name')),
          system: text(item.querySelector('.system-badge')),
          count: text(item.querySelector('.roster-count')),
          selected: item.getAttribute('aria-selected') === 'true',
          // What names the option: its text, the visually-hidden words included (no aria-label).
          label: item.getAttribute('aria-label') ?? item.textContent,
        })),
        heading: text(document.getElementById('roster-heading')),
        listRoster: list?.dataset.rosterId ?? null,
        characters: list && !list.hidden ? allRows(list, '.character-row', (row) => Number(row.getAttribute('aria-posinset')), (row) => ({
          id: row.dataset.id,
          name: text(row.querySelector('.row-name')),
          kind: text(row.querySelector('.kind-badge')),
          player: text(row.querySelector('.row-player')),
          tags: [...row.querySelectorAll('.chip')].map(text),
          selected: row.querySelector('.row-check').checked,
          open: row.classList.contains('open'),
        })) : [],
        bulk: document.querySelector('.bulk-bar')?.hidden === false ? text(document.getElementById('bulk-count')) : null,
        sheet: document.querySelector('#sheet-slot .sheet')?.dataset.characterId ?? null,
        dialogs: document.querySelectorAll('dialog[open]').length,
        toasts: [...document.querySelectorAll('.toast')].map((t) => text(t.querySelector('.toast-text'))),
      };
    });
  }

  /**
   * Select all, delete, type (separate calls: WebKitWebDriver drops keys after a Ctrl+A chord).
   * Answers the input once it holds exactly `value`; fails if it never does.
   */
  async typeOver(selector, value) {
    return typeInto(this.driver, selector, value);
  }


  /**
   * Clicks `selector` once the click can land: shown, enabled, nothing (a toast) over it; a row
   * drawn anew meanwhile is found again.
   */
  async click(selector) {
    await clickWhenClickable(this.driver, selector, { timeoutMs: WAIT_MS });
  }

  /** Picks `value` in the select `selectSelector` and waits until the select holds it. */
  async choose(selectSelector, value) {
    await this.click(`${selectSelector} option[value="${value}"]`);
    let held = null;
    await this.waitFor(async () => {
      held = await this.driver.executeScript((s) => document.querySelector(s)?.value ?? null, selectSelector);
      return held === value;
    }, `${selectSelector} did not take "${value}"`).catch((error) => {
      error.message += ` (it holds ${JSON.stringify(held)})`;
      throw error;
    });
  }

  async waitNoDialog() {
    await this.until((page) => page.dialogs === 0, 'the dialog did not close', (page) => ({ dialogs: page.dialogs }));
  }

  /** Waits until exactly one dialog is open (of class `className`, when given). */
  async waitDialog(className = null) {
    let last = null;
    await this.waitFor(async () => {
      last = await this.driver.executeScript(() => [...document.querySelectorAll('dialog[open]')].map((d) => d.className));
      return last.length === 1 && (className === null || last[0].split(' ').includes(className));
    }, `no ${className ?? 'dialog'} opened`).catch((error) => {
      error.message += ` (open dialogs: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** Clicks a roster in the sidebar and waits until its characters are listed. */
  async selectRoster(name) {
    const roster = (await this.read()).rosters.find((r) => r.name === name);
    if (!roster) throw new Error(`no roster "${name}" in the sidebar`);
    await this.click(`#roster-${roster.id}`);
    await this.until(
      (page) => page.heading === name && page.listRoster === roster.id,
      `the roster "${name}" did not open`,
      (page) => ({ heading: page.heading, listRoster: page.listRoster }),
    );
    return roster;
  }

  /** New roster dialog: name and system; waits until it is in the sidebar and open. */
  async createRoster(name, system) {
    await this.click('#new-roster');
    await this.waitDialog('roster-dialog');
    await this.typeOver('#roster-name-input', name);
    await this.choose('#roster-system-input', system);
    await this.click('.roster-dialog .button.primary');
    await this.waitNoDialog();
    await this.until(
      (page) => page.heading === name && page.rosters.some((r) => r.name === name && r.system === system && r.selected),
      `the roster "${name}" was not created`,
      (page) => ({ heading: page.heading, rosters: page.rosters.map((r) => [r.name, r.system, r.selected]) }),
    );
  }

  async renameRoster(name) {
    await this.click('.roster-rename');
    await this.waitDialog('roster-dialog');
    const input = await this.typeOver('#roster-name-input', name);
    await input.sendKeys(Key.ENTER);
    await this.waitNoDialog();
    await this.until((page) => page.heading === name, `the roster was not renamed to "${name}"`, (page) => ({ heading: page.heading }));
  }

  /** New character dialog; waits until the character is listed and its sheet is open. */
  async createCharacter(name, { player = '', kind = null, viaKeyboard = false } = {}) {
    if (viaKeyboard) await this.driver.actions().keyDown(Key.CONTROL).sendKeys('n').keyUp(Key.CONTROL).perform();
    else await this.click('#new-character');
    await this.waitDialog('character-dialog');
    await this.typeOver('#character-name-input', name);
    if (player) await this.typeOver('#character-player-input', player);
    if (kind) {
      const radio = `.character-dialog input[value="${kind}"]`;
      await this.click(radio);
      await this.waitFor(async () => this.driver.executeScript((s) => document.querySelector(s)?.checked === true, radio), `the kind "${kind}" was not picked`);
    }
    await this.click('.character-dialog .button.primary');
    await this.waitNoDialog();
    const page = await this.until((now) => {
      const found = now.characters.find((c) => c.name === name);
      return found && now.sheet === found.id && found.open;
    }, `the character "${name}" was not created and opened`, (now) => ({ sheet: now.sheet, characters: now.characters.map((c) => [c.name, c.id, c.open]) }));
    return page.characters.find((c) => c.name === name);
  }

  async characterNames() {
    return (await this.read()).characters.map((c) => c.name);
  }

  /** The selector of `part` of a character's row, scrolled into sight first (the list is virtual). */
  rowSelector(name, part) {
    return scriptWithRevealRow(this.driver, (revealRow, wanted) => {
      const list = document.getElementById('character-list');
      const row = list && revealRow(list, '.character-row', (r) => r.querySelector('.row-name').textContent === wanted);
      return row ? row.dataset.id : null;
    }, name).then((id) => {
      if (!id) throw new Error(`no character "${name}" in the list`);
      return `.character-row[data-id="${id}"] ${part}`;
    });
  }

  /**
   * Ticks a character's checkbox with one click (so it must be unticked); with `shift`,
   * Shift-click (a range from the last one ticked). Waits until the box shows ticked.
   */
  async check(name, { shift = false } = {}) {
    const selector = () => this.rowSelector(name, '.row-check');
    // Found afresh on every try: the list is virtual, a row may be drawn anew under the click.
    await clickWhenClickable(this.driver, async () => this.driver.findElement(css(await selector())), {
      timeoutMs: WAIT_MS,
      modifiers: shift ? [Key.SHIFT] : [],
      what: `the checkbox of ${name}`,
    });
    await this.waitFor(async () => this.driver.executeScript(
      (s) => document.querySelector(s)?.checked === true,
      await selector(),
    ), `the checkbox of ${name} did not show ticked`);
  }

  /** Waits until exactly `names` (in list order) are selected. */
  async waitSelected(names) {
    await this.until(
      (page) => JSON.stringify(page.characters.filter((c) => c.selected).map((c) => c.name)) === JSON.stringify(names),
      `the selection never became ${JSON.stringify(names)}`,
      (page) => ({ selected: page.characters.filter((c) => c.selected).map((c) => c.name), bulk: page.bulk }),
    );
  }

  async bulk(action) {
    await this.click(`.bulk-bar [data-action="${action}"]`);
  }

  /** Clears the selection with the bulk bar's Clear and waits until nothing is selected. */
  async clearSelection() {
    if ((await this.read()).bulk === null) return;
    await this.bulk('clear');
    await this.until((page) => page.bulk === null && page.characters.every((c) => !c.selected), 'the selection was not cleared', (page) => ({ bulk: page.bulk }));
  }

  async waitToast(pattern) {
    await this.until((page) => page.toasts.some((t) => pattern.test(t)), `no toast matching ${pattern}`, (page) => ({ toasts: page.toasts }));
  }

  /** Clicks Undo on the newest toast that offers it (waiting until one does). */
  async undoFromToast() {
    await clickWhenClickable(this.driver, async () => (await this.driver.findElements(css('.toast .toast-action'))).at(-1) ?? null, {
      timeoutMs: WAIT_MS,
      what: 'Undo on the newest toast',
    });
  }

  /**
   * The character list as a virtual list: how many rows are in the page, the number every row
   * says the list has (aria-setsize), the scroll height against the view's, and the row with
   * the focus (`{place, name}` from its aria-posinset and name, or null).
   */
  async listPage() {
    return this.driver.executeScript(() => {
      const list = document.getElementById('character-list');
      const rows = [...list.querySelectorAll('.character-row')];
      const focused = document.activeElement?.closest?.('.character-row') ?? null;
      return {
        inPage: rows.length,
        setSize: rows.length ? Number(rows[0].getAttribute('aria-setsize')) : 0,
        places: rows.map((r) => Number(r.getAttribute('aria-posinset'))),
        scrollHeight: list.scrollHeight,
        viewHeight: list.clientHeight,
        focused: focused && list.contains(focused) ? { place: Number(focused.getAttribute('aria-posinset')), name: focused.querySelector('.row-name').textContent } : null,
        focusOnList: document.activeElement === list,
        count: document.getElementById('list-count').textContent,
      };
    });
  }

  /** Presses `keys` (selenium Key values, e.g. [Key.SHIFT, Key.END] as a chord) on whatever has the focus. */
  async press(...keys) {
    const actions = this.driver.actions();
    const modifiers = keys.slice(0, -1);
    for (const key of modifiers) actions.keyDown(key);
    actions.sendKeys(keys.at(-1));
    for (const key of modifiers.reverse()) actions.keyUp(key);
    await actions.perform();
  }

  /**
   * Types `text` into the filter box and waits until the list shows that filter's result: the
   * box holds exactly it (the list filters on every keystroke, in the same event), and the count
   * says "N of M" for a filter, or the whole count without one.
   */
  async filter(text) {
    await this.typeOver('#character-filter', text);
    let last = null;
    await this.waitFor(async () => {
      last = await this.driver.executeScript(() => ({
        box: document.getElementById('character-filter')?.value ?? null,
        count: document.getElementById('list-count')?.textContent ?? '',
      }));
      return last.box === String(text) && (String(text).trim() === '' ? !/ of /.test(last.count) : / of /.test(last.count));
    }, `the list did not follow the filter "${text}"`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
  }
}
