// Page object of the genre table panel (ui/js/encounter/systems/genre.js) and the marks one
// (marks.js) inside the Encounters view. Setup goes through the app's own command line (the
// example rosters imported, an encounter made and seated), then the window opens it; everything
// after that is done through the panel as the GM would.

import { join } from 'node:path';
import { REPO_ROOT, showView } from './app.mjs';
import { clickInView } from './encounter-page.mjs';
import { RostersPage } from './rosters-page.mjs';

export const WAIT_MS = 30_000;
const EXAMPLES = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const HOST = '#encounter-system-host';

export class GenrePanelPage {
  constructor(driver) {
    this.driver = driver;
  }

  /** Clicks a control of the panel, scrolled into view first (the panel scrolls on its own). */
  async click(selector) {
    await clickInView(this.driver, selector);
  }

  async waitFor(check, message, timeout = WAIT_MS) {
    await this.driver.wait(async () => {
      try {
        return await check();
      } catch {
        return false;
      }
    }, timeout, message);
  }

  /**
   * Imports the examples, makes encounter `encounter` in roster `roster` with `characters`
   * seated (and `npcs` quick NPCs), and opens it in the window.
   */
  async open(app, { roster, encounter, characters, npcs = 0 }) {
    app.cli('--json', 'import', EXAMPLES, '--mode', 'merge');
    app.cli('--json', 'encounter', 'new', '--roster', roster, encounter);
    const add = ['--json', 'encounter', 'add', '--roster', roster, encounter];
    for (const c of characters) add.push('--character', c);
    if (npcs) add.push('--npcs', String(npcs));
    app.cli(...add);
    await this.driver.navigate().refresh();
    await showView(this.driver, 'rosters');
    const rosters = new RostersPage(this.driver);
    await rosters.ready();
    await rosters.selectRoster(roster);
    await showView(this.driver, 'encounters');
    await this.waitFor(async () => this.driver.executeScript((name) => {
      const item = [...document.querySelectorAll('#encounter-list .encounter-item')]
        .find((li) => li.querySelector('.encounter-item-name')?.textContent === name);
      if (!item) return false;
      const host = document.querySelector('#encounter-system-host');
      if (!host?.querySelector('.tp-panel')) item.querySelector('.encounter-open')?.click();
      return Boolean(host?.querySelector('.tp-panel .tp-part, .tp-panel .tp-start'));
    }, encounter), `the encounter "${encounter}" did not open with its panel`);
  }

  /** What the genre panel shows. */
  async read() {
    return this.driver.executeScript((host) => {
      const root = document.querySelector(host);
      const text = (el, sel) => el.querySelector(sel)?.textContent ?? null;
      const parts = [...root.querySelectorAll('.tp-part')].map((li) => ({
        id: li.dataset.participantId,
        name: text(li, '.tp-name'),
        glory: text(li, '[data-role="glory"]'),
        penalties: text(li, '[data-role="penalties"] dd'),
        grunts: text(li, '[data-role="grunts"] dd'),
        nuts: text(li, '[data-role="nuts"] dd'),
        nutRounds: text(li, '[data-role="nut-rounds"] dd'),
      }));
      const applied = root.querySelector('[data-role="applied"]');
      const odds = root.querySelector('.tp-act .tp-odds');
      const result = root.querySelector('[data-role="act-result"]');
      return {
        parts,
        applied: applied?.textContent ?? '',
        modifier: applied?.dataset.modifier ?? null,
        dice: applied?.dataset.dice ?? null,
        request: odds?.dataset.request ? JSON.parse(odds.dataset.request) : null,
        busy: odds?.getAttribute('aria-busy') === 'true',
        success: text(root, '.tp-act .success-value'),
        rollOptions: [...root.querySelectorAll('.tp-act select[name="roll"] option')].map((o) => o.value),
        result: result && !result.hidden ? {
          seed: result.querySelector('[data-seed]')?.dataset.seed ?? null,
          events: [...result.querySelectorAll('.tp-events li')].map((li) => li.textContent),
        } : null,
        error: root.querySelector('.form-error:not([hidden])')?.textContent ?? null,
        who: root.querySelector('.tp-act select[name="participant"]')?.selectedOptions[0]?.textContent ?? null,
        gruntOffered: root.querySelector('.tp-act select[name="grunt"]')?.closest('.tp-field')?.hidden === false,
        noGrunt: root.querySelector('[data-role="no-grunt"]:not([hidden])')?.textContent ?? null,
        held: Boolean(root.querySelector('.tp-act .tp-odds.held')),
      };
    }, HOST);
  }

