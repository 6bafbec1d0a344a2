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

  /** Waits until `check(page)` holds; answers that page. A timeout says what the page showed last. */
  async until(check, message, timeout = WAIT_MS) {
    let page = null;
    await this.driver.wait(async () => {
      page = await this.read();
      return Boolean(check(page));
    }, timeout, message).catch((error) => {
      if (page) {
        const { html, ...shown } = page;
        error.message += ` (last seen: ${JSON.stringify(shown)})`;
      }
      throw error;
    });
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
    return this.waitLink();
  }

  /** Waits until the open Share dialog shows its link; answers it. */
  async waitLink() {
    let link = null;
    await this.driver.wait(async () => {
      link = await this.driver.executeScript(() => (document.querySelector('dialog[open] #share-link')?.value ?? null));
      return link?.startsWith('http://') ?? false;
    }, WAIT_MS, 'the Share dialog did not show a link').catch((error) => {
      error.message += ` (the link box holds ${JSON.stringify(link)})`;
      throw error;
    });
    return link;
  }

  /** Whether the Share dialog shows a QR code image. */
  async qrShown() {
    return this.driver.executeScript(() => {
      const img = document.getElementById('share-qr');
      return Boolean(img && img.complete && img.naturalWidth > 0);
    });
  }

  /** Waits until the Share dialog's QR code image has been decoded and is drawn (`qrShown`). */
  async waitQr() {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.driver.executeScript(() => {
        const img = document.getElementById('share-qr');
        return img ? { complete: img.complete, width: img.naturalWidth } : null;
      });
      return Boolean(last?.complete && last.width > 0);
    }, WAIT_MS, 'the Share dialog\'s QR code was not drawn').catch((error) => {
      error.message += ` (the image: ${JSON.stringify(last)})`;
      throw error;
    });
  }

  /** Waits until the Share button's text matches `pattern` (it says whether the encounter is shared). */
  async waitShareButton(pattern) {
    let text = null;
    await this.driver.wait(async () => {
      text = await this.driver.executeScript(() => document.getElementById('encounter-share')?.textContent.trim() ?? null);
      return pattern.test(text ?? '');
    }, WAIT_MS, `the Share button never read ${pattern}`).catch((error) => {
      error.message += ` (it reads ${JSON.stringify(text)})`;
      throw error;
    });
    return text;
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
    await this.driver.wait(until.elementLocated(css('dialog[open] #visibility-hidden')), WAIT_MS, 'the dialog did not open');
    if (hidden !== null) {
      const box = await this.driver.findElement(css('#visibility-hidden'));
      if ((await box.isSelected()) !== hidden) await this.rosters.click('#visibility-hidden');
      await this.driver.wait(async () => (await box.isSelected()) === hidden, WAIT_MS, `the Hidden box did not become ${hidden ? 'ticked' : 'unticked'}`);
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

  /** Waits until the notes by name hold every one of `wanted` (`{name: note}`); answers all the notes. */
  async waitSeenNotes(wanted) {
    let notes = null;
    await this.waitFor(async () => {
      notes = await this.seenNotes();
      return Object.entries(wanted).every(([who, note]) => notes[who] === note);
    }, `the turn order did not say ${JSON.stringify(wanted)}`).catch((error) => {
      error.message += ` (it says ${JSON.stringify(notes)})`;
      throw error;
    });
    return notes;
  }

  /** H on the row of `name`: hides or shows them; waits for the action to land. */
  async toggleHiddenByKey(name) {
    const before = (await this.read()).log.length;
    return this.keysOnRow(name, 'h', (p) => p.log.length === before + 1, `H on ${name} did nothing`);
  }
}

export { Key };
