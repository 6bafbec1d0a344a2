// The one module that talks to the Rust side (Tauri's global `invoke`; no bundler here).
// Every command of docs/ipc.md has one wrapper here; argument names are snake_case on both sides.
// The types are generated from the Rust ones (ui/types/bindings.d.ts, ts-rs) and checked by
// `npm run typecheck`, so a wrapper cannot drift from the command it calls.

/** @typedef {import('../types/bindings').AppInfo} AppInfo */
/** @typedef {import('../types/bindings').BackupsOverview} BackupsOverview */
/** @typedef {import('../types/bindings').Catalog} Catalog */
/** @typedef {import('../types/bindings').Character} Character */
/** @typedef {import('../types/bindings').CharacterSummary} CharacterSummary */
/** @typedef {import('../types/bindings').CharacterList} CharacterList */
/** @typedef {import('../types/bindings').DamagedNotice} DamagedNotice */
/** @typedef {import('../types/bindings').CharacterPatch} CharacterPatch */
/** @typedef {import('../types/bindings').Encounter} Encounter */
/** @typedef {import('../types/bindings').EncounterPlan} EncounterPlan */
/** @typedef {import('../types/bindings').EncounterPreview} EncounterPreview */
/** @typedef {import('../types/bindings').HandProgress} HandProgress */
/** @typedef {import('../types/bindings').Policy} Policy */
/** @typedef {import('../types/bindings').ExportSelection} ExportSelection */
/** @typedef {import('../types/bindings').FileFormat} FileFormat */
/** @typedef {import('../types/bindings').ImportMode} ImportMode */
/** @typedef {import('../types/bindings').ImportPlan} ImportPlan */
/** @typedef {import('../types/bindings').IpcProblem} IpcProblem */
/** @typedef {import('../types/bindings').JsonValue} JsonValue */
/** @typedef {import('../types/bindings').LogEntry} LogEntry */
/** @typedef {import('../types/bindings').LogList} LogList */
/** @typedef {import('../types/bindings').PlanList} PlanList */
/** @typedef {import('../types/bindings').LoggedRoll} LoggedRoll */
/** @typedef {import('../types/bindings').LogQuery} LogQuery */
/** @typedef {import('../types/bindings').LuckReport} LuckReport */
/** @typedef {import('../types/bindings').NewCharacter} NewCharacter */
/** @typedef {import('../types/bindings').NewRoster} NewRoster */
/** @typedef {import('../types/bindings').NewSavedRoll} NewSavedRoll */
/** @typedef {import('../types/bindings').SavedRoll} SavedRoll */
/** @typedef {import('../types/bindings').SavedRollPatch} SavedRollPatch */
/** @typedef {import('../types/bindings').SavedRollHit} SavedRollHit */
/** @typedef {import('../types/bindings').Odds} Odds */
/** @typedef {import('../types/bindings').PlayersView} PlayersView */
/** @typedef {import('../types/bindings').ShareStatus} ShareStatus */
/** @typedef {import('../types/bindings').Progress} Progress */
/** @typedef {import('../types/bindings').Restored} Restored */
/** @typedef {import('../types/bindings').RestoreDone} RestoreDone */
/** @typedef {import('../types/bindings').Roster} Roster */
/** @typedef {import('../types/bindings').RosterList} RosterList */
/** @typedef {import('../types/bindings').RosterPatch} RosterPatch */
/** @typedef {import('../types/bindings').SearchHit} SearchHit */
/** @typedef {import('../types/bindings').Settings} Settings */
/** @typedef {import('../types/bindings').SheetReport} SheetReport */
/** @typedef {import('../types/bindings').SheetRoll} SheetRoll */
/** @typedef {import('../types/bindings').Snapshot} Snapshot */
/** @typedef {import('../types/bindings').AddedSystem} AddedSystem */
/** @typedef {import('../types/bindings').StoredSystem} StoredSystem */
/** @typedef {import('../types/bindings').SystemFilePreview} SystemFilePreview */
/** @typedef {import('../types/bindings').SystemShown} SystemShown */
/** @typedef {import('../types/bindings').UpgradePreview} UpgradePreview */
/** @typedef {import('../types/bindings').UpgradeApplied} UpgradeApplied */
/** @typedef {import('../types/bindings').SystemMove} SystemMove */
/** @typedef {import('../types/bindings').TableAction} TableAction */
/** @typedef {import('../types/bindings').TableActionEntry} TableActionEntry */
/** @typedef {import('../types/bindings').TablePlay} TablePlay */
/** @typedef {import('../types/bindings').TableDiceAsked} TableDiceAsked */
/** A roll request: the JSON object of RULES.md "Roll requests" (`{system, roll, ...fields}`). */
/** @typedef {JsonValue} RollRequest */
/** A UUID string. */
/** @typedef {string} Id */

