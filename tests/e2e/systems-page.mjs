// The Systems dialog as a test sees it: opened from the app bar's "Systems…", its status line,
// its rows (`.system-row[data-id]`), "Add from file…" with the file picker stubbed (see
// log-transfer-page.mjs) and the preview it opens, Show… with the file's text, Remove… with its
// confirm. Every wait is for the state asserted and says what it last saw.

import { By, Key, until } from 'selenium-webdriver';
import { clickWhenClickable } from './app.mjs';
import { stubDialogs, WAIT_MS } from './log-transfer-page.mjs';

const css = (selector) => By.css(selector);

/** Appends what was last seen to a failed wait's message. */
function saying(last) {
  return (error) => {
    error.message += ` (last seen: ${JSON.stringify(last())})`;
    throw error;
  };
}

export class SystemsDialog {
  constructor(driver) {
    this.driver = driver;
  }

  /** Opens it with the app bar's button and waits until the list has been read. */
  async open() {
    await clickWhenClickable(this.driver, '#systems-button', { timeoutMs: WAIT_MS });
    await this.driver.wait(until.elementLocated(css('#systems-dialog[open]')), WAIT_MS, 'the Systems dialog did not open');
    let status = null;
    await this.driver.wait(async () => {
      status = await this.status();
      return status !== '' && !status.endsWith('…');
    }, WAIT_MS, 'the Systems dialog never showed its list').catch(saying(() => status));
  }

  status() {
    return this.driver.executeScript(() => document.querySelector('#systems-dialog[open] #systems-status')?.textContent ?? '');
  }

  /** Every row: `{id, name, versions, rolls, rosters, added, removable, blocked}`. */
  rows() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#systems-dialog .system-row')].map((row) => ({
      id: row.dataset.id,
      name: row.querySelector('.system-row-name').textContent,
      versions: row.querySelector('.system-row-versions').textContent,
      rolls: row.querySelector('.system-row-rolls').textContent,
      rosters: row.querySelector('.system-row-rosters').textContent,
      added: row.querySelector('.system-row-added').textContent,
      removable: !row.querySelector('.system-remove').disabled,
      blocked: row.querySelector('.system-blocked')?.textContent ?? null,
    })));
  }

  /** Waits until the rows are those of `ids`, in order; answers them. */
  async waitForRows(ids) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.rows();
      return JSON.stringify(last.map((r) => r.id)) === JSON.stringify(ids);
    }, WAIT_MS, `the rows never became ${JSON.stringify(ids)}`).catch(saying(() => last));
    return last;
  }

  /** "Add from file…" answered with `path`; waits until the preview (or its problems) shows. */
  async addFromFile(path) {
    await stubDialogs(this.driver, { open: path });
    await clickWhenClickable(this.driver, '#systems-add', { timeoutMs: WAIT_MS });
    await this.driver.wait(until.elementLocated(css('#system-preview-dialog[open]:not([aria-busy])')), WAIT_MS, 'the preview never showed');
  }

  /** What the preview shows: `{title, status, declares: [[label, text]], problems: [{head, line}], advice: [{head, line}], addEnabled}`. */
  preview() {
    return this.driver.executeScript(() => {
      const dialog = document.getElementById('system-preview-dialog');
      const told = (li) => ({
        head: li.querySelector('.system-problem-head').textContent,
        line: li.querySelector('.system-problem-line').textContent,
      });
      const dts = [...dialog.querySelectorAll('.system-declares dt')];
      return {
        title: dialog.querySelector('.dialog-title').textContent,
        status: dialog.querySelector('#system-preview-status').textContent,
        name: dialog.querySelector('.system-name')?.textContent ?? null,
        declares: dts.map((dt) => [dt.textContent, dt.nextElementSibling.textContent]),
        problems: [...dialog.querySelectorAll('#system-problems .system-problem')].map(told),
        advice: [...dialog.querySelectorAll('#system-advice .system-problem')].map(told),
        addEnabled: !dialog.querySelector('#system-add').disabled,
      };
    });
  }

  /** Add in the preview; waits until the preview closed and the list shows `id`. */
  async confirmAdd(id) {
    await clickWhenClickable(this.driver, '#system-add', { timeoutMs: WAIT_MS });
    await this.waitClosed('#system-preview-dialog', 'the preview stayed open after Add');
    let last = null;
    await this.driver.wait(async () => {
      last = await this.rows();
      return last.some((row) => row.id === id);
    }, WAIT_MS, `${id} was not listed after Add`).catch(saying(() => last));
  }

  /** Esc in the preview: it closes, the Systems dialog stays. */
  async cancelPreview() {
    await this.pressEscape();
    await this.waitClosed('#system-preview-dialog', 'Esc did not close the preview');
  }

  /** Show… on the row of `id`: `{title, declares, source}`; then closes that dialog with Esc. */
  async show(id) {
    await clickWhenClickable(this.driver, `#systems-dialog .system-row[data-id="${id}"] .system-show`, { timeoutMs: WAIT_MS });
    const dialog = await this.driver.wait(until.elementLocated(css('#system-show-dialog[open]')), WAIT_MS, 'Show… opened nothing');
    const shown = await this.driver.executeScript((d) => ({
      title: d.querySelector('.dialog-title').textContent,
      declares: [...d.querySelectorAll('.system-declares dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent]),
      source: d.querySelector('#system-source').textContent,
      focused: document.activeElement?.closest('dialog')?.id ?? null,
    }), dialog);
    await this.pressEscape();
    await this.waitClosed('#system-show-dialog', 'Esc did not close the shown system');
    return shown;
  }

  /** Remove… on the row of `id`; answers the confirm's words, then confirms and waits for the row to go. */
  async remove(id) {
    await clickWhenClickable(this.driver, `#systems-dialog .system-row[data-id="${id}"] .system-remove`, { timeoutMs: WAIT_MS });
    const confirm = await this.driver.wait(until.elementLocated(css('dialog.confirm-dialog[open]')), WAIT_MS, 'no confirm');
    const words = await this.driver.executeScript((d) => ({
      title: d.querySelector('.dialog-title').textContent,
      message: d.querySelector('.dialog-description')?.textContent ?? '',
    }), confirm);
    await clickWhenClickable(this.driver, 'dialog.confirm-dialog[open] button[type="submit"]', { timeoutMs: WAIT_MS });
    let last = null;
    await this.driver.wait(async () => {
      last = await this.rows();
      return !last.some((row) => row.id === id);
    }, WAIT_MS, `${id} stayed listed after Remove`).catch(saying(() => last));
    return words;
  }

  /** Esc closes the Systems dialog. */
  async close() {
    await this.pressEscape();
    await this.waitClosed('#systems-dialog', 'Esc did not close the Systems dialog');
  }

  /** Esc to whatever has the focus (inside the topmost dialog: focus is kept there). */
  async pressEscape() {
    await this.driver.actions().sendKeys(Key.ESCAPE).perform();
  }

  async waitClosed(selector, message) {
    await this.driver.wait(async () => (await this.driver.findElements(css(`${selector}[open]`))).length === 0, WAIT_MS, message);
  }
}
