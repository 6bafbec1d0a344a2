// The roll log view and the import/export flows as a test sees them. Native file dialogs
// cannot be driven by WebDriver, so `stubDialogs` replaces tauri-plugin-dialog's `open` and
// `save` in the page with functions answering a given path (and recording what they were asked);
// everything after the dialog goes through the real UI and the real commands.

import { By, until } from 'selenium-webdriver';
import { showView } from './app.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

export const WAIT_MS = 30_000;

const css = (selector) => By.css(selector);

/** Waits until the shell has mounted every view. */
export async function shellReady(driver) {
  await driver.wait(until.elementLocated(css('#views:not([aria-busy])')), WAIT_MS, 'the window never finished loading');
}

/**
 * The next `open()` answers `open`, the next `save()` answers `save` (undefined leaves it as
 * it is, null answers "cancelled"). What each was asked is kept in `window.__dialogAsked`.
 */
export async function stubDialogs(driver, { open, save } = {}) {
  await driver.executeScript((openPath, savePath, setOpen, setSave) => {
    const dialog = window.__TAURI__.dialog;
    window.__dialogAsked ??= [];
    if (setOpen) {
      dialog.open = async (options) => {
        window.__dialogAsked.push({ kind: 'open', options });
        return openPath;
      };
    }
    if (setSave) {
      dialog.save = async (options) => {
        window.__dialogAsked.push({ kind: 'save', options });
        return savePath;
      };
    }
  }, open ?? null, save ?? null, open !== undefined, save !== undefined);
}

/** What the stubbed dialogs were asked, in order. */
export function dialogAsked(driver) {
  return driver.executeScript(() => window.__dialogAsked ?? []);
}

/** The texts of the toasts shown now. */
export function toasts(driver) {
  return driver.executeScript(() => [...document.querySelectorAll('.toast')].map((t) => t.textContent));
}

/** Waits for a toast whose text matches `pattern`; resolves to its text. */
export async function waitForToast(driver, pattern, message = `no toast matching ${pattern}`) {
  let found = null;
  await driver.wait(async () => {
    found = (await toasts(driver)).find((text) => pattern.test(text)) ?? null;
    return found !== null;
  }, WAIT_MS, message);
  return found;
}

/** Rows of a table as arrays of cell texts (header cells of the row included). */
export function tableRows(driver, selector) {
  return driver.executeScript((sel) => [...document.querySelectorAll(`${sel} tbody tr`)]
    .map((tr) => [...tr.children].map((cell) => cell.textContent.trim())), selector);
}

export class ImportDialog {
  constructor(driver) {
    this.driver = driver;
  }

  /** Waits until the dialog is open and its preview (or its problems) is shown. */
  async waitShown() {
    const { driver } = this;
    await driver.wait(until.elementLocated(css('#import-dialog[open]')), WAIT_MS, 'the import dialog did not open');
    await driver.wait(async () => driver.executeScript(() => {
      const dialog = document.getElementById('import-dialog');
      return !dialog.hasAttribute('aria-busy') && (!document.getElementById('import-plan').hidden || !document.getElementById('import-problems').hidden);
    }), WAIT_MS, 'the import preview never arrived');
  }

  headline() {
    return this.driver.findElement(css('#import-headline')).getText();
  }

  /** Each roster of the plan: `{name, system, action, added, updated, skipped, removed}`. */
  async rosters() {
    const rows = await tableRows(this.driver, '.import-rosters');
    return rows.map(([name, system, action, added, updated, skipped, removed]) => ({
      name, system, action, added: Number(added), updated: Number(updated), skipped: Number(skipped), removed: Number(removed),
    }));
  }

  /** Each character of the plan: `{name, roster, action}`. */
  async characters() {
    const rows = await tableRows(this.driver, '.import-characters');
    return rows.map(([name, roster, action]) => ({ name, roster, action }));
  }

  /** The problems listed for a refused file, as shown. */
  problems() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#import-problems li')].map((li) => li.textContent));
  }

  importEnabled() {
    return this.driver.findElement(css('#import-apply')).isEnabled();
  }

  /** Picks a mode and waits for its preview. */
  async chooseMode(mode) {
    await this.driver.findElement(css(`#import-mode-${mode}`)).click();
    await this.driver.wait(async () => this.driver.executeScript((m) => {
      const dialog = document.getElementById('import-dialog');
      return dialog.querySelector('input[name="import-mode"]:checked')?.value === m && !dialog.hasAttribute('aria-busy');
    }, mode), WAIT_MS, `the ${mode} mode was not taken`);
  }

  async apply() {
    await this.driver.findElement(css('#import-apply')).click();
  }

  async cancel() {
    await this.driver.findElement(css('#import-cancel')).click();
    await this.waitClosed();
  }

  async waitClosed() {
    await this.driver.wait(async () => (await this.driver.findElements(css('#import-dialog'))).length === 0, WAIT_MS, 'the import dialog stayed open');
  }
}

export class LogPage {
  constructor(driver) {
    this.driver = driver;
  }

