// The Encounters view as a test sees it: open it for a roster, create an encounter, add
// characters and NPCs, next turn / round, undo, and read the order, round and log in one go.
// System pages (encounter-<system>-page.mjs) build on this one. Every wait waits FOR something
// the GM would see.

import { By, Key, until } from 'selenium-webdriver';
import { showView } from './app.mjs';
import { RostersPage, WAIT_MS } from './rosters-page.mjs';

const css = (selector) => By.css(selector);

/**
 * Clicks what `selector` finds once it shows, scrolled into view first: the panels scroll on
 * their own, and WebKit's driver does not always scroll them for a click.
 */
export async function clickInView(driver, selector) {
  const element = await driver.wait(until.elementLocated(css(selector)), WAIT_MS, `nothing matches ${selector}`);
  await driver.wait(until.elementIsVisible(element), WAIT_MS, `${selector} never showed`);
  await driver.executeScript((e) => e.scrollIntoView({ block: 'center' }), element);
  await element.click();
}

export class EncounterPage {
  constructor(driver) {
    this.driver = driver;
    this.rosters = new RostersPage(driver);
  }

  async waitFor(condition, message) {
    return this.driver.wait(condition, WAIT_MS, message);
  }

  /** Everything the view shows, read in one go. */
  async read() {
    return this.driver.executeScript(() => {
      const text = (node) => node?.textContent.trim() ?? null;
      const open = document.getElementById('encounter-open-view');
      return {
        busy: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') ?? null,
        roster: text(document.getElementById('encounter-roster')),
        encounters: [...document.querySelectorAll('#encounter-list .encounter-item')].map((item) => ({
          id: item.dataset.id,
          name: text(item.querySelector('.encounter-item-name')),
          meta: text(item.querySelector('.encounter-item-meta')),
          open: item.classList.contains('open'),
        })),
        open: Boolean(open && !open.hidden),
        none: text(document.getElementById('encounter-none-text')),
        name: document.getElementById('encounter-name')?.value ?? null,
        round: text(document.getElementById('encounter-round')),
        turn: text(document.getElementById('encounter-turn')),
        status: text(document.getElementById('encounter-status')),
        order: [...document.querySelectorAll('#turn-order .turn-row')].map((row) => ({
          id: row.dataset.participantId,
          name: text(row.querySelector('.turn-name')),
          current: row.getAttribute('aria-current') === 'true',
          absent: row.classList.contains('absent'),
          npc: Boolean(row.querySelector('.turn-badge')),
        })),
        focused: document.activeElement?.closest?.('.turn-row')?.dataset.participantId ?? null,
        log: [...document.querySelectorAll('#encounter-log > .log-entry')].map((entry) => ({
          lines: [...entry.querySelectorAll('.log-line')].map(text),
          // The lines shown as rulings (with the Ruling badge): their words only.
          rulings: [...entry.querySelectorAll('.log-line')].filter((line) => line.querySelector('.ruling-badge')).map((line) => text(line.querySelector('.ruling-text'))),
          undone: entry.classList.contains('undone'),
        })),
        undo: document.getElementById('encounter-undo')?.disabled === false,
        system: text(document.getElementById('encounter-system-host')),
        dialogs: document.querySelectorAll('dialog[open]').length,
        toasts: [...document.querySelectorAll('.toast')].map((t) => text(t.querySelector('.toast-text'))),
      };
    });
  }

  async click(selector) {
    await clickInView(this.driver, selector);
  }

  /** Selects `rosterName` on the Rosters tab, then shows the Encounters tab for it. */
  async open(rosterName) {
    await showView(this.driver, 'rosters');
    await this.rosters.ready();
    await this.rosters.selectRoster(rosterName);
    await showView(this.driver, 'encounters');
    await this.waitFor(async () => {
      const page = await this.read();
      return page.busy === 'false' && page.roster === rosterName;
    }, `the Encounters view did not show ${rosterName}`);
  }

  /** Creates an encounter from the sidebar and waits until it is open. */
  async create(name) {
    // A toast left by an earlier step sits over the sidebar's New encounter form: dismiss it.
    await this.driver.executeScript(() => document.querySelectorAll('.toast .toast-close').forEach((b) => b.click()));
    await this.driver.wait(async () => (await this.driver.findElements(css('.toast'))).length === 0, 10_000, 'a toast stayed over the form');
    await this.rosters.typeOver('#encounter-new-name', name);
    await this.click('#encounter-create');
    await this.waitFor(async () => {
      const page = await this.read();
      return page.open && page.name === name && page.encounters.some((e) => e.name === name && e.open);
    }, `the encounter "${name}" was not created and opened`);
  }