/** An error from a command, as the Rust side sent it: a stable `code`, a plain `message`, and
 *  for refusals with several causes the `problems` with their paths. */
export class CommandError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {IpcProblem[]} [problems]
   */
  constructor(code, message, problems = []) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    /** @type {IpcProblem[]} */
    this.problems = problems;
  }
}

/**
 * Whatever a rejected invoke gives (an `{code, message}` object, a string, an Error) as a CommandError.
 * @param {any} error
 * @returns {CommandError}
 */
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

/**
 * @param {string} command
 * @param {Record<string, unknown>} [args]
 * @returns {Promise<any>} what the command answers (each wrapper below names its type)
 */
async function call(command, args) {
  try {
    return await tauriInvoke()(command, args);
  } catch (error) {
    throw toCommandError(error);
  }
}

// App
/** @returns {Promise<AppInfo>} */
export const appInfo = () => call('app_info');
/** @returns {Promise<Settings>} */
export const settings = () => call('settings');
/** @param {Settings} settings @returns {Promise<Settings>} */
export const saveSettings = (settings) => call('settings_save', { settings });

// Backups
/** Every snapshot (newest first) with what it holds, what the database holds now, the policy. @returns {Promise<BackupsOverview>} */
export const backups = () => call('backups');
/** @returns {Promise<Snapshot>} */
export const backupNow = () => call('backup_now');
/** Sets what rotation keeps. @param {Policy} policy @returns {Promise<Policy>} */
export const saveBackupPolicy = (policy) => call('backup_policy_save', { policy });
/** Puts snapshot `id` in place (a snapshot of now is taken first). @param {string} id @returns {Promise<RestoreDone>} */
export const restoreBackup = (id) => call('backup_restore', { id });

// Systems (the GM's own system files)
/** Every added system, each stored version, newest version first. @returns {Promise<StoredSystem[]>} */
export const systems = () => call('systems');
/** What the file at `path` declares, or its problems; writes nothing. @param {string} path @returns {Promise<SystemFilePreview>} */
export const previewSystem = (path) => call('system_preview', { path });
/** Adds the file at `path` (checked again). @param {string} path @returns {Promise<AddedSystem>} */
export const addSystem = (path) => call('system_add', { path });
/** One added system (its newest version unless `version`) with its text. @param {string} id @param {number | null} [version] @returns {Promise<SystemShown>} */
export const showSystem = (id, version = null) => call('system_show', { id, version });
/** Removes every version of `id` (refused while a roster uses it). @param {string} id @returns {Promise<StoredSystem[]>} */
export const removeSystem = (id) => call('system_remove', { id });
/** What moving a roster to version `to` of its system (the newest when null) would change; writes nothing. @param {string} rosterId @param {number | null} [to] @returns {Promise<UpgradePreview>} */
export const previewUpgrade = (rosterId, to = null) => call('system_upgrade_preview', { roster_id: rosterId, to });
/** Moves a roster to version `to` of its system (the newest when null), after a snapshot. @param {string} rosterId @param {number | null} [to] @returns {Promise<UpgradeApplied>} */
export const upgradeRoster = (rosterId, to = null) => call('system_upgrade', { roster_id: rosterId, to });

// Rules
/**
 * The systems, roll kinds and their fields (stunt levels from the roster's house rules).
 * @param {Id | null} [rosterId]
 * @returns {Promise<Catalog>}
 */
export const catalog = (rosterId = null) => call('catalog', { roster_id: rosterId });
/**
 * Exact odds of one request object (under the roster's house rules when given).
 * @param {RollRequest} request
 * @param {Id | null} [rosterId]
 * @returns {Promise<Odds>}
 */
