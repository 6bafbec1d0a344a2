// The d12 table panel as a test sees it, on top of the Encounters page object: each
// participant's health and wounds, the attack form's stage, odds and rows, read in one go; the
// attack set up and stepped through. Every wait waits for something the GM would see.

import { EncounterPage, clickInView, pickOption } from './encounter-page.mjs';

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

  /** Waits until the d12 panel agrees with `check`; answers that reading. */
  async untilD12(check, message) {
    return this.waitValue(() => this.readD12(), (panel) => Boolean(panel && check(panel)), message);
  }

  /** Clicks a control of the panel once a user could (scrolled into view, not covered). */
  async press(selector) {
    await clickInView(this.driver, selector);
  }

  /**
   * Picks `wanted` in the attack form's select `name` by its option's value or the start of its
   * text; waits until the select shows it.
   */
  async pick(name, wanted) {
    await pickOption(this.driver, `.d12-setup select[name="${name}"]`, (o) => o.value === wanted || o.text.startsWith(wanted), `${wanted} as ${name}`);
  }

  /** Sets up an attack in the form and starts it; waits for the attack step with its odds. */
  async startAttack({ attacker, defender, ability, weapon }) {
    // The view settled first: the form is not drawn again under the picks.
    await this.settled();
    const form = await this.untilD12((p) => p.setup, 'the attack form is not shown');
    const ids = Object.fromEntries(form.parts.map((p) => [p.name, p.id]));
    await this.pick('attacker', ids[attacker]);
    await this.pick('defender', ids[defender]);
    await this.pick('ability', ability);
    await this.pick('weapon', weapon);
    // Every pick still shown together (a pick redraws the ability and weapon choices).
    await this.waitValue(
      () => this.driver.executeScript(() => ['attacker', 'defender', 'ability', 'weapon'].map((n) => {
        const select = document.querySelector(`.d12-setup select[name="${n}"]`);
        return { value: select?.value ?? null, text: select?.selectedOptions[0]?.textContent ?? null };
      })),
      ([a, d, ab, w]) => a.value === ids[attacker] && d.value === ids[defender] && (ab.value === ability || ab.text?.startsWith(ability)) && (w.value === weapon || w.text?.startsWith(weapon)),
      'the attack form did not hold every pick',
    );
    await this.press('.d12-setup [data-role="attack-start"]');
    return this.untilD12((p) => p.stage === 'Roll the attack' && p.oddsReady && p.odds?.request.roll === 'opposed', 'the attack did not start with its odds');
  }

  /**
   * Presses the step button (Roll attack / Roll damage) and waits for the roll's whole result:
   * its log entry, the view settled, and the next stage with its own odds (or the chain over).
   */
  async step() {
    const before = await this.settled();
    const stage = (await this.readD12()).stage;
    const rolled = stage === 'Roll the attack' ? 'attack' : 'damage';
    await this.press('.d12-steps [data-role="attack-step"]');
    await this.until((p) => p.log.length === before.log.length + 1 && !p.log[0].undone, `the ${rolled} roll did not land`);
    const landed = await this.untilD12((p) => p.stage !== stage, `the ${rolled} roll did not move the attack on`);
    // The roll's odds stay beside its result until the GM asks for the next step's (issue 17):
    // the button says "Damage odds" until then.
    if (landed.stage?.includes('roll the damage')) {
      await this.untilD12((p) => p.stepButton === 'Damage odds', 'the attack\'s odds were not kept');
      await this.press('.d12-steps [data-role="attack-step"]');
      return this.untilD12((p) => p.stage === landed.stage && p.stepButton === 'Roll damage' && p.oddsReady && p.odds.request.roll === 'damage', 'the damage odds did not show');
    }
    return landed;
  }

  /** Applies the checked row; waits until the attack is over (its events follow a moment later). */
  async applyRow() {
    const before = await this.settled();
    await this.press('.d12-steps [data-role="choose-row"]');
    await this.until((p) => p.log.length === before.log.length + 1, 'the row was not applied');
    return this.untilD12((p) => p.stage === null, 'the attack did not end with the row');
  }
}
