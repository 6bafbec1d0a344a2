// Quick roll's Notation field as a test sees it (ui/js/notation/): type an expression one key at
// a time, wait until the engine's answer for exactly that text is shown, read the marks, the
// problems, the value fields and the odds.

import { By } from 'selenium-webdriver';
import { QuickRollPage, WAIT_MS } from './quick-roll-page.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

const INPUT = '#quick-roll-notation';

export class NotationPage extends QuickRollPage {
  /** Picks dice notation in Quick roll and waits for its form. */
  async openNotation() {
    await this.ready();
    await this.choose('dice', 'expr');
    await this.driver.wait(async () => (await this.driver.findElement(By.css(INPUT)).isDisplayed()), WAIT_MS, 'the Notation field did not show');
  }

  /** Empties the field, and waits until the engine's answer for the empty text is shown. */
  async clear() {
    await this.driver.executeScript((selector) => {
      const input = document.querySelector(selector);
      input.value = '';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }, INPUT);
    return this.waitForChecked('');
  }

  /** Types `keys` at the end of the field (as keys pressed), and waits until it holds `expected`. */
  async press(keys, expected) {
    const input = await this.driver.findElement(By.css(INPUT));
    await input.sendKeys(keys);
    let last = null;
    await this.driver.wait(async () => (last = await input.getAttribute('value')) === expected, WAIT_MS, `the Notation field did not take "${expected}"`)
      .catch((error) => {
        error.message += ` (holds "${last}")`;
        throw error;
      });
  }

  /** What the field shows now: the text, the text its answer is for, the marks and problems. */
  async read() {
    return this.driver.executeScript((selector) => {
      const input = document.querySelector(selector);
      const root = input.closest('.notation');
      const problems = document.getElementById(`${input.id}-problems`);
      return {
        value: input.value,
        checked: root.dataset.checked === 'true',
        expr: root.dataset.expr ?? null,
        invalid: input.getAttribute('aria-invalid') === 'true',
        describedBy: (input.getAttribute('aria-describedby') ?? '').split(/\s+/),
        problemsId: problems.id,
        problems: [...problems.querySelectorAll('li')].map((li) => ({ text: li.textContent, column: Number(li.dataset.column) })),
        marks: [...root.querySelectorAll('.notation-mark')].map((mark) => mark.textContent),
        values: [...root.querySelectorAll('.notation-values [data-field]')].map((field) => ({
          name: field.dataset.field,
          label: field.querySelector('label')?.childNodes[0]?.textContent.trim(),
          value: field.querySelector('input')?.value,
        })),
      };
    }, INPUT);
  }

  /** Waits until the field shows the engine's answer for exactly `text`; answers what it shows. */
  async waitForChecked(text) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.read();
      return last.checked && last.value === text && last.expr === text;
    }, WAIT_MS, `the Notation field never showed its answer for "${text}"`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** Waits until the odds panel says why there are no odds (the notation has a problem). */
  async waitForNoOdds() {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.driver.executeScript(() => {
        const panel = document.getElementById('odds-panel');
        return { blocked: panel.classList.contains('blocked'), busy: panel.getAttribute('aria-busy'), note: document.getElementById('odds-note').textContent };
      });
      return last.blocked && last.busy === 'false';
    }, WAIT_MS, 'the odds were never blocked').catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** The chart's bars (outcome keys, in order), its target line and the figures shown. */
  async readChart() {
    return this.driver.executeScript(() => {
      // A bar is a rect, or one of a run of alike bars drawn as one path (`data-outcomes`, chart.js).
      const bars = [...document.querySelectorAll('#chart .bar')].flatMap((shape) => (shape.dataset.outcomes ? JSON.parse(shape.dataset.outcomes) : [shape.dataset.outcome]).map((key) => ({ key, shape })));
      return {
        bars: bars.map(({ key }) => key),
        succeeds: bars.map(({ shape }) => shape.classList.contains('succeeds')),
        target: document.querySelector('#chart .target-label')?.textContent ?? null,
        success: document.getElementById('success-pct').textContent,
        meta: document.getElementById('odds-meta').textContent,
        notDrawn: document.querySelector('#chart .not-drawn')?.textContent ?? null,
      };
    });
  }

  /**
   * The outcome table's rows, every one (it is a virtual list, read by scrolling it through): an
   * outcome's key, or the end (`tail`) a summed row stands for; its label and chance.
   */
  async readTable() {
    return scriptWithAllRows(this.driver, (allRows) => allRows(document.querySelector('#outcomes').closest('.outcomes-wrap'), '#outcomes-body tr:not(.virtual-gap)', (row) => Number(row.getAttribute('aria-rowindex')), (row) => ({
      key: row.dataset.outcome ?? null,
      tail: row.dataset.tail ?? null,
      label: row.querySelector('.outcome-label').textContent,
      chance: row.cells[1].textContent,
    })));
  }

  /**
   * Where the mirror's mark and the input's own text put column `column` of `text`, in pixels
   * from the field's left edge: `{mark, text}`. The input's is measured with its own font on a
   * canvas, the way the browser lays it out; the two must agree for the underline to sit under
   * the characters at fault.
   */
  async markPlacement(text, column) {
    return this.driver.executeScript((selector, typed, col) => {
      const input = document.querySelector(selector);
      const mark = input.closest('.notation').querySelector('.notation-mark');
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const before = [...typed].slice(0, col - 1).join('');
      const box = input.getBoundingClientRect();
      const inset = parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
      return {
        mark: mark ? mark.getBoundingClientRect().left - box.left : null,
        text: inset + context.measureText(before).width - input.scrollLeft,
      };
    }, INPUT, text, column);
  }

  /** The value field of `@name`. */
  valueInput(name) {
    return this.driver.findElement(By.css(`.notation-values [data-field="${name}"] input`));
  }
}