export const odds = (request, rosterId = null) => call('odds', { request, roster_id: rosterId });
/**
 * Choices side by side: the odds of `request` with `field` set to each of `values`, one answer
 * per value in order (under the roster's house rules when given). The catalog's `compare` of
 * each kind says which fields are worth comparing and their alternatives.
 * @param {RollRequest} request
 * @param {string} field
 * @param {Array<number | boolean | string>} values
 * @param {Id | null} [rosterId]
 * @returns {Promise<Odds[]>}
 */
export const oddsCompare = (request, field, values, rosterId = null) => call('odds_compare', { request, field, values, roster_id: rosterId });
/**
 * Choices side by side that are not one field (the catalog kind's `plans`): `plan` is
 * `{plan, this, later?, card?}`; answers every alternative's requests with their odds and the
 * best (under the roster's house rules when given).
 * @param {import('../types/bindings').PlanRequest} plan
 * @param {Id | null} [rosterId]
 * @returns {Promise<import('../types/bindings').PlanAnswer>}
 */
export const oddsPlan = (plan, rosterId = null) => call('odds_plan', { plan, roster_id: rosterId });

/**
 * A dice expression read as it is typed: its `@names`, what Compare offers on it and every
 * problem with its column (`rollbook dice check`'s). Values of names it does not use are left out.
 * @param {string} expr
 * @param {Record<string, number>} values
 * @returns {Promise<import('../types/bindings').DiceCheck>}
 */
export const diceCheck = (expr, values) => call('dice_check', { expr, values });
/**
 * Rolls one request and logs it; `seed` (a safe integer) or null for fresh dice.
 * @param {RollRequest} request
 * @param {number | null} [seed]
 * @param {{rosterId?: Id | null, characterId?: Id | null, secret?: boolean, dice?: number[] | null}} [for_]
 *   whose roll it is, whether it is secret (logged as GM only, never in the players' view), and
 *   the faces rolled at the table (`dice`: the roll is made with them and logged as by hand)
 * @returns {Promise<LoggedRoll>} the roll (`result`) and its roll-log entry (`log_id`)
 */
export const roll = (request, seed = null, { rosterId = null, characterId = null, secret = false, dice = null } = {}) =>
  call('roll', { request, seed: seed ?? null, roster_id: rosterId, character_id: characterId, secret, dice });
/**
 * Dice by hand as they go in: the dice `request` reads with `dice` typed so far (then the fewest
 * still needed) and, once all are in, the roll they make. Logs nothing.
 * @param {RollRequest} request
 * @param {number[]} dice
 * @param {{rosterId?: Id | null, characterId?: Id | null}} [for_]
 * @returns {Promise<HandProgress>}
 */
export const rollDiceAsked = (request, dice, { rosterId = null, characterId = null } = {}) =>
  call('roll_dice_asked', { request, dice, roster_id: rosterId, character_id: characterId });

// Saved rolls
/** A roster's saved rolls, in order. @param {Id} rosterId @returns {Promise<SavedRoll[]>} */
export const savedRolls = (rosterId) => call('saved_rolls', { roster_id: rosterId });
/** Every roster's saved rolls matching `query` (name, notation, notes). @param {string} query @param {number} [limit] @returns {Promise<SavedRollHit[]>} */
export const searchSavedRolls = (query, limit = 50) => call('saved_rolls_search', { query, limit });
/** Saves a roll last in the roster's list. @param {Id} rosterId @param {NewSavedRoll} roll @returns {Promise<SavedRoll>} */
export const createSavedRoll = (rosterId, roll) => call('saved_roll_create', { roster_id: rosterId, roll });
/** @param {Id} id @param {SavedRollPatch} patch @returns {Promise<SavedRoll>} */
export const updateSavedRoll = (id, patch) => call('saved_roll_update', { id, patch });
/** Moves a saved roll to `index` (0 first). @param {Id} id @param {number} index @returns {Promise<SavedRoll[]>} the roster's list in its new order */
export const moveSavedRoll = (id, index) => call('saved_roll_move', { id, index });
/** Deletes a saved roll for good. @param {Id} id @returns {Promise<SavedRoll>} it as it was */
export const deleteSavedRoll = (id) => call('saved_roll_delete', { id });
/**
 * Rolls a saved roll for its roster and logs it there.
 * @param {Id} id
 * @param {{seed?: number | null, secret?: boolean, dice?: number[] | null}} [how]
 * @returns {Promise<LoggedRoll>}
 */
