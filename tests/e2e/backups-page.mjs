// The Backups dialog as a test sees it: opened from the app bar's "Backups…" (or Ctrl+Shift+B),
// its status line, its snapshot rows (`.backup-row[data-id]`), "Back up now", and Restore… with
// its confirm. After a restore the window reloads.

import { By, until } from 'selenium-webdriver';
import { clickWhenClickable } from './app.mjs';
import { WAIT_MS } from './log-transfer-page.mjs';

const css = (selector) => By.css(selector);

export class BackupsDialog {
  constructor(driver) {
    this.driver = driver;
  }

  /** Opens it with the app bar's button and waits until the list has been read. */
  async open() {
    await clickWhenClickable(this.driver, '#backups-button', { timeoutMs: WAIT_MS });
    await this.waitRead();
  }

  /** Waits until the open dialog shows the snapshots it read (its status no longer "…ing…"). */
  async waitRead() {
    await this.driver.wait(until.elementLocated(css('#backups-dialog[open]')), WAIT_MS, 'the Backups dialog did not open');
    let status = null;
    await this.driver.wait(
      async () => {
        status = await this.driver.executeScript(() => document.querySelector('#backups-dialog[open] #backups-status')?.textContent ?? '');
        return status !== '' && !status.endsWith('…');
      },
      WAIT_MS,
      'the Backups dialog never showed its snapshots',
    ).catch((error) => {
      error.message += ` (its status: ${JSON.stringify(status)})`;
      throw error;
    });
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

  /** "Back up now", then waits until the list is read again with one row more. */
  async backUpNow() {
    const before = (await this.rows()).length;
    await clickWhenClickable(this.driver, '#backup-now', { timeoutMs: WAIT_MS });
    let seen = null;
    await this.driver.wait(async () => {
      seen = { rows: (await this.rows()).length, status: await this.status() };
      return seen.rows === before + 1 && !seen.status.endsWith('…');
    }, WAIT_MS, 'Back up now added no row').catch((error) => {
      error.message += ` (before: ${before} rows; last seen: ${JSON.stringify(seen)})`;
      throw error;
    });
  }

  /** Restore… on the row of `id`; answers the confirm's title and message, then confirms it. */
  async restore(id) {
    await clickWhenClickable(this.driver, `#backups-dialog .backup-row[data-id="${id}"] .backup-restore`, { timeoutMs: WAIT_MS });
    const confirm = await this.driver.wait(until.elementLocated(css('dialog.confirm-dialog[open]')), WAIT_MS, 'no confirm');
    const words = await this.driver.executeScript((dialog) => ({
      title: dialog.querySelector('.dialog-title').textContent,
      message: dialog.querySelector('.dialog-description')?.textContent ?? '',
    }), confirm);
    // Mark the page: the reload after the restore drops the mark.
    await this.driver.executeScript(() => {
      window.__beforeRestore = true;
    });
    await clickWhenClickable(this.driver, 'dialog.confirm-dialog[open] button[type="submit"]', { timeoutMs: WAIT_MS });
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
      // The form saves what the boxes hold: each must hold exactly the count typed.
      let held = null;
      await this.driver.wait(async () => {
        held = await input.getAttribute('value');
        return held === String(value);
      }, WAIT_MS, `#backup-policy-${key} did not take ${value}`).catch((error) => {
        error.message += ` (it holds ${JSON.stringify(held)})`;
        throw error;
      });
    }
    const said = () => this.driver.executeScript(() => document.getElementById('backup-policy-said').textContent);
    const before = await said();
    await clickWhenClickable(this.driver, '#backup-policy-save', { timeoutMs: WAIT_MS });
    // Saving empties the line, then says what the store answered (the next answer differs from
    // the last in every use here, so the old words are never taken for the new).
    let now = null;
    await this.driver.wait(async () => {
      now = await said();
      return now !== '' && now !== before;
    }, WAIT_MS, 'saving the policy said nothing').catch((error) => {
      error.message += ` (before: ${JSON.stringify(before)}, now: ${JSON.stringify(now)})`;
      throw error;
    });
    return now;
  }

  /** The policy the form shows. */
  policyShown() {
    return this.driver.executeScript(() => Object.fromEntries(['keep_last', 'days', 'months'].map((k) => [k, Number(document.querySelector(`#backup-policy-${k}`).value)])));
  }

  async close() {
    await clickWhenClickable(this.driver, '#backups-dialog .dialog-close', { timeoutMs: WAIT_MS });
    await this.driver.wait(async () => (await this.driver.findElements(css('#backups-dialog[open]'))).length === 0, WAIT_MS, 'the dialog did not close');
  }
}
