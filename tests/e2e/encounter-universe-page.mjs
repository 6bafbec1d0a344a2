// The universe panel of the Encounters view as a test sees it: each participant's card, side and
// fate, the GM's pool, the deck counts and status, the last move's events; Deal, Play a fate
// card, Nat 20. Builds on the shell's EncounterPage.

import { By } from 'selenium-webdriver';
import { EncounterPage } from './encounter-page.mjs';

export class UniverseEncounterPage extends EncounterPage {
  /** The shell's page plus the universe panel, read in one go. */
  async readUniverse() {
    const page = await this.read();
    const universe = await this.driver.executeScript(() => {
      const text = (node) => node?.textContent.trim() ?? null;
      const panel = document.querySelector('.uv-panel');
      if (!panel) return null;
      return {
        rows: [...panel.querySelectorAll('.uv-initiative > .uv-row')].map((row) => ({
          id: row.dataset.participantId,
          name: text(row.querySelector('.uv-name')),
          card: row.dataset.card || null,
          cardWords: row.querySelector('.uv-card-cell .uv-card')?.getAttribute('aria-label') ?? null,
          anyTime: text(row.querySelector('.uv-any-time')),
          side: row.querySelector('select.uv-side')?.value ?? text(row.querySelector('.uv-side')),
          fate: [...row.querySelectorAll('.uv-fate')].map((f) => f.dataset.card),
          limit: text(row.querySelector('.uv-limit')),
        })),
        gm: [...panel.querySelectorAll('.uv-gm-cards .uv-fate')].map((f) => f.dataset.card),
        counts: text(panel.querySelector('.uv-counts')),
        status: text(panel.querySelector('.uv-deck-status')),
        deal: { text: text(panel.querySelector('.uv-deal')), enabled: panel.querySelector('.uv-deal')?.disabled === false },
        events: [...panel.querySelectorAll('.uv-events li')].map(text),
        dice: [...panel.querySelectorAll('.uv-roll .die')].map((d) => Number(d.dataset.face)),
      };
    });
    return { ...page, universe };
  }

  /** Waits until the panel agrees with `check(page)`; answers that page. */
  async untilUniverse(check, message) {
    let page = null;
    await this.waitFor(async () => {
      page = await this.readUniverse();
      return Boolean(page.universe && check(page));
    }, message);
    return page;
  }

  /** Presses Deal and waits for the cards. */
  async deal() {
    const before = await this.logLength();
    await this.click('.uv-panel .uv-deal');
    return this.untilUniverse((p) => p.log.length === before + 1 && p.universe.rows.every((r) => r.card), 'Deal dealt no cards');
  }

  /** Next round (the shell's button) and waits for the panel to show the new round's cards. */
  async nextRound() {
    const before = await this.readUniverse();
    await this.click('#encounter-next-round');
    return this.untilUniverse((p) => p.log.length === before.log.length + 1 && p.round !== before.round && p.universe.rows.every((r) => r.card), 'the next round dealt no cards');
  }

  /** Plays `card` held by `name` for `use` (attack, armor_class, save, second_initiative). */
  async playFate(name, card, use) {
    const before = await this.logLength();
    const row = await this.driver.findElement(By.xpath(`//ol[contains(@class,'uv-initiative')]/li[.//span[contains(@class,'uv-name') and text()='${name}']]`));
    const chip = await row.findElement(By.css(`.uv-fate[data-card="${card}"]`));
    await this.driver.executeScript((select, value) => {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }, await chip.findElement(By.css('select')), use);
    await chip.findElement(By.css('.uv-play-card')).click();
    return this.untilUniverse((p) => p.log.length === before + 1 && !p.universe.rows.find((r) => r.name === name)?.fate.includes(card), `${name} did not play ${card}`);
  }

  /** Opens the move form titled `title` (Attack, Save…), sets its selects by option text and
   *  waits for the odds of the previewed request; answers `{request, success}`. */
  async previewMove(title, choices) {
    await this.driver.executeScript((wanted, picks) => {
      const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
      form.open = true;
      form.dispatchEvent(new Event('toggle'));
      for (const [label, text] of Object.entries(picks)) {
        const select = form.querySelector(`select[aria-label="${label}"]`);
        select.value = [...select.options].find((o) => o.textContent === text).value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, title, choices);
    let read = null;
    await this.waitFor(async () => {
      read = await this.driver.executeScript((wanted) => {
        const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
        const odds = form.querySelector('.tp-odds');
        if (!odds?.dataset.request || odds.getAttribute('aria-busy') !== 'false') return null;
        return { request: JSON.parse(odds.dataset.request), success: odds.querySelector('.success-value').textContent };
      }, title);
      return read;
    }, `no odds for ${title}`);
    return read;
  }

  /** Presses the Roll of the open form `title` and waits for the log to grow. */
  async rollMove(title) {
    const before = await this.logLength();
    await this.driver.executeScript((wanted) => {
      const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
      form.querySelector('button[type="submit"]').click();
    }, title);
    return this.untilUniverse((p) => p.log.length === before + 1, `${title} rolled nothing`);
  }
}
