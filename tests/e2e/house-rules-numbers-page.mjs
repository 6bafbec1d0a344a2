// The house rules dialog's numbers (the rulings that are numbers: Minor Damage dice, miss
// margin) as a test sees them: each input's served range, its value, whether it reads as the
// ruling or a house rule, and its Reset to the ruling.

import { By, Key } from 'selenium-webdriver';
import { WAIT_MS } from './sheet-page.mjs';

export class HouseRulesNumbersPage {
  constructor(driver) {
    this.driver = driver;
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /**
   * Waits until the dialog's number `name` agrees with `check`; answers the whole dialog as
   * read. A failure says what the number last read.
   */
  async waitNumber(name, check, message) {
    let last = null;
    await this.waitFor(async () => {
      last = await this.read();
      return Boolean(last?.numbers[name] && check(last.numbers[name]));
    }, message).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last?.numbers[name] ?? last)})`;
      throw error;
    });
    return last;
  }

  /** The open dialog's numbers by name, or null when no house rules dialog is open. */
  async read() {
    return this.driver.executeScript(() => {
      const dialog = document.querySelector('dialog.house-rules-dialog[open]');
      if (!dialog) return null;
      const numbers = {};
      for (const row of dialog.querySelectorAll('.hr-number')) {
        const input = row.querySelector('input[data-number]');
        numbers[input.dataset.number] = {
          value: input.value,
          min: input.min,
          max: input.max,
          label: row.querySelector('label').textContent.trim(),
          help: row.querySelector('.hr-help').textContent.trim(),
          standing: row.querySelector('.hr-standing').dataset.standing,
          resetDisabled: row.querySelector('.hr-reset').disabled,
          invalid: input.getAttribute('aria-invalid') === 'true',
          problem: row.querySelector('.slot-problem:not([hidden])')?.textContent.trim() ?? '',
        };
      }
      return { numbers, chart: Boolean(dialog.querySelector('.hr-grid')) };
    });
  }

  /** Waits for the dialog to show the number `name`; answers the whole dialog as read. */
  async waitOpen(name) {
    return this.waitFor(async () => {
      const now = await this.read();
      return now?.numbers[name] ? now : false;
    }, `the house rules dialog did not open with ${name}`);
  }

  /**
   * Select all, type over it (separate calls: WebKitWebDriver drops the keys that follow a
   * Ctrl+A chord within one sendKeys); waits until the input holds `value`.
   */
  async type(name, value) {
    const text = String(value);
    const input = await this.driver.findElement(By.css(`dialog input[data-number="${name}"]`));
    await input.click();
    await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
    await input.sendKeys(text === '' ? Key.BACK_SPACE : text);
    await this.waitNumber(name, (number) => number.value === text, `${name} did not take "${text}"`);
  }

  /** Presses "Reset to the ruling" of `name`. */
  async reset(name) {
    await this.driver.findElement(By.css(`dialog button[data-reset="${name}"]`)).click();
  }

  async save() {
    await this.driver.findElement(By.css('dialog.house-rules-dialog .button.primary')).click();
  }

  async waitClosed() {
    return this.waitFor(async () => (await this.read()) === null, 'the house rules dialog did not close');
  }
}
