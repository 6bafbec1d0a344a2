// The players' view as the tests see it (issue 14): the GM's controls in the Encounters view
// (Share…, the eye of a turn-order row and its dialog), and the page the players open, read in
// one go wherever it runs (headless Chromium on the shared link, or the players' window).

import { By, Key, until } from 'selenium-webdriver';
import { EncounterPage } from './encounter-page.mjs';
import { WAIT_MS } from './rosters-page.mjs';

const css = (selector) => By.css(selector);

/** Everything the players' page shows, read in one go (run inside that page). */
export function readPlayersPage() {
  const text = (node) => node?.textContent.trim() ?? null;
  const status = document.getElementById('status');
  return {
    view: document.getElementById('app')?.dataset.view ?? null,
    transport: document.getElementById('app')?.dataset.status ?? null,
    title: document.title,
    encounter: text(document.getElementById('encounter-name')),
    round: text(document.getElementById('round')),
    now: text(document.querySelector('#now .now-name')),
    next: text(document.querySelector('#now .now-next-name')),
    message: text(document.getElementById('message')),
    status: status && !status.hidden ? text(status) : null,
    rows: [...document.querySelectorAll('#order > li.row')].map((row) => ({
      id: row.dataset.id,
      name: text(row.querySelector('.row-name')),
      side: text(row.querySelector('.side')),
      current: row.getAttribute('aria-current') === 'true',
      health: row.querySelector('.health')?.hidden === false ? text(row.querySelector('.health .sr-only')) : null,
    })),
    rolls: [...document.querySelectorAll('#rolls > li')].map((li) => text(li)),
    html: document.documentElement.outerHTML,
  };
}

/** The players' page in a browser `driver` (Chromium, or the app's players' window). */
export class PlayersPage {
  constructor(driver) {
    this.driver = driver;
  }

  read() {
    return this.driver.executeScript(readPlayersPage);
  }

  /** Waits until `check(page)` holds; answers that page. */
  async until(check, message, timeout = WAIT_MS) {
    let page = null;
    await this.driver.wait(async () => {
      page = await this.read();
      return Boolean(check(page));
    }, timeout, message);
    return page;
  }
}

/** The Encounters view with the GM's controls of what the players see. */
export class GmPlayersPage extends EncounterPage {
  /**
   * Clicks `selector` inside the turn order, found afresh: the list is drawn anew after every
   * change, so a row found a moment ago may be gone (stale) by the time it is clicked.
   */
  async clickInOrder(selector) {
    for (let attempt = 1; ; attempt += 1) {
      await this.until(() => true, 'the view did not settle');
      try {
        await this.click(selector);
        return;
      } catch (error) {
        if (error.name !== 'StaleElementReferenceError' || attempt === 3) throw error;
      }
    }
  }

  /** Opens Share…, answers the link shown (the dialog stays open). */
  async share() {
    await this.click('#encounter-share');
    const input = await this.driver.wait(until.elementLocated(css('#share-link')), WAIT_MS, 'the Share dialog did not open');
    await this.driver.wait(async () => (await input.getAttribute('value')).startsWith('http://'), WAIT_MS, 'no link was shown');
    return input.getAttribute('value');
  }

  /** Whether the Share dialog shows a QR code image. */
  async qrShown() {
    return this.driver.executeScript(() => {
      const img = document.getElementById('share-qr');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
  }

  async closeShare() {
    await this.click('#share-close');
    await this.until((p) => p.dialogs === 0, 'the Share dialog did not close');
  }

  async stopSharing() {
    await this.click('#share-stop');
    await this.until((p) => p.dialogs === 0, 'the Share dialog did not close on Stop sharing');
  }

  /** Opens "What the players see" for `name` with its eye, sets it, and saves. */
  async setVisibility(name, { hidden = null, alias = null, health = null }) {
    const page = await this.read();
    const row = page.order.find((o) => o.name === name);
    if (!row) throw new Error(`no ${name} in the turn order`);
    const before = page.log.length;
    await this.clickInOrder(`.turn-row[data-participant-id="${row.id}"] .turn-visibility`);
    await this.driver.wait(until.elementLocated(css('#visibility-hidden')), WAIT_MS, 'the dialog did not open');
    if (hidden !== null) {
      const box = await this.driver.findElement(css('#visibility-hidden'));
      if ((await box.isSelected()) !== hidden) await box.click();
    }
    if (alias !== null) await this.rosters.typeOver('#visibility-alias', alias);
    if (health !== null) {
      await this.driver.executeScript((value) => {
        const select = document.getElementById('visibility-health');
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }, health);
    }
    await this.click('#visibility-save');
    return this.until((p) => p.dialogs === 0 && p.log.length === before + 1, `the visibility of ${name} was not saved`);
  }

  /** The note each row shows about what the players see, by name. */
  async seenNotes() {
    return this.driver.executeScript(() => Object.fromEntries([...document.querySelectorAll('#turn-order .turn-row')]
      .map((row) => [row.querySelector('.turn-name')?.textContent.trim(), row.querySelector('.turn-seen')?.textContent.trim() ?? null])));
  }

  /** H on the row of `name`: hides or shows them; waits for the action to land. */
  async toggleHiddenByKey(name) {
    const before = (await this.read()).log.length;
    return this.keysOnRow(name, 'h', (p) => p.log.length === before + 1, `H on ${name} did nothing`);
  }
}

export { Key };
