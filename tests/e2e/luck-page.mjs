// Page object of the roll log's Luck tab (ui/js/log/luck-panel.js): the verdict, the summary,
// the chart's bars and the tables per character and per evening, and each log row's rank.

import { LogPage } from './log-transfer-page.mjs';

const WAIT_MS = 30_000;

export class LuckPage extends LogPage {
  /** The Luck tab, once its report is in. */
  async openLuck() {
    await this.open();
    await this.driver.findElement({ css: '#log-tab-luck' }).click();
    await this.luckSettled();
  }

  async luckSettled() {
    await this.driver.wait(async () => this.driver.executeScript(() => {
      const panel = document.querySelector('#luck-panel');
      return Boolean(panel) && !panel.hidden && !panel.hasAttribute('aria-busy') && document.querySelector('#luck-words').textContent !== '';
    }), WAIT_MS, 'the Luck tab never showed its verdict');
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

  /** The Rolls tab again. */
  async openRolls() {
    await this.driver.findElement({ css: '#log-tab-rolls' }).click();
  }

  /** Each row's rank as shown, by log id (once every row has one). */
  async ranks(count) {
    let ranks = new Map();
    await this.driver.wait(async () => {
      const rows = await this.driver.executeScript(() => [...document.querySelectorAll('#log-table tbody tr[data-id]')]
        .map((tr) => [Number(tr.dataset.id), tr.querySelector('td.col-luck').textContent]));
      ranks = new Map(rows);
      return rows.length >= count && rows.every(([, rank]) => rank !== '');
    }, WAIT_MS, 'the rows never showed their percentiles');
    return ranks;
  }
}