  async open() {
    await showView(this.driver, 'log');
    await this.settled();
  }

  /** Whether the view is there and no refresh is under way. */
  idle() {
    return this.driver.executeScript(() => {
      const view = document.querySelector('.log-view');
      return Boolean(view) && !view.hasAttribute('aria-busy');
    });
  }

  /** Waits until no refresh is under way. */
  async settled() {
    await this.driver.wait(async () => this.idle(), WAIT_MS, 'the roll log never finished loading');
  }

  /** The day headings shown, in order (the table is virtual: every one, scrolled through). */
  days() {
    return scriptWithAllRows(this.driver, (allRows) => {
      const wrap = document.querySelector('.log-table-wrap');
      return wrap ? allRows(wrap, '#log-table tr.log-day', (tr) => Number(tr.getAttribute('aria-rowindex')), (tr) => tr.textContent) : [];
    });
  }

  /**
   * Every roll shown: `{time, roster, character, roll, outcome, result, dice, detail, seed, at, id}`
   * (the table is virtual: every row, scrolled through).
   */
  rows() {
    return scriptWithAllRows(this.driver, (allRows) => {
      const wrap = document.querySelector('.log-table-wrap');
      return wrap ? allRows(wrap, '#log-table tbody tr[data-id]', (tr) => Number(tr.getAttribute('aria-rowindex')), (tr) => {
        const cell = (key) => tr.querySelector(`td.col-${key}`);
        return {
          id: Number(tr.dataset.id),
          time: cell('time').textContent,
          at: cell('time').querySelector('time').getAttribute('datetime'),
          roster: cell('roster').textContent,
          character: cell('character').textContent,
          roll: cell('roll').querySelector('.log-kind').textContent,
          system: cell('roll').querySelector('.log-system').textContent,
          outcome: cell('outcome').textContent,
          result: cell('success').textContent,
          dice: cell('dice').textContent,
          detail: cell('detail').textContent,
          seed: cell('seed').querySelector('.log-seed').textContent,
        };
      }) : [];
    });
  }

  /**
   * Waits until the table shows `count` rows with no refresh under way, each roll named from
   * the catalog: until the catalog is in, the rows are drawn with the systems' keys ("d12"),
   * and the refresh that names them ("d12 Ranks") is still to come.
   */
  async waitForRows(count, message) {
    let last = null;
    await this.driver.wait(async () => {
      if (!(await this.idle())) {
        last = 'a refresh under way';
        return false;
      }
      const rows = await this.rows();
      const unnamed = rows.filter((row) => /^[a-z0-9_]+$/.test(row.system)).map((row) => row.system);
      last = { rows: rows.length, unnamed };
      return rows.length === count && unnamed.length === 0 && (await this.idle());
    }, WAIT_MS, message ?? `the log never showed ${count} rows`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** Waits until the element `id` reads `pattern`; answers its text. */
  async waitForText(id, pattern, message) {
    let last = null;
    await this.driver.wait(async () => pattern.test(last = await this.text(id)), WAIT_MS, message ?? `#${id} never read ${pattern}`)
      .catch((error) => {
        error.message += ` (last seen: ${JSON.stringify(last)})`;
        throw error;
      });
    return last;
  }

  /** The options of a filter select: `[{value, text}]`. */
  options(id) {
    return this.driver.executeScript((selectId) => [...document.getElementById(selectId).options].map((o) => ({ value: o.value, text: o.textContent })), id);
  }

  /** Picks the option whose text is `text` in a filter select (waiting until it is listed). */
  async choose(id, text) {
    let option = null;
    await this.settled();
    await this.driver.wait(async () => {
      const select = await this.driver.findElement(css(`#${id}`));
      option = (await select.isEnabled()) ? (await this.options(id)).find((o) => o.text === text) : null;
      return Boolean(option);
    }, WAIT_MS, `#${id} never offered "${text}"`);
    await this.driver.findElement(css(`#${id} option[value="${option.value}"]`)).click();
    await this.driver.wait(async () => (await this.driver.findElement(css(`#${id}`)).getAttribute('value')) === option.value, WAIT_MS, `#${id} did not take "${text}"`);
    // Busy from the pick on, until its rows are in (the caller waits for those rows).
    await this.settled();
  }

  text(id) {
    return this.driver.findElement(css(`#${id}`)).getText();
  }

  async click(id) {
    await this.driver.findElement(css(`#${id}`)).click();
  }
}

/** The shell's confirmation dialog: its text, and a press on its confirm or cancel button. */
export async function answerConfirm(driver, yes) {
  const dialog = await driver.wait(until.elementLocated(css('dialog.confirm-dialog[open]')), WAIT_MS, 'no confirmation was asked');
  const text = await dialog.getText();
  const buttons = await dialog.findElements(css('.dialog-actions button'));
  await buttons[yes ? buttons.length - 1 : 0].click();
  await driver.wait(async () => (await driver.findElements(css('dialog.confirm-dialog[open]'))).length === 0, WAIT_MS, 'the confirmation stayed open');
  return text;
}
