// The sheet editor, the roll panel and the house rules dialog as a test sees them. Inputs are
// found by their place in the draft (`data-loc`, e.g. ["sheet","abilities",1,"ranks"]); every
// wait waits FOR something the GM would see.

import { By, Key } from 'selenium-webdriver';
import { layoutProblems } from './window-page.mjs';

export const WAIT_MS = 30_000;

const locSelector = (loc) => `#sheet-slot .sheet [data-loc='${JSON.stringify(loc)}']:not(button)`;

export class SheetPage {
  constructor(driver) {
    this.driver = driver;
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /** The open sheet, read in one go: status, values by draft location, problems and derived values by path. */
  async read() {
    return this.driver.executeScript(() => {
      const sheet = document.querySelector('#sheet-slot .sheet');
      if (!sheet) return null;
      const text = (node) => node?.textContent.trim() ?? '';
      const values = {};
      for (const input of sheet.querySelectorAll('[data-loc]:not(button)')) {
        values[input.dataset.loc] = input.type === 'checkbox' ? input.checked : input.value;
      }
      const problems = {};
      for (const slot of sheet.querySelectorAll('.slot-problem:not([hidden])')) {
        const owner = slot.parentElement.closest('[data-path]');
        if (owner && text(slot)) problems[owner.dataset.path] = text(slot);
      }
      return {
        id: sheet.dataset.characterId,
        title: text(sheet.querySelector('.sheet-name')),
        status: text(sheet.querySelector('.save-status')),
        state: sheet.querySelector('.save-status')?.dataset.state,
        values,
        invalid: [...sheet.querySelectorAll('[aria-invalid="true"]')].map((input) => input.dataset.loc),
        problems,
        derived: [...sheet.querySelectorAll('.derived')].map((chip) => ({
          path: chip.closest('[data-path]')?.dataset.path,
          label: chip.dataset.derived,
          value: text(chip.querySelector('.derived-value')),
        })),
        rolls: [...sheet.querySelectorAll('.roll-die')].map((b) => ({ path: b.dataset.rollPath, label: b.getAttribute('aria-label') })),
        undo: !sheet.querySelector('.sheet-tool.undo')?.disabled,
        redo: !sheet.querySelector('.sheet-tool.redo')?.disabled,
        unplaced: text(sheet.querySelector('.sheet-unplaced')),
      };
    });
  }

  value(page, loc) {
    return page.values[JSON.stringify(loc)];
  }

  async waitState(state, message) {
    let last = null;
    await this.waitFor(async () => {
      last = await this.read();
      return last?.state === state;
    }, message ?? `the sheet status did not become "${state}"`).catch((error) => {
      error.message += ` (last: ${last?.status})`;
      throw error;
    });
    return last;
  }

  /** Waits until the problem at `path` reads `pattern` (a RegExp or the exact text). */
  async waitProblem(path, pattern) {
    let last = null;
    const fits = (text) => (pattern instanceof RegExp ? pattern.test(text ?? '') : text === pattern);
    await this.waitFor(async () => {
      last = await this.read();
      return fits(last?.problems[path]);
    }, `no problem ${pattern} at ${path}`).catch((error) => {
      error.message += ` (shown: ${JSON.stringify(last?.problems)})`;
      throw error;
    });
    return last;
  }

  /** Waits until the sheet shows as saved with `loc` holding `value` (the autosave finished). */
  async waitSaved(loc, value) {
    return this.waitFor(async () => {
      const page = await this.read();
      return page?.state === 'saved' && String(this.value(page, loc)) === String(value) ? page : false;
    }, `the sheet did not save ${JSON.stringify(loc)} = ${value}`);
  }

  /** What is wrong with the sheet pane's layout, in words (see `layoutProblems`); [] when nothing. */
  layoutProblems() {
    return layoutProblems(this.driver, '#sheet-slot');
  }

  async input(loc) {
    return this.driver.findElement(By.css(locSelector(loc)));
  }

  /** Types `value` over an input (select all, delete, type: separate calls for WebKitWebDriver). */
  async type(loc, value) {
    const input = await this.input(loc);
    await input.click();
    await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await input.sendKeys(Key.BACK_SPACE);
    if (String(value) !== '') await input.sendKeys(String(value));
    return input;
  }

  async choose(loc, value) {
    await (await this.driver.findElement(By.css(`${locSelector(loc)} option[value="${value}"]`))).click();
  }

  /** Leaves the field being typed in (the next edit there is an undo step of its own). */
  async blur() {
    await this.driver.executeScript(() => document.activeElement?.blur());
  }

  async clickAction(action, loc) {
    await (await this.driver.findElement(By.css(`#sheet-slot .sheet button[data-action="${action}"][data-loc='${JSON.stringify(loc)}']`))).click();
  }

  async pressInSheet(loc, ...keys) {
    await (await this.input(loc)).sendKeys(Key.chord(...keys));
  }

  /** Clicks the 🎲 of the rating at `path` (the first roll there) and waits for the panel. */
  async openRoll(path, index = 0) {
    const buttons = await this.driver.findElements(By.css(`#sheet-slot .roll-die[data-roll-path="${path}"]`));
    if (!buttons[index]) throw new Error(`no roll button for ${path}`);
    // The sheet scrolls on its own; in a short window WebKit's driver does not scroll it for a click.
    await this.driver.executeScript((b) => b.scrollIntoView({ block: 'center' }), buttons[index]);
    await buttons[index].click();
    await this.waitFor(async () => (await this.readPanel())?.ready, 'the roll panel did not open with its odds');
  }

  /** The roll panel: title, note, the request its odds are for, success, dice and outcome. */
  async readPanel() {
    return this.driver.executeScript(() => {
      const panel = document.querySelector('.roll-panel');
      if (!panel) return null;
      const text = (node) => node?.textContent.trim() ?? '';
      const odds = panel.querySelector('.rp-odds');
      const result = panel.querySelector('.rp-result');
      const fields = {};
      for (const input of panel.querySelectorAll('[data-input]')) fields[input.dataset.input] = input.type === 'checkbox' ? input.checked : input.value;
      return {
        ready: Boolean(odds?.dataset.request) && odds.getAttribute('aria-busy') === 'false',
        title: text(panel.querySelector('.rp-title')),
        note: text(panel.querySelector('.rp-note')),
        fields,
        request: odds?.dataset.request ? JSON.parse(odds.dataset.request) : null,
        success: text(panel.querySelector('.success-value')),
        seed: result?.dataset.seed ?? null,
        outcome: result?.dataset.outcome ?? null,
        faces: [...panel.querySelectorAll('.rp-result .die')].map((d) => Number(d.dataset.face)),
        verdict: text(panel.querySelector('.verdict-outcome')),
        logged: text(panel.querySelector('.rp-logged')),
      };
    });
  }

  async panelField(name) {
    return this.driver.findElement(By.css(`.roll-panel [data-input="${name}"]`));
  }

  async typeInPanel(name, value) {
    const input = await this.panelField(name);
    await input.click();
    await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await input.sendKeys(Key.BACK_SPACE);
    await input.sendKeys(String(value));
    return input;
  }

  async setSeed(seed) {
    const input = await this.driver.findElement(By.css('.roll-panel .seed input'));
    await input.click();
    await input.sendKeys(String(seed));
    return input;
  }
}

/** The house rules dialog: level names, the chart's values, problems at cells. */
export async function readHouseRules(driver) {
  return driver.executeScript(() => {
    const dialog = document.querySelector('dialog.house-rules-dialog[open]');
    if (!dialog) return null;
    const text = (node) => node?.textContent.trim() ?? '';
    return {
      levels: [...dialog.querySelectorAll('input[data-level]')].map((i) => i.value),
      chart: [...dialog.querySelectorAll('.hr-grid tbody tr')].map((tr) => [...tr.querySelectorAll('input')].map((i) => i.value)),
      colHeads: [...dialog.querySelectorAll('.hr-grid thead th[data-col]')].map(text),
      focused: document.activeElement?.dataset.row !== undefined ? [Number(document.activeElement.dataset.row), Number(document.activeElement.dataset.col)] : null,
      invalid: [...dialog.querySelectorAll('[aria-invalid="true"]')].map((i) => i.closest('[data-path]')?.dataset.path),
      problems: text(dialog.querySelector('.hr-problems')),
      nothing: text(dialog.querySelector('.hr-nothing')),
    };
  });
}
