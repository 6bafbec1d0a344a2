// The Backups dialog as a test sees it: opened from the app bar's "Backups…" (or Ctrl+Shift+B),
// its status line, its snapshot rows (`.backup-row[data-id]`), "Back up now", and Restore… with
// its confirm. After a restore the window reloads.

import { By, until } from 'selenium-webdriver';
import { WAIT_MS } from './log-transfer-page.mjs';

const css = (selector) => By.css(selector);

export class BackupsDialog {
  constructor(driver) {
    this.driver = driver;
  }

  /** Opens it with the app bar's button and waits until the list has been read. */
  async open() {
    await this.driver.findElement(css('#backups-button')).click();
    await this.waitRead();
  }

  async waitRead() {
    await this.driver.wait(until.elementLocated(css('#backups-dialog[open]')), WAIT_MS, 'the Backups dialog did not open');
    await this.driver.wait(
      async () => this.driver.executeScript(() => {
        const status = document.getElementById('backups-status')?.textContent ?? '';
        return status !== '' && !status.endsWith('…');
      }),
      WAIT_MS,
      'the Backups dialog never showed its snapshots',
    );
  }

  status() {
    return this.driver.executeScript(() => document.getElementById('backups-status').textContent);
  }

  /** Every row: `{id, when, reason, holds, diff, problem, restorable}`, newest first. */
  rows() {
    return this.driver.executeScript(() => [...document.querySelectorAll('#backups-dialog .backup-row')].map((row) => ({
      id: row.dataset.id,
      when: row.querySelector('.backup-when').textContent,
      reason: row.querySelector('.backup-reason').textContent,
      holds: row.querySelector('.backup-holds')?.textContent ?? null,
      diff: row.querySelector('.backup-diff')?.textContent ?? null,
      problem: row.querySelector('.backup-problem')?.textContent ?? null,
      restorable: !row.querySelector('.backup-restore').disabled,
    })));
  }

  /** "Back up now", then waits until the list has one row more. */
  async backUpNow() {
    const before = (await this.rows()).length;
    await this.driver.findElement(css('#backup-now')).click();
    await this.driver.wait(async () => (await this.rows()).length > before, WAIT_MS, 'Back up now added no row');
  }

  /** Restore… on the row of `id`; answers the confirm's title and message, then confirms it. */
  async restore(id) {
    await this.driver.findElement(css(`#backups-dialog .backup-row[data-id="${id}"] .backup-restore`)).click();
    const confirm = await this.driver.wait(until.elementLocated(css('dialog.confirm-dialog[open]')), WAIT_MS, 'no confirm');
    const words = await this.driver.executeScript((dialog) => ({
      title: dialog.querySelector('.dialog-title').textContent,
      message: dialog.querySelector('.dialog-description')?.textContent ?? '',
    }), confirm);
    // Mark the page: the reload after the restore drops the mark.
    await this.driver.executeScript(() => {
      window.__beforeRestore = true;
    });
    await confirm.findElement(css('button[type="submit"]')).click();
    await this.driver.wait(
      async () => this.driver.executeScript(() => window.__beforeRestore !== true && document.readyState === 'complete').catch(() => false),
      WAIT_MS,
      'the window did not reload after the restore',
    );
    return words;
  }

  /** Opens "What is kept…", types the three counts and saves; what the form then says. */
  async savePolicy({ keep_last, days, months }) {
    await this.driver.executeScript(() => { document.querySelector('#backup-policy details').open = true; });
    for (const [key, value] of Object.entries({ keep_last, days, months })) {
      const input = await this.driver.findElement(css(`#backup-policy-${key}`));
      await input.clear();
      await input.sendKeys(String(value));
    }
    const said = () => this.driver.findElement(css('#backup-policy-said')).getText();
    const before = await said();
    await this.driver.findElement(css('#backup-policy-save')).click();
    await this.driver.wait(async () => (await said()) !== '' && (await said()) !== before, WAIT_MS, 'saving the policy said nothing');
    return said();
  }

  /** The policy the form shows. */
  policyShown() {
    return this.driver.executeScript(() => Object.fromEntries(['keep_last', 'days', 'months'].map((k) => [k, Number(document.querySelector(`#backup-policy-${k}`).value)])));
  }

  async close() {
    await this.driver.findElement(css('#backups-dialog .dialog-close')).click();
    await this.driver.wait(async () => (await this.driver.findElements(css('#backups-dialog[open]'))).length === 0, WAIT_MS, 'the dialog did not close');
  }
}
