// The Quick roll panel as a test sees it: pick, fill, wait on explicit conditions, read what is shown.
// Waits are generous (a slow 2-core CI machine with software GL) and always wait FOR something.

import { By, Key, until } from 'selenium-webdriver';

export const WAIT_MS = 30_000;

const css = (selector) => By.css(selector);

/**
 * Select all, delete, type. Separate calls: WebKitWebDriver drops the keys that follow a
 * Ctrl+A chord within one sendKeys.
 */
async function typeOver(input, value) {
  await input.click();
  await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
  await input.sendKeys(Key.BACK_SPACE);
  if (String(value) !== '') await input.sendKeys(String(value));
}

export class QuickRollPage {
  constructor(driver) {
    this.driver = driver;
  }

  /** Waits until the catalog has arrived and the first kind's odds are shown. */
  async ready() {
    const { driver } = this;
    await driver.wait(until.elementLocated(css('#quick-roll[aria-busy="false"]')), WAIT_MS, 'the Quick roll panel never finished loading');
    await driver.wait(until.elementLocated(css('#system option')), WAIT_MS, 'the system list stayed empty');
    await this.waitForOdds({});
  }

  async selectOption(selectId, value) {
    const option = await this.driver.findElement(css(`#${selectId} option[value="${value}"]`));
    await option.click();
    await this.driver.wait(
      async () => (await this.driver.findElement(css(`#${selectId}`)).getAttribute('value')) === value,
      WAIT_MS,
      `#${selectId} did not take "${value}"`,
    );
  }

  /** Picks a system and a roll kind; waits until the kind's form is built. */
  async choose(system, kind) {
    await this.selectOption('system', system);
    await this.driver.wait(
      async () => (await this.shownRequest())?.system === system,
      WAIT_MS,
      `picking ${system} did not show its first kind`,
    );
    await this.selectOption('kind', kind);
    await this.driver.wait(
      async () => {
        const request = await this.shownRequest();
        return request?.system === system && request?.roll === kind;
      },
      WAIT_MS,
      `the form never showed ${system}/${kind}`,
    );
  }

  input(name) {
    return this.driver.findElement(css(`[data-input="${name}"]`));
  }

  /** Replaces a field's text the way a user does: select everything, type over it. */
  async type(name, value) {
    await typeOver(await this.input(name), value);
  }

  async fill(values) {
    for (const [name, value] of Object.entries(values)) {
      const input = await this.input(name);
      if ((await input.getAttribute('type')) === 'checkbox') {
        if ((await input.isSelected()) !== Boolean(value)) await input.click();
      } else if ((await input.getTagName()) === 'select') {
        await (await input.findElement(css(`option[value="${value}"]`))).click();
      } else {
        await this.type(name, value);
      }
    }
  }

  /** The request the odds on screen belong to (the odds panel carries it), or null while busy. */
  async shownRequest() {
    return this.driver.executeScript(() => {
      const panel = document.getElementById('odds-panel');
      if (!panel || panel.getAttribute('aria-busy') === 'true' || !panel.dataset.request) return null;
      return JSON.parse(panel.dataset.request);
    });
  }

  /**
   * Waits until the odds shown are those of a request with every value of `expected` (and no
   * newer input is pending). Resolves to that request as the app sent it.
   */
  async waitForOdds(expected) {
    let last = null;
    await this.driver.wait(
      async () => {
        last = await this.shownRequest();
        return last !== null && Object.entries(expected).every(([key, value]) => JSON.stringify(last[key]) === JSON.stringify(value));
      },
      WAIT_MS,
      `the odds never updated to ${JSON.stringify(expected)}`,
    ).catch((error) => {
      error.message += ` (last shown request: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** What the odds panel shows, as text: the success chance, every table row and chart bar. */
  async readOdds() {
    const success = await this.driver.findElement(css('#success-pct')).getText();
    const view = await this.driver.executeScript(() => ({
      rows: [...document.querySelectorAll('#outcomes-body tr')].map((row) => ({
        key: row.dataset.outcome,
        label: row.querySelector('.outcome-label')?.innerText.trim(),
        hot: row.classList.contains('hot'),
        chance: row.cells[1].innerText.trim(),
      })),
      bars: [...document.querySelectorAll('#chart rect.bar')].map((bar) => bar.dataset.outcome),
    }));
    return { success, ...view };
  }

  /** The error shown at a field (its inline message), or null. */
  async fieldError(name) {
    return this.driver.executeScript((field) => {
      const wrap = document.querySelector(`[data-field="${field}"]`);
      const message = wrap?.querySelector('.field-error');
      if (!wrap || !message || message.hidden) return null;
      const input = wrap.querySelector('input, select');
      const described = (input?.getAttribute('aria-describedby') ?? '').split(/\s+/);
      return {
        text: message.innerText.trim(),
        invalid: input?.getAttribute('aria-invalid') === 'true',
        linked: described.includes(message.id),
      };
    }, name);
  }

  async rollCount() {
    return (await this.driver.findElements(css('#history li'))).length;
  }

  /** Waits until the history holds `count` rolls and the result panel shows the newest. */
  async waitForRoll(count) {
    await this.driver.wait(async () => (await this.rollCount()) >= count, WAIT_MS, `roll ${count} never showed`);
    return this.readResult();
  }

  /** The last roll as shown: verdict, detail, seed and every die with its label. */
  async readResult() {
    return this.driver.executeScript(() => {
      const result = document.getElementById('result');
      const text = (selector) => result.querySelector(selector)?.innerText.trim() ?? null;
      return {
        seed: result.dataset.seed ?? null,
        verdict: text('.verdict-outcome'),
        detail: text('.detail'),
        groups: [...result.querySelectorAll('.dice-group')].map((group) => ({
          label: group.querySelector('.dice-group-label')?.innerText.trim(),
          listLabel: document.getElementById(group.querySelector('.dice')?.getAttribute('aria-labelledby') ?? '')?.textContent.trim() ?? null,
          dice: [...group.querySelectorAll('.die')].map((die) => ({
            face: die.querySelector('.face')?.innerText.trim(),
            label: die.querySelector('.sr')?.textContent.trim(),
            state: die.dataset.state,
            border: getComputedStyle(die).borderTopStyle,
            borderColor: getComputedStyle(die).borderTopColor,
            background: getComputedStyle(die).backgroundColor,
            decoration: getComputedStyle(die.querySelector('.face') ?? die).textDecorationLine,
          })),
        })),
      };
    });
  }

  async setSeed(seed) {
    await typeOver(await this.driver.findElement(css('#seed')), seed === null ? '' : seed);
  }

  async pressRoll() {
    await this.driver.findElement(css('#roll-button')).click();
  }

  async pressEnterIn(name) {
    await (await this.input(name)).sendKeys(Key.ENTER);
  }
}
