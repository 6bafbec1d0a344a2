// The Quick roll panel as a test sees it: pick, fill, wait on explicit conditions, read what is shown.
// Waits are generous (a slow 2-core CI machine with software GL) and always wait FOR something.

import { By, Key, until } from 'selenium-webdriver';
import { HISTORY_LIMIT } from '../../ui/js/history.js';
import { scriptWithAllRows } from './virtual-rows.mjs';

export const WAIT_MS = 30_000;

const css = (selector) => By.css(selector);

/** Appends what was last seen to a failed wait's message. */
function saying(last) {
  return (error) => {
    error.message += ` (last seen: ${JSON.stringify(last())})`;
    throw error;
  };
}

/**
 * Select all, then type over the selection (or delete it, for ''), and wait until the input
 * holds exactly `value`. Separate calls: WebKitWebDriver drops the keys that follow a Ctrl+A
 * chord within one sendKeys. Typing over the selection, rather than emptying the field first,
 * leaves no empty field in between for the app to answer ("Enter a whole number.").
 */
async function typeOver(driver, input, value, what) {
  const text = String(value);
  await input.click();
  await input.sendKeys(Key.chord(Key.CONTROL, 'a'));
  await input.sendKeys(text === '' ? Key.BACK_SPACE : text);
  let last = null;
  await driver.wait(async () => (last = await input.getAttribute('value')) === text, WAIT_MS, `${what} did not take "${text}"`)
    .catch(saying(() => last));
}

export class QuickRollPage {
  constructor(driver) {
    this.driver = driver;
  }

  /** Waits until the catalog has arrived, a kind's form is built and its odds are shown. */
  async ready() {
    const { driver } = this;
    await driver.wait(until.elementLocated(css('#quick-roll[aria-busy="false"]')), WAIT_MS, 'the Quick roll panel never finished loading');
    await driver.wait(until.elementLocated(css('#system option')), WAIT_MS, 'the system list stayed empty');
    const form = await this.waitForForm({}, 'no roll form was built');
    await this.waitForOdds({ system: form.system, roll: form.kind });
  }

  /** The form the fields are now: `{system, kind}` (the fields container says), or null. */
  async shownForm() {
    return this.driver.executeScript(() => {
      const fields = document.getElementById('fields');
      return fields?.dataset.kind ? { system: fields.dataset.system, kind: fields.dataset.kind } : null;
    });
  }

  /** Waits until the form is one with every value of `expected` (`{system?, kind?}`); answers it. */
  async waitForForm(expected, message) {
    let last = null;
    await this.driver.wait(
      async () => {
        last = await this.shownForm();
        return last !== null && Object.entries(expected).every(([key, value]) => last[key] === value);
      },
      WAIT_MS,
      message ?? `the form never became ${JSON.stringify(expected)}`,
    ).catch(saying(() => last));
    return last;
  }

  /** Clicks an option of a select and waits until the select holds it. */
  async selectOption(selectId, value) {
    const option = await this.driver.findElement(css(`#${selectId} option[value="${value}"]`));
    await option.click();
    let last = null;
    await this.driver.wait(
      async () => (last = await this.driver.findElement(css(`#${selectId}`)).getAttribute('value')) === value,
      WAIT_MS,
      `#${selectId} did not take "${value}"`,
    ).catch(saying(() => last));
  }

  /**
   * Picks a system and a roll kind; waits until the fields are that kind's form. Picking the
   * option already picked fires no `change`, and the form may still hold what an earlier test
   * typed (even a value with no odds): when the kind is already shown, another system is picked
   * first, so this always ends on the kind's fresh form.
   */
  async choose(system, kind) {
    let form = await this.waitForForm({}, 'no roll form was built');
    if (form.system === system && form.kind === kind) {
      const other = await this.driver.executeScript(
        (current) => [...document.querySelectorAll('#system option')].map((o) => o.value).find((v) => v !== current) ?? null,
        system,
      );
      if (other) {
        await this.selectOption('system', other);
        form = await this.waitForForm({ system: other }, `picking ${other} did not show its first kind`);
      }
    }
    if (form.system !== system) {
      await this.selectOption('system', system);
      form = await this.waitForForm({ system }, `picking ${system} did not show its first kind`);
    }
    if (form.kind !== kind) await this.selectOption('kind', kind);
    await this.waitForForm({ system, kind }, `the form never showed ${system}/${kind}`);
  }

