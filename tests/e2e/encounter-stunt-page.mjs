// The stunt table panel as a test sees it, on top of the Encounters page object: each
// participant's HTK and running tasks read in one go, and the panel's controls pressed by
// participant / task. Every wait waits for something the GM would see.

import { By } from 'selenium-webdriver';
import { EncounterPage } from './encounter-page.mjs';

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
      };
    });
  }

  /** Waits until the stunt panel agrees with `check`; answers it. */
  async untilStunt(check, message) {
    let panel = null;
    await this.waitFor(async () => {
      panel = await this.readStunt();
      return Boolean(panel && check(panel));
    }, message);
    return panel;
  }

  async partRow(name) {
    const panel = await this.untilStunt((p) => p.parts.some((x) => x.name === name), `${name} has no HTK row`);
    const id = panel.parts.find((x) => x.name === name).id;
    return this.driver.findElement(By.css(`.stunt-part[data-participant-id="${id}"]`));
  }

  /** Types `points` in the participant's row and presses `role` (damage, heal, minor-damage). */
  async htkButton(name, role, points = null) {
    const row = await this.partRow(name);
    if (points !== null) {
      const input = await row.findElement(By.css('input[name="points"]'));
      await input.clear();
      await input.sendKeys(String(points));
    }
    await row.findElement(By.css(`[data-role="${role}"]`)).click();
  }

  /** Starts a task from the form. */
  async startTask(who, label, kind, needed = null) {
    const form = await this.driver.findElement(By.css('.stunt-start'));
    await form.findElement(By.css(`select[name="participant"] option[value="${(await this.readStunt()).parts.find((p) => p.name === who).id}"]`)).click();
    const input = await form.findElement(By.css('input[name="label"]'));
    await input.clear();
    await input.sendKeys(label);
    await form.findElement(By.css(`select[name="kind"] option[value="${kind}"]`)).click();
    if (needed !== null) {
      const n = await form.findElement(By.css('input[name="needed"]'));
      await n.clear();
      await n.sendKeys(String(needed));
    }
    await form.findElement(By.css('[data-role="task-start"]')).click();
  }

  /** Presses a task's button (`task-throw`, `task-throw-all`, `task-close`). */
  async taskButton(taskId, role) {
    await this.click(`.stunt-task[data-task-id="${taskId}"] [data-role="${role}"]`);
  }

  /** Picks who checks, which Active option (by its text) and the Defending level, then rolls. */
  async rollCheck(who, activeText, defending) {
    const form = await this.driver.findElement(By.css('.stunt-check'));
    const id = (await this.readStunt()).parts.find((p) => p.name === who).id;
    await form.findElement(By.css(`select[name="checker"] option[value="${id}"]`)).click();
    await this.untilStunt((p) => p.check.active.includes(activeText), `${activeText} is not offered for ${who}`);
    for (const option of await form.findElements(By.css('select[name="active"] option'))) {
      if ((await option.getText()).trim() === activeText) {
        await option.click();
        break;
      }
    }
    await form.findElement(By.css(`select[name="defending"] option[value="${defending}"]`)).click();
  }
}
