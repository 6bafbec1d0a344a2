// Monsters with numbers as a test sees them (issue 27): the quick NPCs' Numbers dialog (the
// system's sheet form), Add characters with numbered copies, and "Keep as a roster character"
// on a turn-order row. Builds on the universe page (its attack form reads the numbers).

import { By } from 'selenium-webdriver';
import { typeInto } from './app.mjs';
import { clickInView } from './encounter-page.mjs';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';

const css = (selector) => By.css(selector);
const DIALOG = 'dialog.npc-numbers-dialog[open]';
const at = (loc) => `${DIALOG} [data-loc='${JSON.stringify(['sheet', ...loc])}']`;

export class MonstersPage extends UniverseEncounterPage {
  /** The turn order's rows with their badge ("NPC", "Copy") and whether they offer Keep. */
  async rows() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#turn-order .turn-row')].map((row) => ({
      name: row.querySelector('.turn-name')?.textContent.trim(),
      badge: row.querySelector('.turn-badge')?.textContent.trim() ?? null,
      keep: Boolean(row.querySelector('.turn-keep')),
    })));
  }

  /**
   * Opens Numbers…, types each `[loc, value]` of `numbers` (loc under the sheet: ['ac'],
   * ['hp', 'max']) and presses Use these numbers; answers once the dialog closed with them kept,
   * or, with `refused`, once the dialog shows a problem at `refused` (a sheet path).
   */
  async setNumbers(numbers, { refused = null } = {}) {
    await this.click('#encounter-npc-numbers');
    await this.waitFor(async () => (await this.driver.findElements(css(at(numbers[0][0])))).length > 0, 'the Numbers dialog did not show its fields');
    for (const [loc, value] of numbers) await typeInto(this.driver, at(loc), String(value));
    await this.click(`${DIALOG} .dialog-actions .button.primary`);
    if (refused) {
      return this.waitValue(() => this.driver.executeScript((dialog) => [...document.querySelectorAll(`${dialog} [aria-invalid="true"]`)].map((i) => i.closest('[data-path]')?.dataset.path), DIALOG), (invalid) => invalid.includes(refused), `the Numbers dialog did not mark ${refused}`);
    }
    return this.waitValue(() => this.driver.executeScript(() => ({ open: Boolean(document.querySelector('dialog.npc-numbers-dialog[open]')), button: document.getElementById('encounter-npc-numbers').textContent })), (s) => !s.open && s.button === 'NPC numbers ✓', 'the numbers were not kept');
  }

  /** Closes the open Numbers dialog without keeping what was typed. */
  async cancelNumbers() {
    await this.click(`${DIALOG} .dialog-actions .button:not(.primary):nth-child(2)`);
    return this.waitFor(async () => (await this.driver.findElements(css(DIALOG))).length === 0, 'the Numbers dialog did not close');
  }

  /** Adds `count` numbered copies of the roster character `name` through Add characters. */
  async addCopies(name, count) {
    const before = await this.settled();
    await this.click('#encounter-add-characters');
    const id = await this.waitValue(() => this.driver.executeScript((wanted) => [...document.querySelectorAll('dialog.encounter-add-dialog[open] .join-list li')]
      .find((li) => li.querySelector('.join-name')?.textContent.trim() === wanted)?.querySelector('.join-copies')?.id ?? null, name), Boolean, `${name} is not offered in Add characters`);
    await typeInto(this.driver, `#${id}`, String(count));
    await this.click('dialog.encounter-add-dialog[open] .button.primary');
    return this.until((p) => p.dialogs === 0 && p.order.length === before.order.length + count, `${count} copies of ${name} did not join`);
  }

  /** The sidebar's plans: name and summary. */
  async plans() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#plan-list .plan-item')].map((item) => ({
      name: item.querySelector('.plan-name')?.textContent.trim(),
      meta: item.querySelector('.plan-meta')?.textContent.trim(),
    })));
  }

  /** Save as plan… of the open encounter, named `name` with `notes`; waits for it in Plans. */
  async saveAsPlan(name, notes) {
    await this.click('#encounter-save-plan');
    await typeInto(this.driver, 'dialog.plan-save-dialog[open] #plan-save-name', name);
    await typeInto(this.driver, 'dialog.plan-save-dialog[open] #plan-save-notes', notes);
    await this.click('dialog.plan-save-dialog[open] .dialog-actions .button.primary');
    return this.waitValue(() => this.plans(), (plans) => plans.some((p) => p.name === name), `the plan ${name} is not in Plans`);
  }

  /** Starts the plan `name` from the sidebar; answers the page once a new encounter is open. */
  async startPlan(name) {
    const before = await this.settled();
    const id = await this.waitValue(() => this.driver.executeScript((wanted) => [...document.querySelectorAll('#plan-list .plan-item')]
      .find((item) => item.querySelector('.plan-name')?.textContent.trim() === wanted)?.dataset.id ?? null, name), Boolean, `no plan ${name} in Plans`);
    await this.click(`#plan-list .plan-item[data-id="${id}"] .plan-start`);
    return this.until((p) => p.encounters.length === before.encounters.length + 1 && p.encounters.at(-1).open, `the plan ${name} did not start`);
  }

  /** Duplicate of the open encounter; answers the page once the copy is open. */
  async duplicate() {
    const before = await this.settled();
    await this.click('#encounter-duplicate');
    return this.until((p) => p.encounters.length === before.encounters.length + 1 && p.name === `${before.name} (copy)`, 'the encounter was not duplicated');
  }

  /**
   * Rolls the open Attack form (its picks made by previewMove) against AC 1 until it hits — a
   * natural 1 misses whatever the AC (1 in 20), so a hit comes within `tries` (all 12 missing is
   * 1 in 4·10^15) — and answers once the hit's damage offer shows under it.
   */
  async attackUntilHit(tries = 12) {
    await typeInto(this.driver, '.uv-panel details.uv-move[open] input[aria-label^="AC to beat"]', '1');
    for (let i = 0; i < tries; i += 1) {
      await this.rollMove('Attack');
      const offered = await this.driver.executeScript(() => Boolean(document.querySelector('.uv-panel details.uv-move[open] [data-role="hit-offer"]')));
      if (offered) return;
    }
    throw new Error(`no hit in ${tries} attacks against AC 1`);
  }

  /** Types `points` into the hit's offer and applies them; waits for its log entry. */
  async applyDamage(points) {
    const before = await this.logLength();
    await typeInto(this.driver, '[data-role="hit-offer"] input[name="hit-points"]', String(points));
    await this.click('[data-role="hit-offer"] [data-role="apply-damage"]');
    return this.until((p) => p.log.length === before + 1 && !p.log[0].undone, 'the damage was not applied');
  }

  /** Presses Keep on `name`'s row and waits for the toast that says it was kept. */
  async keep(name) {
    const row = await this.driver.findElement(By.xpath(`//ol[@id='turn-order']/li[.//span[contains(@class,'turn-name') and text()='${name}']]`));
    await clickInView(this.driver, await row.findElement(css('.turn-keep')));
    return this.until((p) => p.toasts.some((t) => /^Kept “/.test(t)), `${name} was not kept`);
  }
}