export const rollSaved = (id, { seed = null, secret = false, dice = null } = {}) =>
  call('saved_roll_roll', { id, seed, secret, dice });

// Rosters
/** @returns {Promise<RosterList>} `rosters` not in the trash, in the user's order, and each damaged one named in `damaged` */
export const rosters = () => call('rosters');
/** @param {NewRoster} roster @returns {Promise<Roster>} */
export const createRoster = (roster) => call('roster_create', { roster });
/** @param {Id} id @param {RosterPatch} patch @returns {Promise<Roster>} */
export const updateRoster = (id, patch) => call('roster_update', { id, patch });
/** To the trash (`undoDelete` brings it back). @param {Id} id @returns {Promise<Roster>} */
export const deleteRoster = (id) => call('roster_delete', { id });
/** @param {Id[]} ids @returns {Promise<Roster[]>} */
export const reorderRosters = (ids) => call('rosters_reorder', { ids });
/** @returns {Promise<Restored>} */
export const undoDelete = () => call('undo_delete');

// Characters
/** @param {Id} rosterId @returns {Promise<Character[]>} */
/** The same, without notes and sheets (for lists), and each damaged one named in `damaged`. @param {Id} rosterId @returns {Promise<CharacterList>} */
export const characterSummaries = (rosterId) => call('character_summaries', { roster_id: rosterId });
/** @param {Id} id @returns {Promise<Character>} */
export const character = (id) => call('character', { id });
/** @param {Id} rosterId @param {NewCharacter} character @returns {Promise<Character>} */
export const createCharacter = (rosterId, character) => call('character_create', { roster_id: rosterId, character });
/** @param {Id} id @param {CharacterPatch} patch @returns {Promise<Character>} */
export const updateCharacter = (id, patch) => call('character_update', { id, patch });
/** @param {Id} id @returns {Promise<Character>} */
export const duplicateCharacter = (id) => call('character_duplicate', { id });
/** To the trash together. @param {Id[]} ids @returns {Promise<number>} how many went */
export const deleteCharacters = (ids) => call('characters_delete', { ids });
/** @param {Id[]} ids @param {Id} rosterId @returns {Promise<Character[]>} */
export const moveCharacters = (ids, rosterId) => call('characters_move', { ids, roster_id: rosterId });
/** @param {Id[]} ids @param {string[]} [add] @param {string[]} [remove] @returns {Promise<Character[]>} */
export const tagCharacters = (ids, add = [], remove = []) => call('characters_tag', { ids, add, remove });
/** @param {Id} rosterId @param {Id[]} ids @returns {Promise<Character[]>} */
/** @param {string} query @param {number} [limit] @returns {Promise<SearchHit[]>} */
export const search = (query, limit = 50) => call('search', { query, limit });

// Sheets
/** The blank sheet of the roster's system (what a quick NPC's numbers start from). @param {Id} rosterId @returns {Promise<JsonValue>} */
export const blankSheet = (rosterId) => call('sheet_blank', { roster_id: rosterId });
/**
 * Validates a sheet without saving: `{problems, derived}`.
 * @param {Id} rosterId
 * @param {JsonValue} sheet
 * @returns {Promise<SheetReport>}
 */
export const checkSheet = (rosterId, sheet) => call('sheet_check', { roster_id: rosterId, sheet });
/**
 * The rolls a character's sheet offers, each with a prefilled request.
 * @param {Id} characterId
 * @returns {Promise<SheetRoll[]>}
 */
export const sheetRolls = (characterId) => call('sheet_rolls', { character_id: characterId });

// Encounters (at the table)
/** Not in the trash, oldest first. @param {Id} rosterId @returns {Promise<Encounter[]>} */
export const encounters = (rosterId) => call('encounters', { roster_id: rosterId });
/** @param {Id} encounterId @returns {Promise<Encounter>} */
export const encounter = (encounterId) => call('encounter', { encounter_id: encounterId });
/** @param {Id} rosterId @param {string} name @returns {Promise<Encounter>} */
export const createEncounter = (rosterId, name) => call('encounter_create', { roster_id: rosterId, name });
/**
 * Plays one table action (`{action: "next_turn"}`, `{action: "system", move}`, …): the encounter
 * after it, its log entry and the rolls it made (already in the roll log). A refusal writes nothing.
 * @param {Id} encounterId
 * @param {TableAction} action
 * @param {number} [seed] repeatable dice
 * @param {{secret?: boolean, dice?: number[] | null, cards?: string[] | null}} [options] `secret`:
 *   the action's rolls are logged as GM only; `dice`: the faces rolled at the table, in the order
 *   the action reads them; `cards`: universe initiative cards dealt from a real deck, in turn order
 * @returns {Promise<TablePlay>}
 */
