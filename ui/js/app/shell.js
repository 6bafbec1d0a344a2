// The window: app bar tabs (Rosters / Quick roll / Roll log / Encounters), the views behind them, the app
// bar's actions and shortcuts, and the error screen when the database file was refused.
// The last view and roster are remembered through the `settings` commands.

import * as rawApi from '../api.js';
import { announceRestore, backupsFlow } from '../backups/backups-dialog.js';
import { systemsFlow } from '../systems/systems-dialog.js';
import { mountEncounters } from '../encounter/encounter-view.js';
import { mountLog } from '../log/log-view.js';
import { startQuickRoll } from '../quick-roll.js';
import { mountRosters } from '../rosters/rosters.js';
import { notationHook } from '../saved-rolls/notation-hook.js';
import { mountSavedRolls } from '../saved-rolls/saved-rolls-view.js';
import { exportFlow, importFlow } from '../transfer/transfer.js';
import { createContext } from './context.js';
import { showStoreFailure } from './error-screen.js';
import { isStoreFailure } from '../toolkit/store-error.js';
import { mountTabs } from './tabs.js';

const DEFAULT_VIEW = 'rosters';
const NOT_WRAPPED = new Set(['CommandError', 'toCommandError']);

/**
 * `api` with every command watched: the first refusal of the database file (every command
 * answers it once the file was refused) replaces the window with the error screen.
 */
function guardApi(api, onRefused) {
  const guarded = {};
  for (const [name, value] of Object.entries(api)) {
    guarded[name] = typeof value !== 'function' || NOT_WRAPPED.has(name) ? value : async (...args) => {
      try {
        return await value(...args);
      } catch (error) {
        if (isStoreFailure(error)) onRefused(error);
        throw error;
      }
    };
  }
  return Object.freeze(guarded);
}

/** Runs `work` (an action the GM started); a failure shows as an error toast. */
function reporting(ctx, work) {
  return async (...args) => {
    try {
      await work(...args);
    } catch (error) {
      if (!isStoreFailure(error)) ctx.toast.error(rawApi.toCommandError(error));
    }
  };
}

export async function startApp(doc) {
  const $ = (id) => doc.getElementById(id);
  let refused = false;
  const onRefused = (error) => {
    if (refused) return;
    refused = true;
    rawApi.appInfo().catch(() => null).then((info) => showStoreFailure(doc, error, info?.db_path ?? null));
  };
  const ctx = createContext(doc, guardApi(rawApi, onRefused));

  let settings = { last_roster_id: null, last_view: null };
  let settingsRead = false;
  const saveSettings = (patch) => {
    settings = { ...settings, ...patch };
    // Before the stored settings are read, saving would overwrite them with the defaults.
    if (!settingsRead) return;
    ctx.api.saveSettings(settings).catch((error) => {
      if (!isStoreFailure(error)) console.warn('settings not saved:', error.message);
    });
  };

  let log = null;
  let encounters = null;
  let pickedEarly = null;
  function showView(name, { remember = true } = {}) {
    const hadFocus = doc.activeElement;
    if (!tabs.show(name)) return;
    if (!settingsRead) pickedEarly = name;
    if (name === 'log' && log) Promise.resolve(log.refresh?.()).catch(() => {});
    if (name === 'encounters' && encounters) Promise.resolve(encounters.refresh()).catch(() => {});
    // Focus left in a view that is now hidden would be lost: give it to the tab.
    if (hadFocus && hadFocus !== doc.body && hadFocus.closest('[hidden]')) doc.querySelector(`[role="tab"][data-view="${name}"]`)?.focus();
    if (remember && settings.last_view !== name) saveSettings({ last_view: name });
  }
  // The tabs work from the first moment, even while the settings are still on their way.
  const tabs = mountTabs($('tabs'), (name) => showView(name));

  const quickRoll = startQuickRoll(doc);
  // The rules' declarations (sheet limits, d12 weapons, table ranges) are read once, with the
  // settings: the sheet forms and table panels take their limits from them as they open.
  const catalog = ctx.api.catalog().catch((error) => {
    console.warn('rules catalog not read; forms open without their limits:', error.message);
    return null;
  });
  try {
    settings = { ...settings, ...(await ctx.api.settings()) };
  } catch (error) {
    if (isStoreFailure(error)) return ctx;
    console.warn('settings not read, starting with the defaults:', error.message);
  }
  ctx.catalog = await catalog;
  if (refused) return ctx;
  settingsRead = true;

  const rosters = mountRosters($('view-rosters'), ctx, { rosterId: settings.last_roster_id });
  log = mountLog($('view-log'), ctx);
  encounters = mountEncounters($('view-encounters'), ctx);
  mountSavedRolls($('saved-rolls'), ctx, notationHook(quickRoll));

  // A tab the GM picked while the settings were read wins over the one stored last time.
  if (pickedEarly) showView(pickedEarly);
  else showView(tabs.names.includes(settings.last_view) ? settings.last_view : DEFAULT_VIEW, { remember: false });
  $('views').removeAttribute('aria-busy');
  // When the window became usable, on the page's own clock (scripts/measure-startup.sh reads it).
  performance.mark('rollbook-ready');

  // Other areas ask for a view by name (search opens a character on the Rosters tab).
  ctx.bus.addEventListener('view', (event) => showView(/** @type {CustomEvent} */ (event).detail?.name));
  ctx.bus.addEventListener('roster-selected', (event) => {
    const id = /** @type {CustomEvent} */ (event).detail?.roster?.id ?? null;
    if (id !== settings.last_roster_id) saveSettings({ last_roster_id: id });
  });

  const runImport = reporting(ctx, () => importFlow(ctx));
  const runExport = reporting(ctx, () => exportFlow('all', ctx));
  const runBackups = reporting(ctx, () => backupsFlow(ctx));
  const runSystems = reporting(ctx, () => systemsFlow(ctx));
  // A system file added or removed: the catalog is read again, here (the sheet forms' limits)
  // and by Quick roll (its systems), without a reload that would lose what the GM typed.
  ctx.bus.addEventListener('systems-changed', () => {
    ctx.api.catalog().then((catalog) => { ctx.catalog = catalog; }, (error) => console.warn('rules catalog not read again:', error.message));
    quickRoll.then((quick) => quick.reloadCatalog()).catch((error) => ctx.toast.error(rawApi.toCommandError(error)));
  });
  $('search-button').addEventListener('click', () => rosters.openSearch());
  $('import-button').addEventListener('click', runImport);
  $('export-button').addEventListener('click', runExport);
  $('backups-button').addEventListener('click', runBackups);
  $('systems-button').addEventListener('click', runSystems);
  $('help-button').addEventListener('click', () => ctx.shortcuts.showHelp());

  const { register } = ctx.shortcuts;
  tabs.names.forEach((name, i) => {
    const label = doc.querySelector(`[role="tab"][data-view="${name}"]`).textContent.trim();
    register({ keys: `Ctrl+${i + 1}`, label: `Show ${label}`, group: 'Views', run: () => showView(name) });
  });
  register({ keys: '?', label: 'List the keyboard shortcuts', group: 'Views', run: () => ctx.shortcuts.showHelp() });
  register({ keys: 'Ctrl+Shift+B', label: 'Backups: snapshots, and going back to one', group: 'Views', run: runBackups });
  // A restore reloaded the window: say what was restored.
  announceRestore(ctx);
  return ctx;
}
