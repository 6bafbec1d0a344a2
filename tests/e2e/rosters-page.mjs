// The Rosters view as a test sees it: the sidebar, the character list, its bulk bar, the
// dialogs and toasts. Every wait waits FOR something the GM would see.

import { By, Key, until } from 'selenium-webdriver';
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

  /** Select all, delete, type (separate calls: WebKitWebDriver drops keys after a Ctrl+A chord). */
  async typeOver(selector, value) {
    const input = await this.driver.findElement(css(selector));
    await input.click();
    // WebKitWebDriver now and then drops a key sent right after a chord on a loaded machine:
    // type again until the field holds exactly the text, so a test never goes on with stale input.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
      await input.sendKeys(Key.BACK_SPACE);
      if (String(value) !== '') await input.sendKeys(String(value));
      if ((await input.getAttribute('value')) === String(value)) break;
    }
    return input;
  }

  /** Clicks once the element is shown (a row just drawn is laid out on the next frame). */
  async click(selector) {
    const element = await this.driver.wait(until.elementLocated(css(selector)), WAIT_MS, `nothing matches ${selector}`);
    await this.driver.wait(until.elementIsVisible(element), WAIT_MS, `${selector} never showed`);
    await element.click();
  }

  async waitNoDialog() {
    await this.waitFor(async () => (await this.read()).dialogs === 0, 'the dialog did not close');
  }

  async waitDialog() {
    await this.waitFor(async () => (await this.read()).dialogs === 1, 'no dialog opened');
  }

  /** Clicks a roster in the sidebar and waits until its characters are listed. */
  async selectRoster(name) {
    const roster = (await this.read()).rosters.find((r) => r.name === name);
    if (!roster) throw new Error(`no roster "${name}" in the sidebar`);
    await this.click(`#roster-${roster.id}`);
    await this.waitFor(async () => {
      const page = await this.read();
      return page.heading === name && page.listRoster === roster.id;
    }, `the roster "${name}" did not open`);
    return roster;
  }

  /** New roster dialog: name and system; waits until it is in the sidebar and open. */
  async createRoster(name, system) {
    await this.click('#new-roster');
    await this.waitDialog();
    await this.typeOver('#roster-name-input', name);
    await this.click(`#roster-system-input option[value="${system}"]`);
    await this.click('.roster-dialog .button.primary');
    await this.waitNoDialog();
    await this.waitFor(async () => {
      const page = await this.read();
      return page.heading === name && page.rosters.some((r) => r.name === name && r.selected);
    }, `the roster "${name}" was not created`);
  }

  async renameRoster(name) {
    await this.click('.roster-rename');
    await this.waitDialog();
    await this.typeOver('#roster-name-input', name);
    await (await this.driver.findElement(css('#roster-name-input'))).sendKeys(Key.ENTER);
    await this.waitNoDialog();
    await this.waitFor(async () => (await this.read()).heading === name, `the roster was not renamed to "${name}"`);
  }

  /** New character dialog; waits until the character is listed and its sheet is open. */
  async createCharacter(name, { player = '', kind = null, viaKeyboard = false } = {}) {
    if (viaKeyboard) await this.driver.actions().keyDown(Key.CONTROL).sendKeys('n').keyUp(Key.CONTROL).perform();
    else await this.click('#new-character');
    await this.waitDialog();
    await this.typeOver('#character-name-input', name);
    if (player) await this.typeOver('#character-player-input', player);
    if (kind) await this.click(`.character-dialog input[value="${kind}"]`);
    await this.click('.character-dialog .button.primary');
    await this.waitNoDialog();
    let found = null;
    await this.waitFor(async () => {
      const page = await this.read();
      found = page.characters.find((c) => c.name === name);
      return found && page.sheet === found.id && found.open;
    }, `the character "${name}" was not created and opened`);
    return found;
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

  /** Ticks a character's checkbox; with `shift`, Shift-click (a range from the last one ticked). */
  async check(name, { shift = false } = {}) {
    const box = await this.driver.findElement(css(await this.rowSelector(name, '.row-check')));
    await this.driver.wait(until.elementIsVisible(box), WAIT_MS, `the checkbox of ${name} never showed`);
    if (shift) await this.driver.actions().keyDown(Key.SHIFT).click(box).keyUp(Key.SHIFT).perform();
    else await box.click();
  }

  async waitSelected(names) {
    await this.waitFor(async () => {
      const selected = (await this.read()).characters.filter((c) => c.selected).map((c) => c.name);
      return JSON.stringify(selected) === JSON.stringify(names);
    }, `the selection never became ${JSON.stringify(names)}`);
  }

  async bulk(action) {
    await this.click(`.bulk-bar [data-action="${action}"]`);
  }

  async waitToast(pattern) {
    let last = [];
    await this.waitFor(async () => {
      last = (await this.read()).toasts;
      return last.some((t) => pattern.test(t));
    }, `no toast matching ${pattern}`).catch((error) => {
      error.message += ` (toasts: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** Clicks Undo on the newest toast that offers it. */
  async undoFromToast() {
    const buttons = await this.driver.findElements(css('.toast .toast-action'));
    await buttons[buttons.length - 1].click();
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

  async filter(text) {
    await this.typeOver('#character-filter', text);
    // The list follows after a short pause in typing: wait until it shows the filter's result.
    await this.waitFor(async () => {
      const shown = await this.driver.executeScript(() => document.getElementById('list-count')?.textContent ?? '');
      return String(text).trim() === '' ? !/ of /.test(shown) : / of /.test(shown);
    }, `the list did not follow the filter "${text}"`);
  }
}
