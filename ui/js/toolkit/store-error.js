// When the database cannot be opened, every command answers the same refusal; this turns it
// into what the error screen says. Pure: Node's test runner imports it.

/** The codes of a database file Rollbook refused to open (it left the file untouched). */
export const STORE_FAILURES = new Set(['newer_database', 'not_a_rollbook_database', 'corrupt_database', 'migration_failed']);

export function isStoreFailure(error) {
  return Boolean(error) && STORE_FAILURES.has(error.code);
}

const WHAT = {
  newer_database: {
    title: 'This database was made by a newer Rollbook',
    what: 'Your rosters are in a database written by a newer version of Rollbook, which this version cannot read.',
    todo: 'Install the newer Rollbook to open it.',
  },
  not_a_rollbook_database: {
    title: 'This file is not a Rollbook database',
    what: 'The file Rollbook was asked to open is not one of its databases.',
    todo: 'Start Rollbook with another file (rollbook --db PATH, or the ROLLBOOK_DB variable), or move this file away so Rollbook can make a new database there.',
  },
  corrupt_database: {
    title: 'This database is damaged',
    what: 'The database file is damaged, so Rollbook did not open it.',
    todo: 'Put a snapshot in its place: Rollbook keeps snapshots in the backups folder beside the file and a copy beside the file before each upgrade. The details below name the newest sound one and the command that restores it (the damaged file is kept).',
  },
  migration_failed: {
    title: 'This database could not be upgraded',
    what: 'Upgrading the database to this version of Rollbook failed, and the upgrade was undone.',
    todo: 'Report this problem with the details below; the file can still be opened by the Rollbook that wrote it.',
  },
};

/** The words before which the Rust messages name what is wrong with the file (after its path). */
const AFTER_PATH = / (?:is not a Rollbook database|is a damaged Rollbook database|was written by a newer Rollbook)\b/;

/**
 * Where the refused file is, read from the message (`/home/x/rollbook.sqlite3 is not a Rollbook
 * database (…)`, `upgrading /home/x/db failed and …`), or null when the message names none.
 */
export function refusedPath(message) {
  const text = String(message ?? '');
  const upgrade = /^upgrading (.+?) failed and was rolled back/.exec(text);
  if (upgrade) return upgrade[1];
  const match = AFTER_PATH.exec(text);
  return match && match.index > 0 ? text.slice(0, match.index) : null;
}

/**
 * What the error screen shows: `{title, what, unchanged, path, todo, detail}`; `dbPath` (from
 * app_info, when it answered) is used when the message names no file.
 */
export function describeStoreFailure(error, dbPath = null) {
  const words = WHAT[error.code] ?? WHAT.corrupt_database;
  return {
    ...words,
    unchanged: 'Nothing in the file was changed.',
    path: refusedPath(error.message) ?? dbPath,
    detail: error.message,
  };
}