export const playEncounter = (encounterId, action, seed, { secret = false, dice = null, cards = null } = {}) =>
  call('encounter_play', { encounter_id: encounterId, action, seed, secret, dice, cards });
/**
 * Dice by hand at the table as they go in: the dice `action` reads with `dice` typed so far
 * (then the fewest still needed), who it deals an initiative card to, and, once all dice (and
 * `cards`) are in, what it would say. Writes nothing.
 * @param {Id} encounterId
 * @param {TableAction} action
 * @param {number[]} dice
 * @param {string[] | null} [cards]
 * @returns {Promise<TableDiceAsked>}
 */
export const encounterDiceAsked = (encounterId, action, dice, cards = null) =>
  call('encounter_dice_asked', { encounter_id: encounterId, action, dice, cards });
/**
 * The roll a system move would make and its exact odds; `null` when the move rolls nothing.
 * @param {Id} encounterId
 * @param {SystemMove} move
 * @returns {Promise<EncounterPreview | null>}
 */
export const previewEncounterMove = (encounterId, move) =>
  call('encounter_preview', { encounter_id: encounterId, move });
/** Back to the state before the last action not yet undone. @param {Id} encounterId @returns {Promise<Encounter>} */
export const undoEncounter = (encounterId) => call('encounter_undo', { encounter_id: encounterId });
/** The action log, oldest first (undone ones marked). @param {Id} encounterId @returns {Promise<TableActionEntry[]>} */
export const encounterLog = (encounterId) => call('encounter_log', { encounter_id: encounterId });
/** To the trash. @param {Id} encounterId @returns {Promise<Encounter>} */
export const deleteEncounter = (encounterId) => call('encounter_delete', { encounter_id: encounterId });
/** Out of the trash. @param {Id} encounterId @returns {Promise<Encounter>} */
export const restoreEncounter = (encounterId) => call('encounter_restore', { encounter_id: encounterId });
/**
 * The running state the sheets also have (Glory, fate cards, health, HTK …) written onto the
 * encounter's characters, all or nothing. @param {Id} encounterId @returns {Promise<Character[]>}
 */
export const saveEncounterToSheets = (encounterId) => call('encounter_save_to_sheets', { encounter_id: encounterId });
/** A roster's fights prepared ahead; a plan that does not read is named in `damaged`. @param {Id} rosterId @returns {Promise<PlanList>} */
export const plans = (rosterId) => call('plans', { roster_id: rosterId });
/**
 * The encounter's participants saved as a plan. @param {Id} encounterId
 * @param {string | null} [name] the plan's name (the encounter's by default) @param {string} [notes]
 * @returns {Promise<EncounterPlan>}
 */
export const savePlan = (encounterId, name = null, notes = '') => call('plan_save', { encounter_id: encounterId, name, notes });
/** A new encounter from a plan. @param {Id} planId @param {string | null} [name] @returns {Promise<Encounter>} */
export const startPlan = (planId, name = null) => call('plan_start', { plan_id: planId, name });
/** @param {Id} planId @returns {Promise<null>} */
export const deletePlan = (planId) => call('plan_delete', { plan_id: planId });
/** Undo of deletePlan. @param {Id} planId @returns {Promise<EncounterPlan>} */
export const restorePlan = (planId) => call('plan_restore', { plan_id: planId });
/** The same participants in a new encounter, round 1. @param {Id} encounterId @param {string | null} [name] @returns {Promise<Encounter>} */
export const duplicateEncounter = (encounterId, name = null) => call('encounter_duplicate', { encounter_id: encounterId, name });
/**
 * A quick NPC or copy kept as an NPC of the roster with its numbers (named `name`, or its label).
 * @param {Id} encounterId @param {Id} participantId @param {string | null} [name] @returns {Promise<Character>}
 */
export const keepAsCharacter = (encounterId, participantId, name = null) => call('encounter_keep_as_character', { encounter_id: encounterId, participant_id: participantId, name });

