// Import and export through the native dialogs (tauri-plugin-dialog, wrapped by api.js). The
// shell's Import… and Export… buttons (and the roster list's bulk export) call these.

import { openModal } from '../toolkit/dialog.js';
import { buildImportDialog } from './import-dialog.js';
import { appliedText, plural } from './import-plan.js';
import { fileName, IMPORT_FILTERS, ROSTER_FILTERS, saveTarget, slug } from './file-type.js';
import { isolated } from '../format.js';

/** System names by id, and stored roster names by id, for the preview's words (best effort). */
async function names(api) {
  const [catalog, rosters] = await Promise.all([api.catalog().catch(() => null), api.rosters().then((listed) => listed.rosters).catch(() => [])]);
  return {
    systemNames: Object.fromEntries((catalog?.systems ?? []).map((s) => [s.id, s.name])),
    storedRosters: Object.fromEntries(rosters.map((r) => [r.id, r.name])),
  };
}

/**
 * Asks for a roster file, shows what importing it would do (re-asked when the mode changes),
 * and imports it on Import with a progress bar. Resolves to the applied plan, or null when the
 * GM cancels or the file is refused (nothing is written then).
 */
export function importFlow(ctx) {
  // A second Import… while one is under way joins it instead of opening a second dialog.
  running ??= runImport(ctx).finally(() => {
    running = null;
  });
  return running;
}
let running = null;

async function runImport(ctx) {
  let path;
  try {
    path = await ctx.api.pickFile({ title: 'Import rosters', filters: IMPORT_FILTERS });
  } catch (error) {
    ctx.toast.error(error);
    return null;
  }
  if (!path) return null;
  const doc = document;
  const name = fileName(path);
  const words = names(ctx.api);
  let mode = 'merge';
  let asked = 0;

  return new Promise((resolve) => {
    let result = null;
    const view = buildImportDialog(doc, name, { onMode: (m) => { mode = m; preview(); }, onImport: apply });
    const { dialog } = view;

    async function preview() {
      const mine = ++asked;
      view.waiting();
      try {
        const plan = await ctx.api.previewImport(path, mode);
        const known = await words;
        if (mine === asked) view.showPlan(plan, known);
      } catch (error) {
        if (mine === asked) view.showProblems(error);
      }
    }

    async function apply() {
      view.start();
      // The Rust side sends at most about a hundred counts per import, so each is shown as it comes.
      const onProgress = (progress) => view.progress(progress);
      try {
        result = await ctx.api.applyImport(path, mode, onProgress);
      } catch (error) {
        view.stop();
        view.showProblems(error);
        return;
      }
      dialog.close();
      ctx.toast(appliedText(result, name));
      ctx.bus.dispatchEvent(new CustomEvent('rosters-changed'));
    }

    // Escape closes the dialog like Cancel, except while the file is being written.
    dialog.addEventListener('cancel', (event) => {
      if (view.busy) event.preventDefault();
    });
    openModal(dialog, { initial: view.initial }).then(() => resolve(result));
    preview();
  });
}

/** The name the save dialog proposes for a selection. */
async function proposedName(selection, api) {
  if (selection?.rosters?.length === 1) {
    const roster = (await api.rosters().then((listed) => listed.rosters).catch(() => [])).find((r) => r.id === selection.rosters[0]);
    if (roster) return `${slug(roster.name)}.json`;
  }
  if (selection?.characters) return 'rollbook-characters.json';
  return 'rollbook-rosters.json';
}

/**
 * Asks where to save `selection` (`"all"`, `{rosters: [id…]}`, `{characters: [id…]}`) and
 * writes it: a roster file (JSON), or CSV for spreadsheets when the name ends in .csv.
 * Resolves to the number of characters written, or null when the GM cancels or it failed.
 */
export async function exportFlow(selection, ctx) {
  try {
    const chosen = await ctx.api.pickSavePath({ title: 'Export rosters', defaultPath: await proposedName(selection, ctx.api), filters: ROSTER_FILTERS });
    if (!chosen) return null;
    const target = saveTarget(chosen, 'json');
    const written = await ctx.api.exportFile(target.path, selection, target.format);
    const kind = target.format === 'csv' ? ' (CSV, for spreadsheets)' : '';
    ctx.toast(`Exported ${plural(written, 'character')} to ${isolated(fileName(target.path))}${kind}.`);
    return written;
  } catch (error) {
    ctx.toast.error(error);
    return null;
  }
}
