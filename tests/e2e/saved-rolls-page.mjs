// The Saved rolls list beside Quick roll (ui/js/saved-rolls/) as a test sees it: the roster
// picked, Quick roll's Notation field it saves from, the rows in order, a row's roll button and the status line.

import { By, Key, until } from 'selenium-webdriver';
import { clickWhenClickable, WAIT_MS } from './app.mjs';
import { NotationPage } from './notation-page.mjs';

const css = (selector) => By.css(selector);

export class SavedRollsPage {
  constructor(driver) {
    this.driver = driver;
    this.notation = new NotationPage(driver);
  }

  /** The rows' names, in order. */
  names() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#saved-rolls-list .saved-roll')].map((li) => li.dataset.name));
  }

  /** Waits until the list holds exactly `names`, in order. */
  async waitNames(names, message = `the list never held ${JSON.stringify(names)}`) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.names();
      return JSON.stringify(last) === JSON.stringify(names);
    }, WAIT_MS, message).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** Picks the roster whose saved rolls the list shows, and waits until it is the one shown. */
  async pickRoster(name) {
    await this.driver.wait(until.elementLocated(css(`#saved-rolls-roster option`)), WAIT_MS, 'the roster picker was never filled');
    const options = await this.driver.findElements(css('#saved-rolls-roster option'));
    for (const option of options) {
      if ((await option.getText()) === name) await option.click();
    }
    await this.driver.wait(async () => this.driver.executeScript((wanted) => {
      const list = document.getElementById('saved-rolls-list');
      return list.getAttribute('aria-label') === `Saved rolls of ${wanted}` && !document.getElementById('saved-rolls').hasAttribute('aria-busy');
    }, name), WAIT_MS, `the list never showed ${name}'s saved rolls`);
  }

  /**
   * Types a notation into Quick roll's Notation field (and `values`, "name=value", into the value
   * fields of its @names) once the engine has answered for it, then Ctrl+S in the field.
   */
  async saveNotation(expr, values = '') {
    // Quick roll may already show the Notation form, with a refused notation (and so no odds
    // for openNotation to wait for).
    const field = await this.driver.findElements(css('#quick-roll-notation'));
    if (!field.length || !(await field[0].isDisplayed())) await this.notation.openNotation();
    await this.notation.clear();
    await this.notation.press(expr, expr);
    await this.notation.waitForChecked(expr);
    for (const pair of values.split(',').map((p) => p.trim()).filter(Boolean)) {
      const [name, value] = pair.split('=');
      const input = await this.notation.valueInput(name);
      await input.clear();
      await input.sendKeys(value);
      await this.driver.wait(async () => (await input.getAttribute('value')) === value, WAIT_MS, `the value of @${name} did not take ${value}`);
    }
    const input = await this.driver.findElement(css('#quick-roll-notation'));
    await input.sendKeys(Key.chord(Key.CONTROL, 's'));
  }

  button(name) {
    return `#saved-rolls-list .saved-roll[data-name="${name}"] .saved-roll-button`;
  }

  /** Focuses a row's roll button without pressing it. */
  async focusRow(name) {
    await this.driver.wait(until.elementLocated(css(this.button(name))), WAIT_MS, `no saved roll ${name} in the list`);
    await this.driver.executeScript((selector) => document.querySelector(selector).focus(), this.button(name));
    return this.driver.findElement(css(this.button(name)));
  }

  async roll(name) {
    await clickWhenClickable(this.driver, this.button(name), { what: `the saved roll ${name}` });
  }

  /** Waits until the status line matches `pattern`; resolves to its text. */
  async waitStatus(pattern) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.driver.findElement(css('#saved-status')).getText();
      return pattern.test(last);
    }, WAIT_MS, `the status never matched ${pattern}`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** The name of the saved roll whose button has the focus, or null. */
  focusedName() {
    return this.driver.executeScript(() => document.activeElement?.closest('.saved-roll')?.dataset.name ?? null);
  }

  /**
   * Quick roll's Last roll and the newest line of its session history, once that line names
   * `what` (`NAME · SYSTEM`): `{what, detail, history: {what, outcome, detail}}`.
   */
  async waitQuickRollShows(what) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.driver.executeScript(() => {
        const text = (node) => node?.textContent.trim() ?? null;
        const line = document.querySelector('#history li');
        const result = document.getElementById('result');
        return {
          what: text(result?.querySelector('.result-what')),
          detail: text(result?.querySelector('.detail')),
          history: line ? { what: text(line.querySelector('.history-what')), outcome: text(line.querySelector('.history-outcome')), detail: text(line.querySelector('.history-detail')) } : null,
        };
      });
      return last.what === what && last.history?.what === what;
    }, WAIT_MS, `Quick roll never showed ${what} (last: ${JSON.stringify(last)})`).catch((error) => {
      throw new Error(`${error.message}; Quick roll showed ${JSON.stringify(last)}`);
    });
    return last;
  }
}