// The players' view (issue 14)
/** The view of the encounter the players' window shows (that window's only command). @returns {Promise<PlayersView | null>} */
export const playersView = () => call('players_view', {});
/** Opens the players' window on the encounter (or brings it to the front showing it). @param {Id} encounterId @returns {Promise<null>} */
export const openPlayersWindow = (encounterId) => call('players_window_open', { encounter_id: encounterId });
/** Starts sharing the encounter with the players' devices, or switches what is shared to it. @param {Id} encounterId @returns {Promise<ShareStatus>} */
export const startSharing = (encounterId) => call('share_start', { encounter_id: encounterId });
/** @returns {Promise<ShareStatus | null>} what is shared while sharing is on */
export const shareStatus = () => call('share_status', {});
/** Stops sharing: the players' pages say so and the port closes. @returns {Promise<null>} */
export const stopSharing = () => call('share_stop', {});

// Roll log
/** Newest first; an entry that does not read is named in `damaged`. @param {LogQuery} [query] @returns {Promise<LogList>} */
export const rollLog = (query = {}) => call('roll_log', { query });
/** How lucky the dice were: each roll's percentile, judged overall, per character and per evening. @param {LogQuery} [query] @returns {Promise<LuckReport>} */
export const rollLogLuck = (query = {}) => call('roll_log_luck', { query });
/** @param {LogQuery} [query] @returns {Promise<number>} how many were removed */
export const clearRollLog = (query = {}) => call('roll_log_clear', { query });
/** @param {string} path @param {FileFormat} format @param {LogQuery} [query] @returns {Promise<number>} rolls written */
export const exportRollLog = (path, format, query = {}) => call('roll_log_export', { path, format, query });

// Import and export
/** What importing would do; nothing is written. @param {string} path @param {ImportMode} mode @returns {Promise<ImportPlan>} */
export const previewImport = (path, mode) => call('import_preview', { path, mode });
/**
 * Applies an import (all or nothing); `onProgress({done, total})` is called as characters are written.
 * @param {string} path
 * @param {ImportMode} mode
 * @param {(progress: Progress) => void} [onProgress]
 * @returns {Promise<ImportPlan>} what was done
 */
export function applyImport(path, mode, onProgress = () => {}) {
  const Channel = globalThis.__TAURI__?.core?.Channel;
  const channel = Channel ? new Channel() : null;
  if (channel) channel.onmessage = onProgress;
  return call('import_apply', { path, mode, on_progress: channel });
}
/**
 * @param {string} path
 * @param {ExportSelection} selection `"all"`, `{rosters: [id…]}` or `{characters: [id…]}`
 * @param {FileFormat} [format]
 * @returns {Promise<number>} characters written
 */
export const exportFile = (path, selection, format = 'json') => call('export_file', { path, selection, format });

// Printing (docs/print.md): the preview window and the system print dialog.
/** @typedef {'a4' | 'letter'} Paper */
/** @typedef {{roster: string, paper: Paper, pages: number, sheets: {id: Id, name: string, pages: number}[]}} Printed */
/**
 * Lays the sheets out and shows them in the preview window.
 * @param {Id} rosterId
 * @param {Id[]} characterIds in print order; empty for the whole roster
 * @param {Paper} paper
 * @returns {Promise<Printed>}
 */
export const printPreview = (rosterId, characterIds, paper) =>
  call('print_preview', { roster_id: rosterId, character_ids: characterIds, paper });
/** The system print dialog on the preview window (modal): true once printed, false if cancelled. @returns {Promise<boolean>} */
export const printPreviewPrint = () => call('print_preview_print');
/** @returns {Promise<null>} */
export const printPreviewClose = () => call('print_preview_close');

// Native dialogs (tauri-plugin-dialog); null when the user cancels.
/** @param {Record<string, unknown>} [options] @returns {Promise<string | null>} */
export async function pickFile(options) {
  const dialog = globalThis.__TAURI__?.dialog;
  if (!dialog) throw new CommandError('no_engine', 'File dialogs need the Rollbook app.');
  return dialog.open({ multiple: false, directory: false, ...options });
}
/** @param {Record<string, unknown>} [options] @returns {Promise<string | null>} */
export async function pickSavePath(options) {
  const dialog = globalThis.__TAURI__?.dialog;
  if (!dialog) throw new CommandError('no_engine', 'File dialogs need the Rollbook app.');
  return dialog.save(options);
}