  /** Sets the Act form: `{who: name, roll: label, grunt: 0..3, nut: bool, glory: n}`. */
  async setAct({ who, roll, grunt, nut, glory }) {
    await this.driver.executeScript((host, opts) => {
      const form = document.querySelector(`${host} .tp-act`);
      const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
      if (opts.who !== undefined) {
        const select = form.querySelector('select[name="participant"]');
        const option = [...select.options].find((o) => o.textContent === opts.who);
        if (!option) throw new Error(`no participant ${opts.who}`);
        select.value = option.value;
        fire(select, 'change');
      }
    }, HOST, { who });
    if (roll !== undefined) {
      await this.waitFor(async () => (await this.read()).rollOptions.includes(roll), `no roll "${roll}" to pick`);
    }
    await this.driver.executeScript((host, opts) => {
      const form = document.querySelector(`${host} .tp-act`);
      const fire = (el) => el.dispatchEvent(new Event('input', { bubbles: true }));
      if (opts.roll !== undefined) form.querySelector('select[name="roll"]').value = opts.roll;
      if (opts.grunt !== undefined) form.querySelector('select[name="grunt"]').value = String(opts.grunt);
      if (opts.nut !== undefined) form.querySelector('input[name="bust_a_nut"]').checked = opts.nut;
      if (opts.glory !== undefined) form.querySelector('input[name="glory"]').value = String(opts.glory);
      fire(form.querySelector('select[name="roll"]'));
    }, HOST, { roll, grunt, nut, glory });
  }

  /**
   * The GM moves on to `who`'s next action, picked by hand (the turn may be someone else's):
   * the last roll's odds, kept beside its result until then (issue 17), give way to the next's.
   */
  async moveOn(who) {
    await this.setAct({ who });
  }

  /** Waits until the previewed request satisfies `check`. */
  async waitPreview(check, message) {
    await this.waitFor(async () => {
      const page = await this.read();
      return !page.busy && page.request && check(page.request, page);
    }, message);
    return this.read();
  }

  /** Presses Roll and waits for a new result. */
  async roll() {
    const before = JSON.stringify((await this.read()).result);
    await this.click(`${HOST} [data-role="act-roll"]`);
    await this.waitFor(async () => {
      const page = await this.read();
      return page.result && JSON.stringify(page.result) !== before;
    }, 'the roll did not show');
    return this.read();
  }

  async part(name) {
    return (await this.read()).parts.find((p) => p.name === name);
  }

  /** The shell's Next round button; waits until the round number changes. */
  async nextRound() {
    const round = async () => this.driver.executeScript(() => document.querySelector('#encounter-round')?.textContent);
    const before = await round();
    await this.driver.findElement({ css: '#encounter-next-round' }).click();
    await this.waitFor(async () => (await round()) !== before, 'the round did not change');
  }

  /** Presses a confirm-first button (`rest`, `end-adventure`) and its Yes. */
  async confirm(role) {
    await this.click(`${HOST} [data-role="${role}"]`);
    await this.click(`${HOST} [data-role="${role}-yes"]`);
  }
}

