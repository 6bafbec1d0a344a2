// Page object of the genre table panel (ui/js/encounter/systems/genre.js) and the marks one
// (marks.js) inside the Encounters view. Setup goes through the app's own command line (the
// example rosters imported, an encounter made and seated), then the window opens it; everything
// after that is done through the panel as the GM would.

import { join } from 'node:path';
import { REPO_ROOT, showView } from './app.mjs';
import { clickInView, waitUntil } from './encounter-page.mjs';
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

  /** Waits until `check(read())` holds; answers that reading, or fails saying what it read last. */
  async waitValue(read, check, message, timeout = WAIT_MS) {
    return waitUntil(this.driver, read, check, message, timeout);
  }

  /** The shell around the panel: whether it is busy drawing an action, and the action log's length. */
  async shell() {
    return this.driver.executeScript(() => ({
      busy: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') ?? null,
      log: document.querySelectorAll('#encounter-log > .log-entry').length,
      round: document.querySelector('#encounter-round')?.textContent ?? null,
    }));
  }

  /** Waits until the shell has drawn every action sent (not busy); answers its state. */
  async settled() {
    return this.waitValue(() => this.shell(), (s) => s.busy === 'false', 'the Encounters view did not settle');
  }

  /**
   * Runs `action` (a table action that is logged) and waits until its log entry is drawn and the
   * view has settled; answers the shell's state then.
   */
  async logged(action, message) {
    const before = (await this.settled()).log;
    await action();
    return this.waitValue(() => this.shell(), (s) => s.busy === 'false' && s.log === before + 1, message);
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
    // The view opens an encounter of the roster by itself once it has read them; the one wanted
    // is opened from the list (once) when it is another.
    const listed = () => this.driver.executeScript((name, rosterName) => {
      const item = [...document.querySelectorAll('#encounter-list .encounter-item')]
        .find((li) => li.querySelector('.encounter-item-name')?.textContent === name);
      return {
        settled: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') === 'false'
          && document.getElementById('encounter-roster')?.textContent === rosterName,
        id: item?.dataset.id ?? null,
        open: Boolean(item?.classList.contains('open')),
      };
    }, encounter, roster);
    const item = await this.waitValue(listed, (x) => x.settled && x.id !== null, `the encounter "${encounter}" is not listed`);
    if (!item.open) await this.click(`#encounter-list .encounter-item[data-id="${item.id}"] .encounter-open`);
    await this.waitValue(
      () => this.driver.executeScript((name) => ({
        open: document.querySelector('#encounter-list .encounter-item.open .encounter-item-name')?.textContent ?? null,
        name: document.getElementById('encounter-name')?.value ?? null,
        panel: Boolean(document.querySelector('#encounter-system-host .tp-panel .tp-part, #encounter-system-host .tp-panel .tp-start')),
        busy: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') ?? null,
      }), encounter),
      (x) => x.open === encounter && x.name === encounter && x.panel && x.busy === 'false',
      `the encounter "${encounter}" did not open with its panel`,
    );
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
        rollPicked: root.querySelector('.tp-act select[name="roll"]')?.value ?? null,
        gruntPicked: root.querySelector('.tp-act select[name="grunt"]')?.value ?? null,
        nutTicked: Boolean(root.querySelector('.tp-act input[name="bust_a_nut"]')?.checked),
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
    // The form shows every pick (what the next preview is made of).
    return this.waitValue(() => this.read(), (page) => (who === undefined || page.who === who)
      && (roll === undefined || page.rollPicked === roll)
      && (grunt === undefined || page.gruntPicked === String(grunt))
      && (nut === undefined || page.nutTicked === nut), `the Act form did not take ${JSON.stringify({ who, roll, grunt, nut })}`);
  }

  /**
   * The GM moves on to `who`'s next action, picked by hand (the turn may be someone else's):
   * the last roll's odds, kept beside its result until then (issue 17), give way to the next's.
   */
  async moveOn(who) {
    await this.setAct({ who });
  }

  /** Waits until the previewed request satisfies `check`; answers the page that showed it. */
  async waitPreview(check, message) {
    return this.waitValue(() => this.read(), (page) => !page.busy && page.request && check(page.request, page), message);
  }

  /** Presses Roll and waits for this roll's own result: its log entry drawn, then its dice (a new seed) shown. */
  async roll() {
    const before = (await this.read()).result?.seed ?? null;
    await this.logged(() => this.click(`${HOST} [data-role="act-roll"]`), 'the roll was not logged');
    return this.waitValue(() => this.read(), (page) => page.result && page.result.seed !== null && page.result.seed !== before, 'the roll did not show');
  }

  async part(name) {
    return (await this.read()).parts.find((p) => p.name === name);
  }

  /** The shell's Next round button; waits until the next round is drawn (its log entry too). */
  async nextRound() {
    const before = await this.settled();
    const next = `Round ${Number(String(before.round).replace('Round ', '')) + 1}`;
    await this.click('#encounter-next-round');
    return this.waitValue(() => this.shell(), (s) => s.busy === 'false' && s.log === before.log + 1 && s.round === next, `the round did not become ${next}`);
  }

  /** Presses a confirm-first button (`rest`, `end-adventure`) and its Yes; waits for the move's log entry. */
  async confirm(role) {
    return this.logged(async () => {
      await this.click(`${HOST} [data-role="${role}"]`);
      await this.click(`${HOST} [data-role="${role}-yes"]`);
    }, `${role} was not played`);
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
    const before = (await this.tasks()).map((t) => t.id);
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
    await this.waitValue(() => this.driver.executeScript((host) => ({
      who: document.querySelector(`${host} .tp-start select[name="participant"]`)?.selectedOptions[0]?.textContent ?? null,
      pools: [...document.querySelectorAll(`${host} .tp-start select[name="roll"] option`)].map((o) => o.value),
    }), HOST), (form) => (opts.who === undefined || form.who === opts.who) && form.pools.includes(opts.roll ?? ''), `no pool "${opts.roll}" to pick for ${opts.who}`);
    await this.logged(() => this.driver.executeScript((host, o) => {
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
    }, HOST, opts), `the task "${opts.label}" was not started`);
    // The new task (the list puts the acting participant's first: found by its id, not its place).
    const isNew = (t) => !before.includes(t.id);
    const tasks = await this.waitValue(() => this.tasks(), (list) => list.some(isNew), 'the task did not show');
    return tasks.find(isNew);
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
    await this.waitValue(label, (text) => text === 'Attempt' || text === 'Step', `task ${id} kept its last odds`);
  }

  /**
   * Presses a task's Attempt/Step button and waits for that roll's result: its log entry drawn
   * and the task counting one attempt (or step) more. Answers the task then.
   */
  async rollTask(id) {
    await this.nextOdds(id);
    const count = (task) => {
      const facts = (task?.facts ?? []).join(' | ');
      const found = /(\d+) attempts?\b/.exec(facts) ?? /\bStep (\d+)/.exec(facts);
      return found ? Number(found[1]) : null;
    };
    const task = (tasks) => tasks.find((t) => t.id === id);
    const before = count(task(await this.tasks()));
    if (before === null) throw new Error(`task ${id} says no attempt or step count`);
    await this.logged(() => this.click(`${HOST} .tp-task[data-task-id="${id}"] [data-role="task-roll"]`), `task ${id} was not rolled`);
    return task(await this.waitValue(() => this.tasks(), (tasks) => count(task(tasks)) === before + 1, `task ${id} did not count the roll`));
  }

  /** Waits until task `id` shows its next roll's odds (and `check(task)` holds) and returns it. */
  async withOdds(id, check = () => true) {
    const tasks = await this.waitValue(() => this.tasks(), (list) => {
      const task = list.find((t) => t.id === id);
      return Boolean(task && /%/.test(task.success ?? '') && task.request && check(task));
    }, `task ${id} has no odds`);
    return tasks.find((t) => t.id === id);
  }
}
