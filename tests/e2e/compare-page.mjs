// "Compare" (choices side by side) as a test sees it, in Quick roll (`#odds-panel`) or a sheet's
// roll panel (`.roll-panel`): open it, pick what to vary, wait for the columns, read them.

import { By } from 'selenium-webdriver';
import { WAIT_MS } from './quick-roll-page.mjs';

export const IN_QUICK_ROLL = '#odds-panel';
export const IN_ROLL_PANEL = '.roll-panel';

export class ComparePage {
  /** `within`: the selector of the panel that holds the Compare block. */
  constructor(driver, within) {
    this.driver = driver;
    this.within = within;
  }

  get root() {
    return `${this.within} .compare`;
  }

  /** Opens the block (with the keyboard: focus the toggle, press Enter) unless it is open. */
  async open() {
    const toggle = await this.driver.findElement(By.css(`${this.root} .compare-toggle`));
    if ((await toggle.getAttribute('aria-expanded')) === 'true') return;
    await this.driver.executeScript((t) => t.scrollIntoView({ block: 'center' }), toggle);
    await this.driver.executeScript((t) => t.focus(), toggle);
    await toggle.sendKeys('\uE007');
    await this.driver.wait(async () => (await toggle.getAttribute('aria-expanded')) === 'true', WAIT_MS, 'Compare did not open');
  }

  /** The comparisons offered: `[{id, label}]`. */
  async choices() {
    return this.driver.executeScript((root) => [...document.querySelectorAll(`${root} .compare-field option`)]
      .map((o) => ({ id: o.value, label: o.textContent })), this.root);
  }

  async pick(id) {
    const option = await this.driver.findElement(By.css(`${this.root} .compare-field option[value="${id}"]`));
    await option.click();
    let last = null;
    await this.driver.wait(
      async () => (last = await this.driver.findElement(By.css(`${this.root} .compare-field`)).getAttribute('value')) === id,
      WAIT_MS,
      `Compare did not take ${id}`,
    ).catch((error) => {
      error.message += ` (picked: ${last})`;
      throw error;
    });
  }

  /** Everything the block shows, read in one go. */
  async read() {
    return this.driver.executeScript((root) => {
      const block = document.querySelector(root);
      if (!block) return null;
      const text = (node) => node?.textContent.trim() ?? '';
      const chart = block.querySelector('.compare-chart');
      return {
        busy: block.getAttribute('aria-busy') === 'true',
        field: block.dataset.field ?? null,
        request: block.dataset.request ? JSON.parse(block.dataset.request) : null,
        picked: block.querySelector('.compare-field')?.value ?? null,
        pickedLabel: block.querySelector('.compare-field')?.selectedOptions[0]?.textContent ?? null,
        verdict: text(block.querySelector('.compare-verdict')),
        chartLabel: chart?.getAttribute('aria-label') ?? '',
        bars: [...(chart?.querySelectorAll('.compare-bar') ?? [])].map((bar) => ({
          best: bar.classList.contains('best'),
          title: text(bar.querySelector('title')),
          height: Number(bar.getAttribute('height')),
        })),
        figures: [...(chart?.querySelectorAll('.compare-figure') ?? [])].map(text),
        rows: [...block.querySelectorAll('.compare-table tbody tr')].map((row) => ({
          label: text(row.querySelector('.compare-label')),
          value: JSON.parse(row.dataset.value),
          success: Number(row.dataset.success),
          chance: text(row.querySelector('.pct')),
          mean: text(row.querySelector('.mean')),
          best: row.classList.contains('best'),
          current: row.getAttribute('aria-current') === 'true',
        })),
      };
    }, this.root);
  }

  /**
   * Waits until the block shows `field` varied for a request with every value of `expected`,
   * and its answer is the one of the choice picked now (two choices may vary the same field,
   * e.g. a fate card and the bonus: the chart's label starts with the choice's name).
   */
  async waitFor(field, expected = {}) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.read();
      return last && !last.busy && last.field === field && last.rows.length > 0 && last.request
        && last.pickedLabel !== null && last.chartLabel.startsWith(`${last.pickedLabel} compared,`)
        && Object.entries(expected).every(([key, value]) => JSON.stringify(last.request[key]) === JSON.stringify(value));
    }, WAIT_MS, `Compare never showed ${field} for ${JSON.stringify(expected)}`).catch((error) => {
      error.message += ` (last: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }
}