/** The marks panel: running tasks and the start form. Open an encounter with GenrePanelPage.open. */
export class MarksPanelPage extends GenrePanelPage {
  /** Every task as shown: `{id, name, facts: [...], rollable, success, request}`. */
  async tasks() {
    return this.driver.executeScript((host) => [...document.querySelectorAll(`${host} .tp-task`)].map((li) => {
      const odds = li.querySelector('.tp-odds');
      return {
        id: li.dataset.taskId,
        name: li.querySelector('.tp-name')?.textContent,
        facts: [...li.querySelectorAll('.tp-facts li')].map((f) => f.textContent),
        rollable: !li.querySelector('[data-role="task-roll"]').disabled,
        success: odds && odds.getAttribute('aria-busy') !== 'true' ? odds.querySelector('.success-value')?.textContent : null,
        request: odds?.dataset.request ? JSON.parse(odds.dataset.request) : null,
      };
    }), HOST);
  }

  /**
   * Fills and submits the start form: `{kind, who, label, roll, dice: [a, s, sup, ss], difficulty,
   * needed, plateau, minSteps, maxSteps}` (`roll` '' for entered dice); waits for the new task.
   */
  async start(opts) {
    const before = (await this.tasks()).length;
    await this.driver.executeScript((host, o) => {
      const form = document.querySelector(`${host} .tp-start`);
      const set = (sel, value) => {
        if (value === undefined) return;
        const input = form.querySelector(sel);
        if (input.tagName === 'SELECT' && sel.includes('participant')) {
          input.value = [...input.options].find((opt) => opt.textContent === value)?.value ?? '';
        } else input.value = String(value);
        input.dispatchEvent(new Event('change', { bubbles: true }));
      };
      set('select[name="kind"]', o.kind);
      set('select[name="participant"]', o.who);
    }, HOST, opts);
    // The pool choices follow the participant (its sheet rolls load first).
    await this.waitFor(async () => this.driver.executeScript((host, roll) => [...document.querySelectorAll(`${host} .tp-start select[name="roll"] option`)].some((o) => o.value === roll), HOST, opts.roll ?? ''), `no pool "${opts.roll}" to pick`);
    await this.driver.executeScript((host, o) => {
      const form = document.querySelector(`${host} .tp-start`);
      const set = (name, value) => {
        if (value === undefined) return;
        form.querySelector(`[name="${name}"]`).value = String(value);
      };
      set('label', o.label);
      set('roll', o.roll ?? '');
      (o.dice ?? []).forEach((n, i) => set(`dice${i}`, n));
      set('difficulty', o.difficulty);
      set('needed', o.needed);
      set('plateau', o.plateau);
      set('min_steps', o.minSteps);
      set('max_steps', o.maxSteps);
      form.querySelector('[data-role="task-start"]').click();
    }, HOST, opts);
    await this.waitFor(async () => (await this.tasks()).length > before, 'the task did not start');
    return (await this.tasks()).at(-1);
  }

  /**
   * After a roll the task keeps the odds it was rolled with beside the result, its button reading
   * "Next roll odds" (issue 17); pressing it moves on to the next roll's odds.
   */
  async nextOdds(id) {
    const button = `${HOST} .tp-task[data-task-id="${id}"] [data-role="task-roll"]`;
    const label = async () => this.driver.executeScript((sel) => document.querySelector(sel)?.textContent ?? null, button);
    if ((await label()) !== 'Next roll odds') return;
    await this.click(button);
    await this.waitFor(async () => (await label()) !== 'Next roll odds', `task ${id} kept its last odds`);
  }

  /** Presses a task's Attempt/Step button and waits for its facts to change. */
  async rollTask(id) {
    await this.nextOdds(id);
    const facts = async () => JSON.stringify((await this.tasks()).find((t) => t.id === id)?.facts);
    const before = await facts();
    await this.click(`${HOST} .tp-task[data-task-id="${id}"] [data-role="task-roll"]`);
    await this.waitFor(async () => (await facts()) !== before, `task ${id} did not change`);
    return (await this.tasks()).find((t) => t.id === id);
  }

  /** Waits until task `id` shows its next roll's odds and returns it. */
  async withOdds(id) {
    await this.waitFor(async () => (await this.tasks()).find((t) => t.id === id)?.success, `task ${id} has no odds`);
    return (await this.tasks()).find((t) => t.id === id);
  }
}
