// The d12 table panel as a test sees it, on top of the Encounters page object: each
// participant's health and wounds, the attack form's stage, odds and rows, read in one go; the
// attack set up and stepped through. Every wait waits for something the GM would see.

import { By } from 'selenium-webdriver';
import { EncounterPage } from './encounter-page.mjs';

export class D12EncounterPage extends EncounterPage {
  /** The d12 panel: parts (health, wounds), the attack's stage, odds and rows, the last events. */
  async readD12() {
    return this.driver.executeScript(() => {
      const text = (node) => node?.textContent.trim() ?? null;
      const panel = document.querySelector('.d12-panel');
      if (!panel) return null;
      const steps = panel.querySelector('.d12-steps');
      const odds = panel.querySelector('.d12-steps .tp-odds');
      return {
        parts: [...panel.querySelectorAll('.d12-part')].map((row) => ({
          id: row.dataset.participantId,
          name: text(row.querySelector('.tp-name')),
          health: text(row.querySelector('[data-role="health"]')),
          wounds: [...row.querySelectorAll('[data-role="wound"] .d12-wound-name')].map(text),
        })),
        setup: !panel.querySelector('.d12-setup').hidden,
        stage: steps.hidden ? null : text(panel.querySelector('[data-role="attack-stage"]')),
        oddsReady: Boolean(odds && !odds.hidden && odds.getAttribute('aria-busy') === 'false' && odds.dataset.request),
        odds: odds?.dataset.request ? { request: JSON.parse(odds.dataset.request), success: text(odds.querySelector('.success-value')) } : null,
        rows: [...panel.querySelectorAll('.d12-rows:not([hidden]) input[type="radio"]')].map((r) => ({ row: Number(r.value), checked: r.checked })),
        events: [...panel.querySelectorAll('[data-role="d12-result"] .tp-events li')].map(text),
        stepButton: text(panel.querySelector('[data-role="attack-step"]')),
        error: panel.querySelector('.form-error:not([hidden])') ? text(panel.querySelector('.form-error')) : null,
      };
    });
  }

  /** Waits until the d12 panel agrees with `check`; answers it. */
  async untilD12(check, message) {
    let panel = null;
    await this.waitFor(async () => {
      panel = await this.readD12();
      return Boolean(panel && check(panel));
    }, message);
    return panel;
  }

  /** Clicks a control of the panel, scrolled into view first (the panel scrolls on its own). */
  async press(selector) {
    const button = await this.driver.findElement(By.css(selector));
    await this.driver.executeScript((b) => b.scrollIntoView({ block: 'center' }), button);
    await button.click();
  }

  /** Picks `value` in the attack form's select `name` by its option's text or value. */
  async pick(name, wanted) {
    await this.waitFor(async () => this.driver.executeScript((n, w) => [...document.querySelectorAll(`.d12-setup select[name="${n}"] option`)]
      .some((o) => o.value === w || o.textContent.startsWith(w)), name, wanted), `no ${wanted} to pick as ${name}`);
    const options = await this.driver.findElements(By.css(`.d12-setup select[name="${name}"] option`));
    for (const option of options) {
      if ((await option.getAttribute('value')) === wanted || (await option.getText()).startsWith(wanted)) {
        await option.click();
        return;
      }
    }
  }

  /** Sets up an attack in the form and starts it; waits for the attack step. */
  async startAttack({ attacker, defender, ability, weapon }) {
    await this.untilD12((p) => p.setup, 'the attack form is not shown');
    const ids = Object.fromEntries((await this.readD12()).parts.map((p) => [p.name, p.id]));
    await this.pick('attacker', ids[attacker]);
    await this.pick('defender', ids[defender]);
    await this.pick('ability', ability);
    await this.pick('weapon', weapon);
    await this.press('.d12-setup [data-role="attack-start"]');
    return this.untilD12((p) => p.stage === 'Roll the attack' && p.oddsReady, 'the attack did not start with its odds');
  }

  /** Presses the step button (Roll attack / Roll damage); waits until the stage moves on. */
  async step() {
    const before = (await this.readD12()).stage;
    await this.press('.d12-steps [data-role="attack-step"]');
    const landed = await this.untilD12((p) => p.stage !== before, 'the roll did not land');
    // The roll's odds stay beside its result until the GM asks for the next step's (issue 17):
    // the button says "Damage odds" until then.
    if (landed.stage?.includes('roll the damage')) {
      await this.untilD12((p) => p.stepButton === 'Damage odds', 'the attack\'s odds were not kept');
      await this.press('.d12-steps [data-role="attack-step"]');
    }
    return this.untilD12((p) => p.stage === null || !p.stage.includes('roll the damage') || (p.oddsReady && p.odds.request.roll === 'damage'), 'the damage odds did not show');
  }

  /** Applies the checked row; waits until the attack is over (its events follow a moment later). */
  async applyRow() {
    await this.press('.d12-steps [data-role="choose-row"]');
    return this.untilD12((p) => p.stage === null, 'the row was not applied');
  }
}
