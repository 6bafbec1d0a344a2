// Page object of the roll log's Luck tab (ui/js/log/luck-panel.js): the verdict, the summary,
// the chart's bars and the tables per character and per evening, and each log row's rank.

import { LogPage } from './log-transfer-page.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

const WAIT_MS = 30_000;

export class LuckPage extends LogPage {
  /** The Luck tab, once its report is in. */
  async openLuck() {
    await this.open();
    await this.driver.findElement({ css: '#log-tab-luck' }).click();
    await this.luckSettled();
  }

  /**
   * Waits until the Luck tab is shown with the report of the rolls shown: the log settled (the
   * report is asked for once its rows are in, busy from then on) and the report drawn.
   */
  async luckSettled() {
    await this.settled();
    let last = null;
    await this.driver.wait(async () => {
      last = await this.driver.executeScript(() => {
        const panel = document.querySelector('#luck-panel');
        return { shown: Boolean(panel) && !panel.hidden, busy: panel?.hasAttribute('aria-busy') ?? null, words: document.querySelector('#luck-words')?.textContent ?? '' };
      });
      return last.shown && !last.busy && last.words !== '';
    }, WAIT_MS, 'the Luck tab never showed its verdict').catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** What the panel shows: `{words, verdict, summary, bars: [{tenth, title}], characters, evenings}`. */
  read() {
    return this.driver.executeScript(() => {
      const rows = (id) => [...document.querySelectorAll(`#${id} tbody tr`)].map((tr) => {
        const [label, ...cells] = tr.children;
        return { label: label.textContent, rolls: Number(cells[0].textContent), mean: cells[1].textContent, verdict: cells[2].textContent, words: cells[2].getAttribute('title') };
      });
      return {
        words: document.querySelector('#luck-words').textContent,
        verdict: document.querySelector('#luck-words').dataset.verdict,
        summary: document.querySelector('#luck-summary').textContent,
        bars: [...document.querySelectorAll('#luck-chart .luck-bar')].map((g) => g.querySelector('title').textContent),
        characters: rows('luck-characters'),
        evenings: rows('luck-evenings'),
      };
    });
  }

  /** The Rolls tab again, once it is shown. */
  async openRolls() {
    await this.driver.findElement({ css: '#log-tab-rolls' }).click();
    await this.driver.wait(async () => this.driver.executeScript(() => !document.getElementById('log-rolls').hidden),
      WAIT_MS, 'the Rolls tab did not show');
  }

  /** Each row's rank as shown, by log id (once all `count` rows are shown, each with one). */
  async ranks(count) {
    let ranks = new Map();
    let last = null;
    await this.driver.wait(async () => {
      // The table is virtual: every row, scrolled through.
      const rows = await scriptWithAllRows(this.driver, (allRows) => {
        const wrap = document.querySelector('.log-table-wrap');
        return wrap ? allRows(wrap, '#log-table tbody tr[data-id]', (tr) => Number(tr.getAttribute('aria-rowindex')),
          (tr) => [Number(tr.dataset.id), tr.querySelector('td.col-luck').textContent]) : [];
      });
      ranks = new Map(rows);
      last = { rows: rows.length, unranked: rows.filter(([, rank]) => rank === '').length };
      return rows.length === count && last.unranked === 0;
    }, WAIT_MS, `the ${count} rows never showed their percentiles`).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return ranks;
  }
}
