// The stunt table panel as a test sees it, on top of the Encounters page object: each
// participant's HTK and running tasks read in one go, and the panel's controls pressed by
// participant / task. Every wait waits for something the GM would see.

import { EncounterPage, pickOption, typeOver } from './encounter-page.mjs';

export class StuntEncounterPage extends EncounterPage {
  /** The stunt panel: parts (HTK, tasks), the last result's events and dice, the damage odds. */
  async readStunt() {
    return this.driver.executeScript(() => {
      const text = (node) => node?.textContent.trim() ?? null;
      const panel = document.querySelector('.stunt-panel');
      if (!panel) return null;
      return {
        parts: [...panel.querySelectorAll('.stunt-part')].map((row) => ({
          id: row.dataset.participantId,
          name: text(row.querySelector('.tp-name')),
          htk: text(row.querySelector('[data-role="htk-numbers"]')),
          level: [...(row.querySelector('.stunt-htk')?.classList ?? [])].find((c) => !['stunt-htk', 'tp-meter'].includes(c)) ?? null,
          tasks: [...row.querySelectorAll('.stunt-task')].map((task) => ({
            id: Number(task.dataset.taskId),
            label: text(task.querySelector('.stunt-task-label')),
            status: text(task.querySelector('[data-role="task-status"]')),
            progress: text(task.querySelector('[data-role="task-progress"]')),
            odds: text(task.querySelector('[data-role="task-odds"]')),
            pipsOn: task.querySelectorAll('.stunt-pip.on').length,
          })),
        })),
        events: [...panel.querySelectorAll('[data-role="stunt-result"] .tp-events li')].map((li) => ({
          text: text(li),
          ruled: li.classList.contains('ruled'),
        })),
        dice: [...panel.querySelectorAll('[data-role="stunt-result"] [data-face]')].map((d) => Number(d.dataset.face)),
        damageOdds: text(panel.querySelector('.stunt-damage .success-value')),
        check: {
          odds: text(panel.querySelector('.stunt-check .success-value')),
          request: panel.querySelector('.stunt-check .tp-odds')?.dataset.request ?? null,
          active: [...panel.querySelectorAll('.stunt-check select[name="active"] option')].map((o) => text(o)),
        },
        error: panel.querySelector('.form-error:not([hidden])') ? text(panel.querySelector('.form-error')) : null,
        // The shell around the panel, read in the same go: busy drawing an action, the log's length.
        busy: document.querySelector('.encounters-layout')?.getAttribute('aria-busy') ?? null,
        logLength: document.querySelectorAll('#encounter-log > .log-entry').length,
      };
    });
  }

  /** Waits until the stunt panel agrees with `check`; answers that reading. */
  async untilStunt(check, message) {
    return this.waitValue(() => this.readStunt(), (panel) => Boolean(panel && check(panel)), message);
  }

  /**
   * Runs `action` (a move of the panel that is logged) and waits for its whole result: its log
   * entry drawn, the view settled (the panel shows the move's result then), and `check(panel)`.
   */
  async played(action, check, message) {
    const before = (await this.settled()).log.length;
    await action();
    return this.untilStunt((p) => p.busy === 'false' && p.logLength === before + 1 && check(p), message);
  }

  async partRow(name) {
    const panel = await this.untilStunt((p) => p.parts.some((x) => x.name === name), `${name} has no HTK row`);
    return `.stunt-part[data-participant-id="${panel.parts.find((x) => x.name === name).id}"]`;
  }

  /** Types `points` in the participant's row (until it holds them) and presses `role` (damage, heal, minor-damage). */
  async htkButton(name, role, points = null) {
    const row = await this.partRow(name);
    if (points !== null) await typeOver(this.driver, `${row} input[name="points"]`, String(points));
    await this.click(`${row} [data-role="${role}"]`);
  }

  /** Starts a task from the form, every field holding what was picked or typed before Start. */
  async startTask(who, label, kind, needed = null) {
    const id = (await this.readStunt()).parts.find((p) => p.name === who).id;
    await pickOption(this.driver, '.stunt-start select[name="participant"]', (o) => o.value === id, who);
    await typeOver(this.driver, '.stunt-start input[name="label"]', label);
    await pickOption(this.driver, '.stunt-start select[name="kind"]', (o) => o.value === kind, kind);
    if (needed !== null) await typeOver(this.driver, '.stunt-start input[name="needed"]', String(needed));
    await this.click('.stunt-start [data-role="task-start"]');
  }

  /** Presses a task's button (`task-throw`, `task-throw-all`, `task-close`). */
  async taskButton(taskId, role) {
    await this.click(`.stunt-task[data-task-id="${taskId}"] [data-role="${role}"]`);
  }

  /** Picks who checks, which Active option (by its text) and the Defending level; waits until the form shows all three. */
  async rollCheck(who, activeText, defending) {
    const id = (await this.readStunt()).parts.find((p) => p.name === who).id;
    await pickOption(this.driver, '.stunt-check select[name="checker"]', (o) => o.value === id, who);
    await this.untilStunt((p) => p.check.active.includes(activeText), `${activeText} is not offered for ${who}`);
    await pickOption(this.driver, '.stunt-check select[name="active"]', (o) => o.text === activeText, activeText);
    await pickOption(this.driver, '.stunt-check select[name="defending"]', (o) => o.value === defending, defending);
    const shown = () => this.driver.executeScript(() => ['checker', 'active', 'defending']
      .map((n) => document.querySelector(`.stunt-check select[name="${n}"]`)?.selectedOptions[0]?.textContent.trim() ?? null));
    await this.waitValue(shown, ([c, a, d]) => c === who && a === activeText && d === defending, 'the check form did not hold every pick');
  }
}
