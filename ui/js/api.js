// The one module that talks to the Rust side (Tauri's global `invoke`; no bundler here).
// Every command of docs/ipc.md has one wrapper here; argument names are snake_case on both sides.

/** An error from a command, as the Rust side sent it: a stable `code`, a plain `message`, and
 *  for refusals with several causes the `problems` with their paths. */
export class CommandError extends Error {
  constructor(code, message, problems = []) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    /** @type {{path: string, message: string}[]} */
    this.problems = problems;
  }
}

/** Whatever a rejected invoke gives (an `{code, message}` object, a string, an Error) as a CommandError. */
export function toCommandError(error) {
  if (error instanceof CommandError) return error;
  if (error && typeof error === 'object' && typeof error.message === 'string') {
    const problems = Array.isArray(error.problems) ? error.problems : [];
    return new CommandError(typeof error.code === 'string' ? error.code : 'error', error.message, problems);
  }
  return new CommandError('error', String(error));
}

function tauriInvoke() {
  const invoke = globalThis.__TAURI__?.core?.invoke;
  if (typeof invoke !== 'function') {
    throw new CommandError('no_engine', 'The dice engine is not available: open this page in the Rollbook app.');
  }
  return invoke;
}

async function call(command, args) {
  try {
    return await tauriInvoke()(command, args);
  } catch (error) {
    throw toCommandError(error);
  }
}

// App
export const appInfo = () => call('app_info');
export const settings = () => call('settings');
export const saveSettings = (settings) => call('settings_save', { settings });

// Rules
/** The systems, roll kinds and their fields (stunt levels from the roster's house rules). */
export const catalog = (rosterId = null) => call('catalog', { roster_id: rosterId });
/** Exact odds of one request object. */
export const odds = (request, rosterId = null) => call('odds', { request, roster_id: rosterId });
/** Rolls one request and logs it; `seed` (a safe integer) or null for fresh dice. */
export const roll = (request, seed = null, { rosterId = null, characterId = null } = {}) =>
  call('roll', { request, seed: seed ?? null, roster_id: rosterId, character_id: characterId });

// Rosters
export const rosters = () => call('rosters');
export const createRoster = (roster) => call('roster_create', { roster });
export const updateRoster = (id, patch) => call('roster_update', { id, patch });
export const deleteRoster = (id) => call('roster_delete', { id });
export const reorderRosters = (ids) => call('rosters_reorder', { ids });
export const undoDelete = () => call('undo_delete');

// Characters
export const characters = (rosterId) => call('characters', { roster_id: rosterId });
export const character = (id) => call('character', { id });
export const createCharacter = (rosterId, character) => call('character_create', { roster_id: rosterId, character });
export const updateCharacter = (id, patch) => call('character_update', { id, patch });
export const duplicateCharacter = (id) => call('character_duplicate', { id });
export const deleteCharacters = (ids) => call('characters_delete', { ids });
export const moveCharacters = (ids, rosterId) => call('characters_move', { ids, roster_id: rosterId });
export const tagCharacters = (ids, add = [], remove = []) => call('characters_tag', { ids, add, remove });
export const reorderCharacters = (rosterId, ids) => call('characters_reorder', { roster_id: rosterId, ids });
export const search = (query, limit = 50) => call('search', { query, limit });

// Sheets
/** Validates a sheet without saving: `{problems, derived}`. */
export const checkSheet = (rosterId, sheet) => call('sheet_check', { roster_id: rosterId, sheet });
/** The rolls a character's sheet offers, each with a prefilled request. */
export const sheetRolls = (characterId) => call('sheet_rolls', { character_id: characterId });

// Roll log
export const rollLog = (query = {}) => call('roll_log', { query });
export const clearRollLog = (query = {}) => call('roll_log_clear', { query });
export const exportRollLog = (path, format, query = {}) => call('roll_log_export', { path, format, query });

// Import and export
export const previewImport = (path, mode) => call('import_preview', { path, mode });
/** Applies an import; `onProgress({done, total})` is called as characters are written. */
export function applyImport(path, mode, onProgress = () => {}) {
  const Channel = globalThis.__TAURI__?.core?.Channel;
  const channel = Channel ? new Channel() : null;
  if (channel) channel.onmessage = onProgress;
  return call('import_apply', { path, mode, on_progress: channel });
}
export const exportFile = (path, selection, format = 'json') => call('export_file', { path, selection, format });

// Native dialogs (tauri-plugin-dialog); null when the user cancels.
export async function pickFile(options) {
  const dialog = globalThis.__TAURI__?.dialog;
  if (!dialog) throw new CommandError('no_engine', 'File dialogs need the Rollbook app.');
  return dialog.open({ multiple: false, directory: false, ...options });
}
export async function pickSavePath(options) {
  const dialog = globalThis.__TAURI__?.dialog;
  if (!dialog) throw new CommandError('no_engine', 'File dialogs need the Rollbook app.');
  return dialog.save(options);
}
