// Damaged records as a test sees them: `damageRecords` breaks Vex's stored sheet and gives Pixel
// Vanguard a rules system this build does not know, by raw SQL on the app's own database (as a
// bad disk or a hand edit would); `DamagedNotice` reads the notice above the character list that
// names each record the lists left out, and opens Backups from it.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { clickWhenClickable } from './app.mjs';
import { WAIT_MS } from './log-transfer-page.mjs';

/** The database the app opened: the per-user default under the run's own XDG_DATA_HOME. */
export function databaseOf(app) {
  return join(app.dataDir, 'app.rollbook.desktop', 'rollbook.sqlite3');
}

/**
 * Breaks Vex's sheet JSON and Pixel Vanguard's system (past the column's CHECK, as no Rollbook
 * would write it) with the sqlite3 command line; fails unless each touched one row.
 */
export function damageRecords(app) {
  const sql = [
    "UPDATE characters SET sheet = '{\"ranks\": [1, 2' WHERE name = 'Vex';",
    'SELECT changes();',
    'PRAGMA ignore_check_constraints = 1;',
    "UPDATE rosters SET system = 'chess' WHERE name = 'Pixel Vanguard';",
    'SELECT changes();',
  ].join('\n');
  let out;
  try {
    out = execFileSync('sqlite3', [databaseOf(app)], { input: sql, encoding: 'utf8', timeout: 60_000 });
  } catch (error) {
    if (error.code === 'ENOENT') throw new Error('sqlite3 is missing: apt-get install sqlite3 (scripts/bootstrap.sh installs it)');
    throw error;
  }
  if (out.trim().split('\n').join(' ') !== '1 1') throw new Error(`the damage did not touch one row each: ${JSON.stringify(out)}`);
}

/** Breaks the stored request of the stunt roll logged with `seed` (sqlite3); answers its id. */
export function damageLogEntry(app, seed) {
  const sql = [
    `SELECT id FROM roll_log WHERE seed = '${seed}' AND system = 'stunt';`,
    `UPDATE roll_log SET request = '{' WHERE seed = '${seed}' AND system = 'stunt';`,
    'SELECT changes();',
  ].join('\n');
  const out = execFileSync('sqlite3', [databaseOf(app)], { input: sql, encoding: 'utf8', timeout: 60_000 }).trim().split('\n');
  if (out.length !== 2 || out[1] !== '1') throw new Error(`the damage did not touch one entry: ${JSON.stringify(out)}`);
  return Number(out[0]);
}

export class DamagedNotice {
  /** `id`: the notice's element (the Rosters view's by default; the Roll log's is `log-damaged-notice`). */
  constructor(driver, id = 'damaged-notice') {
    this.driver = driver;
    this.id = id;
  }

  /**
   * `{shown, heading, items: [{message, code, rosterId, characterId}]}` of the notice now;
   * `shown` is whether it takes room on the screen.
   */
  read() {
    return this.driver.executeScript((id) => {
      const notice = document.getElementById(id);
      return {
        shown: Boolean(notice) && !notice.hidden && notice.getClientRects().length > 0,
        heading: notice?.querySelector('.damaged-heading')?.textContent ?? null,
        items: [...(notice?.querySelectorAll('.damaged-item') ?? [])].map((item) => ({
          message: item.textContent,
          code: item.dataset.code,
          rosterId: item.dataset.rosterId,
          characterId: item.dataset.characterId,
        })),
      };
    }, this.id);
  }

  /** Waits until `check(notice)` holds for one read; answers that read (a timeout says the last). */
  async until(check, message) {
    let last = null;
    await this.driver.wait(async () => {
      last = await this.read();
      return Boolean(check(last));
    }, WAIT_MS, message).catch((error) => {
      error.message += ` (last seen: ${JSON.stringify(last)})`;
      throw error;
    });
    return last;
  }

  /** Its Backups… button. */
  async openBackups() {
    await clickWhenClickable(this.driver, `#${this.id} .damaged-backups`, { timeoutMs: WAIT_MS, what: 'the notice\'s Backups… button' });
  }
}