  input(name) {
    return this.driver.findElement(css(`#fields [data-input="${name}"]`));
  }

  /**
   * Replaces a field's text the way a user does: select everything, type over it; waits until
   * the input holds it (what the app makes of it comes later: wait for that too).
   */
  async type(name, value) {
    await typeOver(this.driver, await this.input(name), value, `the field ${name}`);
  }

  /**
   * Leaves the field being typed in, as Tab would (without moving on): a field typed in fires
   * `change` then, which asks for the odds once more. Before a waitForOdds, it makes the next
   * step start with no odds update under way.
   */
  async leaveField() {
    await this.driver.executeScript(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
  }

  /** Sets every field of `values`, each waited on until it holds its value. */
  async fill(values) {
    for (const [name, value] of Object.entries(values)) {
      const input = await this.input(name);
      if ((await input.getAttribute('type')) === 'checkbox') {
        if ((await input.isSelected()) !== Boolean(value)) await input.click();
        await this.driver.wait(async () => (await input.isSelected()) === Boolean(value), WAIT_MS, `the box ${name} did not become ${Boolean(value)}`);
      } else if ((await input.getTagName()) === 'select') {
        await (await input.findElement(css(`option[value="${value}"]`))).click();
        let last = null;
        await this.driver.wait(async () => (last = await input.getAttribute('value')) === String(value), WAIT_MS, `the choice ${name} did not take "${value}"`)
          .catch(saying(() => last));
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
    // The table is a virtual list: read whole by scrolling it through.
    const view = await scriptWithAllRows(this.driver, (allRows) => ({
      rows: allRows(document.querySelector('#outcomes').closest('.outcomes-wrap'), '#outcomes-body tr:not(.virtual-gap)', (row) => Number(row.getAttribute('aria-rowindex')), (row) => ({
        key: row.dataset.outcome,
        label: row.querySelector('.outcome-label')?.textContent.trim(),
        hot: row.classList.contains('hot'),
        chance: row.cells[1].textContent.trim(),
      })),
      // A bar is a rect, or one of a run of alike bars drawn as one path (`data-outcomes`, chart.js).
      bars: [...document.querySelectorAll('#chart .bar')].flatMap((shape) => (shape.dataset.outcomes ? JSON.parse(shape.dataset.outcomes) : [shape.dataset.outcome])),
    }));
    return { success, ...view };
  }

  /** The error shown at a field (its inline message), or null. */
  async fieldError(name) {
    return this.driver.executeScript((field) => {
      const wrap = document.querySelector(`#fields [data-field="${field}"]`);
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

  /**
   * Waits until the field's error is shown and reads `pattern` (the error of the value typed,
   * not one shown on the way there); answers it as fieldError does.
   */
  async waitForFieldError(name, pattern) {
    let last = null;
    await this.driver.wait(
      async () => {
        last = await this.fieldError(name);
        return last !== null && pattern.test(last.text);
      },
      WAIT_MS,
      `no error ${pattern} appeared at ${name}`,
    ).catch(saying(() => last));
    return last;
  }

  async rollCount() {
    return (await this.driver.findElements(css('#history li'))).length;
  }

  /**
   * Waits until the history holds exactly `count` rolls (so the result panel shows roll
   * `count`, drawn with it). The history keeps the last HISTORY_LIMIT: past that a count
   * cannot tell one roll from the next.
   */
  async waitForRoll(count) {
    if (count > HISTORY_LIMIT) throw new Error(`waitForRoll(${count}): the history shows at most ${HISTORY_LIMIT} rolls`);
    let last = null;
    await this.driver.wait(async () => (last = await this.rollCount()) === count, WAIT_MS, `roll ${count} never showed`)
      .catch(saying(() => ({ rolls: last })));
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
    await typeOver(this.driver, await this.driver.findElement(css('#seed')), seed === null ? '' : seed, 'the seed');
  }

  async pressRoll() {
    await this.driver.findElement(css('#roll-button')).click();
  }

  /** Enter in a field: the form submits (rolls). */
  async pressEnterIn(name) {
    await (await this.input(name)).sendKeys(Key.ENTER);
  }
}