  /**
   * Waits until the page agrees with `check(page)` and has settled (no table action still
   * being drawn: the view is not aria-busy); answers that page.
   */
  async until(check, message) {
    let page = null;
    await this.waitFor(async () => {
      page = await this.read();
      return page.busy === 'false' && Boolean(check(page));
    }, message);
    return page;
  }

  /** The log's length now, so a wait can see the next action land. */
  async logLength() {
    return (await this.read()).log.length;
  }

  /** Adds characters of the roster by name through the dialog. */
  async addCharacters(names) {
    const before = await this.logLength();
    await this.click('#encounter-add-characters');
    await this.waitFor(async () => (await this.read()).dialogs === 1, 'the Add characters dialog did not open');
    for (const name of names) {
      const boxes = await this.driver.findElements(css('.join-list li'));
      let found = false;
      for (const box of boxes) {
        if ((await box.getText()).includes(name)) {
          await box.findElement(css('input[type="checkbox"]')).click();
          found = true;
          break;
        }
      }
      if (!found) throw new Error(`${name} is not offered in Add characters`);
    }
    await this.click('.encounter-add-dialog .button.primary');
    return this.until((p) => p.dialogs === 0 && p.log.length === before + 1 && names.every((n) => p.order.some((o) => o.name === n)), `${names.join(', ')} did not join`);
  }

  /** Types a label and count into Add NPCs and submits; waits for the log to grow unless `refused`. */
  async addNpcs(label, count, { refused = false } = {}) {
    const before = await this.read();
    await this.rosters.typeOver('#npc-label', label);
    await this.rosters.typeOver('#npc-count', String(count));
    await this.click('#encounter-add-npcs-button');
    if (refused) return this.until((p) => p.toasts.length > before.toasts.length, 'no refusal was shown');
    return this.until((p) => p.log.length === before.log.length + 1, `${count} ${label} did not join`);
  }

  /** Presses a button of the head (`next-turn`, `next-round`, `undo`) and waits for the change. */
  async press(which) {
    const before = await this.until(() => true, 'the view did not settle');
    await this.click(`#encounter-${which}`);
    return this.until((p) => JSON.stringify(p.log) !== JSON.stringify(before.log), `${which} changed nothing`);
  }

  /** `press` for a page object whose own `press` clicks something else (the d12 page's). */
  async pressHead(which) {
    return EncounterPage.prototype.press.call(this, which);
  }

  /** Focuses the row of `name` and presses `keys` on it (e.g. Alt+ArrowDown); waits for `done(page)`. */
  async keysOnRow(name, keys, done, message) {
    const page = await this.read();
    const row = page.order.find((o) => o.name === name);
    if (!row) throw new Error(`no ${name} in the turn order`);
    const element = await this.driver.findElement(css(`.turn-row[data-participant-id="${row.id}"]`));
    await this.driver.executeScript((node) => node.focus(), element);
    await element.sendKeys(keys);
    return this.until(done, message);
  }

  /** The names shown by the system panel's selects matching `selector` (e.g. `select[name="attacker"]`). */
  async picked(selector) {
    return this.driver.executeScript((sel) => [...document.querySelectorAll(`#encounter-system-host ${sel}`)]
      .map((s) => s.selectedOptions[0]?.textContent ?? null), selector);
  }

  /** The text of `name`'s tracked number `role` (`health`, `htk-numbers`, `uv-hp` …) in the panel. */
  async trackText(name, role) {
    return this.driver.executeScript((who, r) => {
      const id = [...document.querySelectorAll('#turn-order .turn-row')].find((row) => row.querySelector('.turn-name')?.textContent.trim() === who)?.dataset.participantId;
      return document.querySelector(`#encounter-system-host [data-participant-id="${id}"] button[data-role="${r}"]`)?.textContent.trim() ?? null;
    }, name, role);
  }

  /** Clicks `name`'s tracked number `role` in the panel, types `typed` and presses Enter, as a GM would. */
  async typeTrack(name, role, typed) {
    const page = await this.read();
    const id = page.order.find((o) => o.name === name)?.id;
    if (!id) throw new Error(`no ${name} in the turn order`);
    const row = `#encounter-system-host [data-participant-id="${id}"]`;
    await this.click(`${row} button[data-role="${role}"]`);
    const input = await this.driver.findElement(css(`${row} input[data-role="${role}-input"]`));
    await this.driver.wait(until.elementIsVisible(input), WAIT_MS, 'the box to type in did not open');
    await input.sendKeys(typed, Key.ENTER);
  }

  /** Sends a key to the page (the focused element), e.g. a shortcut. */
  async pressKeys(keys) {
    await this.driver.switchTo().activeElement().then((active) => active.sendKeys(keys));
  }
}

export { Key };
