// The universe panel of the Encounters view as a test sees it: each participant's card, side and
// fate, the GM's pool, the deck counts and status, the last move's events; Deal, Play a fate
// card, Nat 20. Builds on the shell's EncounterPage.

import { By } from 'selenium-webdriver';
import { EncounterPage, clickInView } from './encounter-page.mjs';

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

  /** Waits until the view has settled and the panel agrees with `check(page)`; answers that page. */
  async untilUniverse(check, message) {
    return this.waitValue(() => this.readUniverse(), (page) => page.busy === 'false' && Boolean(page.universe && check(page)), message);
  }

  /** Presses Deal and waits for the cards. */
  async deal() {
    const before = await this.logLength();
    await this.click('.uv-panel .uv-deal');
    return this.untilUniverse((p) => p.log.length === before + 1 && p.universe.rows.every((r) => r.card), 'Deal dealt no cards');
  }

  /** Next round (the shell's button) and waits for the panel to show the new round's cards. */
  async nextRound() {
    const before = await this.settled();
    const next = `Round ${Number(before.round.replace('Round ', '')) + 1}`;
    await this.click('#encounter-next-round');
    return this.untilUniverse((p) => p.log.length === before.log.length + 1 && p.round === next && p.universe.rows.every((r) => r.card), `the next round (${next}) dealt no cards`);
  }

  /** Plays `card` held by `name` for `use` (attack, armor_class, save, second_initiative). */
  async playFate(name, card, use) {
    const before = await this.logLength();
    const row = await this.driver.findElement(By.xpath(`//ol[contains(@class,'uv-initiative')]/li[.//span[contains(@class,'uv-name') and text()='${name}']]`));
    const chip = await row.findElement(By.css(`.uv-fate[data-card="${card}"]`));
    const select = await chip.findElement(By.css('select'));
    await this.driver.executeScript((node, value) => {
      node.value = value;
      node.dispatchEvent(new Event('change', { bubbles: true }));
    }, select, use);
    await this.waitValue(() => this.driver.executeScript((node) => node.value, select), (value) => value === use, `the use of ${card} did not become ${use}`);
    await clickInView(this.driver, await chip.findElement(By.css('.uv-play-card')));
    return this.untilUniverse((p) => p.log.length === before + 1 && !p.universe.rows.find((r) => r.name === name)?.fate.includes(card), `${name} did not play ${card}`);
  }

  /** Opens the move form titled `title` (Attack, Save…), sets its selects by option text and
   *  waits for the odds previewed for those picks; answers `{request, success}`. */
  async previewMove(title, choices) {
    await this.driver.executeScript((wanted, picks) => {
      const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
      // The odds follow the form after a short pause: count the previews started from here on,
      // so the wait below takes the odds of these picks, not what the block showed before.
      const odds = form.querySelector('.tp-odds');
      odds.__e2eObserver?.disconnect();
      odds.__e2ePreviews = 0;
      odds.__e2eObserver = new MutationObserver(() => {
        if (odds.getAttribute('aria-busy') === 'true') odds.__e2ePreviews += 1;
      });
      odds.__e2eObserver.observe(odds, { attributes: true, attributeFilter: ['aria-busy'] });
      form.open = true;
      form.dispatchEvent(new Event('toggle'));
      for (const [label, text] of Object.entries(picks)) {
        const select = form.querySelector(`select[aria-label="${label}"]`);
        select.value = [...select.options].find((o) => o.textContent === text).value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    }, title, choices);
    return this.waitValue(() => this.driver.executeScript((wanted, picks) => {
      const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
      const odds = form.querySelector('.tp-odds');
      const shown = Object.entries(picks).every(([label, text]) => form.querySelector(`select[aria-label="${label}"]`)?.selectedOptions[0]?.textContent === text);
      if (!shown || !odds.__e2ePreviews || !odds.dataset.request || odds.getAttribute('aria-busy') !== 'false') {
        return { ready: false, picksShown: shown, previews: odds.__e2ePreviews ?? 0, busy: odds.getAttribute('aria-busy') };
      }
      odds.__e2eObserver?.disconnect();
      return { ready: true, request: JSON.parse(odds.dataset.request), success: odds.querySelector('.success-value').textContent };
    }, title, choices), (read) => read.ready, `no odds for ${title} with ${JSON.stringify(choices)}`).then(({ request, success }) => ({ request, success }));
  }

  /** Presses the Roll of the open form `title` and waits for the log to grow. */
  async rollMove(title) {
    const before = await this.logLength();
    await this.driver.executeScript((wanted) => {
      const form = [...document.querySelectorAll('.uv-panel details.uv-move')].find((d) => d.querySelector('summary').textContent === wanted);
      form.querySelector('button[type="submit"]').click();
    }, title);
    // Its entry drawn and the view settled: the panel shows this move's events and dice then.
    return this.untilUniverse((p) => p.log.length === before + 1 && !p.log[0].undone, `${title} rolled nothing`);
  }
}
