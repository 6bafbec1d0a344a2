// The sheet editor, the roll panel and the house rules dialog as a test sees them. Inputs are
// found by their place in the draft (`data-loc`, e.g. ["sheet","abilities",1,"ranks"]); every
// wait waits FOR something the GM would see.

import { By, Key } from 'selenium-webdriver';
import { clickWhenClickable, typeInto } from './app.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

export { typeInto };
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

  /** The open sheet, read in one go: status, values by draft location, problems and derived
   *  values by path. Null until its form is whole: a sheet's first frame draws only the top of
   *  it, and the form is aria-busy until the rest is built (sheet-editor.js). */
  async read() {
    return this.driver.executeScript(() => {
      const sheet = document.querySelector('#sheet-slot .sheet');
      if (!sheet || sheet.querySelector('.sheet-form[aria-busy="true"]')) return null;
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
    let last = null;
    return this.waitFor(async () => {
      const page = await this.read();
      last = page && { status: page.status, value: this.value(page, loc), problems: page.problems };
      return page?.state === 'saved' && String(this.value(page, loc)) === String(value) ? page : false;
    }, `the sheet did not save ${JSON.stringify(loc)} = ${value}`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** What is wrong with the sheet pane's layout, in words (see `layoutProblems`); [] when nothing. */
  layoutProblems() {
    return layoutProblems(this.driver, '#sheet-slot');
  }

  async input(loc) {
    return this.driver.findElement(By.css(locSelector(loc)));
  }

  /**
   * Types `value` over an input (select all, delete, type: separate calls for WebKitWebDriver);
   * answers once the input holds exactly `value` (what the sheet then makes of it is waited for
   * by the caller: `waitSaved`, `waitProblem`).
   */
  async type(loc, value) {
    return typeInto(this.driver, locSelector(loc), value);
  }

  /** Picks `value` in the select at `loc` and waits until the select holds it. */
  async choose(loc, value) {
    await clickWhenClickable(this.driver, `${locSelector(loc)} option[value="${value}"]`, { timeoutMs: WAIT_MS });
    let held = null;
    await this.waitFor(async () => {
      held = await this.driver.executeScript((s) => document.querySelector(s)?.value ?? null, locSelector(loc));
      return held === String(value);
    }, `${JSON.stringify(loc)} did not take "${value}"`).catch((error) => {
      error.message += ` (it holds ${JSON.stringify(held)})`;
      throw error;
    });
  }

  /** Notes the cards the sheet's form shows now (its sections), for `cardsKept`. */
  async noteCards() {
    await this.driver.executeScript(() => {
      window.notedSheetCards = [...document.querySelector('#sheet-slot .sheet-form').children];
    });
  }

  /** For each card the form shows now, whether it is the very element noted by `noteCards`
   *  (kept, with what was placed in it) rather than one built anew. */
  async cardsKept() {
    return this.driver.executeScript(() => [...document.querySelector('#sheet-slot .sheet-form').children]
      .map((card, i) => card === window.notedSheetCards[i]));
  }

  /** Leaves the field being typed in (the next edit there is an undo step of its own). */
  async blur() {
    await this.driver.executeScript(() => document.activeElement?.blur());
  }

  async clickAction(action, loc) {
    await clickWhenClickable(this.driver, `#sheet-slot .sheet button[data-action="${action}"][data-loc='${JSON.stringify(loc)}']`, { timeoutMs: WAIT_MS });
  }

  async pressInSheet(loc, ...keys) {
    await (await this.input(loc)).sendKeys(Key.chord(...keys));
  }

  /**
   * Clicks the 🎲 of the rating at `path` (the `index`th roll there) and waits until the roll
   * panel of that rating is open with its odds.
   */
  async openRoll(path, index = 0) {
    const buttons = await this.driver.findElements(By.css(`#sheet-slot .roll-die[data-roll-path="${path}"]`));
    if (!buttons[index]) throw new Error(`no roll button for ${path}`);
    // Found afresh on every try (a save places the 🎲 anew). The sheet scrolls on its own; in a
    // short window WebKit's driver does not scroll it for a click.
    await clickWhenClickable(this.driver, async () => {
      const button = (await this.driver.findElements(By.css(`#sheet-slot .roll-die[data-roll-path="${path}"]`)))[index] ?? null;
      if (button) await this.driver.executeScript((b) => b.scrollIntoView({ block: 'center' }), button);
      return button;
    }, { timeoutMs: WAIT_MS, what: `the 🎲 of ${path}` });
    let last = null;
    await this.waitFor(async () => {
      last = await this.readPanel();
      return last?.path === path && last.ready;
    }, `the roll panel of ${path} did not open with its odds`).catch((error) => {
      error.message += ` (the panel: ${JSON.stringify(last && { path: last.path, title: last.title, ready: last.ready })})`;
      throw error;
    });
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
        path: panel.dataset.path ?? null,
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

  /**
   * The roll panel's odds as the GM reads them: the success chance, every outcome row (the
   * table is a virtual list: read whole by scrolling it through) and the chart's bars.
   */
  async readPanelOdds() {
    return scriptWithAllRows(this.driver, (allRows) => {
      const panel = document.querySelector('.roll-panel');
      const body = panel?.querySelector('.rp-odds tbody');
      if (!body) return null;
      const scroller = body.closest('.outcomes-wrap') ?? body.closest('table')?.parentElement ?? body;
      return {
        success: panel.querySelector('.success-value')?.textContent.trim() ?? '',
        rows: allRows(scroller, 'tbody tr:not(.virtual-gap)', (row) => Number(row.getAttribute('aria-rowindex')), (row) => ({
          key: row.dataset.outcome,
          label: row.querySelector('.outcome-label')?.textContent.trim(),
          chance: row.cells[1].textContent.trim(),
        })),
        bars: [...panel.querySelectorAll('.chart .bar')].flatMap((shape) => (shape.dataset.outcomes ? JSON.parse(shape.dataset.outcomes) : [shape.dataset.outcome])),
      };
    });
  }

  async panelField(name) {
    return this.driver.findElement(By.css(`.roll-panel [data-input="${name}"]`));
  }

  /** Types `value` over the panel's field `name`; answers once the field holds exactly it. */
  async typeInPanel(name, value) {
    return typeInto(this.driver, `.roll-panel [data-input="${name}"]`, value);
  }

  /** Types `seed` into the panel's Seed box (over what it held); answers once it holds exactly it. */
  async setSeed(seed) {
    return typeInto(this.driver, '.roll-panel .seed input', seed);
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
