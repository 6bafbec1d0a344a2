// The Rosters view: the sidebar of rosters, the open roster's character list with its bulk
// actions, and the sheet area. This module holds what is open and does the commands; the
// parts it composes only draw and report what the GM did.

import { toCommandError } from '../api.js';
import { isTextField } from '../toolkit/shortcuts.js';
import { isStoreFailure } from '../toolkit/store-error.js';
import { el } from '../dom.js';
import { editHouseRules } from '../house-rules/house-rules-dialog.js';
import { hasHouseRules } from '../house-rules/numbers-model.js';
import { latestOnly } from '../timing.js';
import { exportFlow } from '../transfer/transfer.js';
import { countText, createBulkBar, pickMoveTarget, tagDialog } from './bulk-bar.js';
import { newCharacterDialog } from './character-dialog.js';
import { createCharacterList } from './character-list.js';
import { createDamagedNotice } from './damaged-notice.js';
import { readableCount } from './damaged-model.js';
import { backupsFlow } from '../backups/backups-dialog.js';
import { allTags } from './list-model.js';
import { createRosterHead } from './roster-head.js';
import { newRosterDialog, renameRosterDialog } from './roster-dialogs.js';
import { openSearchDialog } from './search.js';
import { printFlow } from '../print/print-flow.js';
import { createSheetArea } from './sheet-area.js';
import { createSidebar } from './sidebar.js';
import { isolated } from '../format.js';

/**
 * Builds the view inside `root`. `rosterId` is the roster to open first (the one open last
 * time), if it still exists. Returns `{openSearch(), newCharacter(), newRoster()}`.
 */
/** The systems a roster is made for: the five, then the systems from files. */
function systemsOf(catalog) {
  return [...catalog.systems, ...(catalog.files ?? [])];
}

export function mountRosters(root, ctx, { rosterId = null } = {}) {
  const doc = root.ownerDocument;
  // `damagedRosters` / `damagedCharacters`: what the lists left out because it does not read.
  const state = { rosters: [], roster: null, characters: [], systems: [], selected: [], lastUndo: null, damagedRosters: [], damagedCharacters: [] };
  const systemName = (id) => state.systems.find((s) => s.id === id)?.name ?? id;
  // The list reads summaries (no sheets: 10,000 whole characters are 6 MB of JSON); a sheet is
  // read whole as it opens.
  const charactersCall = latestOnly((id) => ctx.api.characterSummaries(id));
  const characterCall = latestOnly((id) => ctx.api.character(id));
  const emit = (name, detail) => ctx.bus.dispatchEvent(new CustomEvent(name, { detail }));
  // What this view changed is announced for the other views (the roll log's filters, the
  // encounters); the bus is synchronous, so `announcing` tells this view's own listeners that
  // the change is already drawn here.
  let announcing = false;
  const announce = (name, detail = {}) => {
    announcing = true;
    try {
      emit(name, detail);
    } finally {
      announcing = false;
    }
  };
  const rostersChanged = () => announce('rosters-changed');
  const charactersChanged = (rosterId) => announce('characters-changed', { roster_id: rosterId });

  /** Runs a GM's action; a refusal becomes an error toast (a refused database has its own screen). */
  const guard = (work) => async (...args) => {
    try {
      return await work(...args);
    } catch (error) {
      if (!isStoreFailure(error)) ctx.toast.error(toCommandError(error));
      return null;
    }
  };

  const sidebar = createSidebar(doc, {
    select: (id) => selectRoster(id),
    create: () => newRoster(),
    rename: (id) => renameRoster(id),
    remove: (id) => removeRoster(id),
    enter: () => list.focusList() || list.filterInput.focus(),
  });
  const head = createRosterHead(doc, {
    rename: () => renameRoster(state.roster?.id),
    houseRules: () => houseRules(),
    hasHouseRules: (system) => hasHouseRules(ctx.catalog, system),
    exportRoster: () => state.roster && runExport({ rosters: [state.roster.id] }),
    printRoster: () => runPrint([]),
    remove: () => removeRoster(state.roster?.id),
  });
  const list = createCharacterList(doc, {
    open: (character) => openFromList(character),
    create: () => newCharacter(),
    selectionChanged: (ids) => {
      state.selected = ids;
      bulk.show(ids.length);
    },
  });
  const bulk = createBulkBar(doc, {
    remove: () => removeCharacters(state.selected),
    move: () => moveSelected(),
    tag: () => tagSelected(),
    exportSelected: () => runExport({ characters: [...state.selected] }),
    print: () => runPrint([...state.selected]),
    duplicate: () => duplicateSelected(),
    clear: () => list.clearSelection(),
  });
  // Above the three panes, across them: the messages are long, the panes narrow.
  const damaged = createDamagedNotice(doc, { openBackups: guard(() => backupsFlow(ctx)) });
  const sheetArea = createSheetArea(doc, ctx, { onRollToggle: (open) => layout.classList.toggle('with-roll', open) });

  const firstRoster = el(doc, 'button', { type: 'button', className: 'button primary', text: 'New roster…' });
  firstRoster.addEventListener('click', () => newRoster());
  const noRoster = el(doc, 'div', { className: 'empty no-roster', hidden: true }, [
    el(doc, 'p', { text: 'Make a roster first: it holds the characters of one rules system.' }),
    firstRoster,
  ]);
  const pane = el(doc, 'section', { className: 'characters-pane', id: 'characters-pane', 'aria-labelledby': 'roster-heading' }, [
    head.element, list.tools, bulk.element, list.head, list.list, list.empty, noRoster, list.status,
  ]);
  // Busy until the first rosters are shown (tests and screen readers wait for it).
  const layout = el(doc, 'div', { className: 'rosters-layout', 'aria-busy': 'true' }, [damaged.element, sidebar.element, pane, sheetArea.element]);
  root.replaceChildren(layout);

  /** The sidebar, each roster counting the characters that read (a damaged one is in the notice). */
  function renderSidebar() {
    const counted = state.rosters.map((r) => ({ ...r, character_count: readableCount(r, state.damagedCharacters) }));
    sidebar.render(counted, state.roster?.id ?? null, systemName);
  }

  function showDamaged() {
    damaged.show([...state.damagedRosters, ...state.damagedCharacters]);
  }

  function showRoster() {
    head.show(state.roster, systemName);
    for (const part of [list.tools, list.head]) part.hidden = !state.roster;
    noRoster.hidden = Boolean(state.roster);
    if (!state.roster) {
      list.list.hidden = true;
      list.empty.hidden = true;
      bulk.show(0);
    }
  }

  /** Reads the rosters again; keeps the open one if it still exists, else opens `preferId` or the first. */
  async function loadRosters(preferId = null) {
    const listed = await ctx.api.rosters();
    state.rosters = listed.rosters;
    state.damagedRosters = listed.damaged;
    showDamaged();
    const keep = [preferId, state.roster?.id].find((id) => id && state.rosters.some((r) => r.id === id));
    const next = state.rosters.find((r) => r.id === keep) ?? state.rosters[0] ?? null;
    if (next?.id !== state.roster?.id) await selectRoster(next?.id ?? null);
    else {
      state.roster = next;
      renderSidebar();
      showRoster();
    }
  }

  async function selectRoster(id, { focusList = false } = {}) {
    const roster = state.rosters.find((r) => r.id === id) ?? null;
    const changed = roster?.id !== state.roster?.id;
    state.roster = roster;
    // The list's command is sent first: the commands share the store one at a time, and what
    // `roster-selected` starts (saving the settings) must not hold up the list.
    const loading = roster ? loadCharacters({ reset: changed }) : null;
    if (changed) {
      state.damagedCharacters = [];
      showDamaged();
      sheetArea.close();
      list.setOpen(null);
      emit('roster-selected', { roster });
    }
    renderSidebar();
    showRoster();
    await loading;
    if (focusList) list.focusList();
  }

  async function loadCharacters({ reset = false } = {}) {
    const roster = state.roster;
    const answer = await charactersCall(roster.id);
    if (answer.superseded || state.roster?.id !== roster.id) return;
    if (answer.error) throw answer.error;
    state.characters = answer.value.characters;
    state.damagedCharacters = answer.value.damaged;
    showDamaged();
    renderSidebar();
    list.setCharacters(state.characters, { rosterId: roster.id, rosterName: roster.name, resetView: reset });
    list.setOpen(sheetArea.openId());
  }

  /** After characters changed: the list and the sidebar's counts. */
  async function refresh() {
    await loadRosters();
    if (state.roster) await loadCharacters();
  }

  /**
   * Opens a character's sheet: `character` is whole (just made) or a summary of the list, whose
   * whole character is read first, unless it is the one open (kept current as it saves).
   */
  async function openCharacter(character) {
    const rosterId = state.roster?.id;
    if (!rosterId) return;
    let whole = 'sheet' in character ? character : character.id === sheetArea.openId() ? sheetArea.current() : null;
    if (whole) characterCall.invalidate();
    else {
      const answer = await characterCall(character.id);
      if (answer.superseded || state.roster?.id !== rosterId) return;
      if (answer.error) throw answer.error;
      whole = answer.value;
    }
    sheetArea.open(whole, state.roster);
    list.setOpen(whole.id);
    emit('character-selected', { character: whole });
  }
  const openFromList = guard(openCharacter);

  const newRoster = guard(async () => {
    // Read again each time: a system added from a file since is offered too.
    state.systems = systemsOf(await ctx.api.catalog());
    const roster = await newRosterDialog(doc, ctx, state.systems);
    if (!roster) return;
    await loadRosters(roster.id);
    rostersChanged();
    sidebar.focusCurrent();
    ctx.toast(`Created the ${systemName(roster.system)} roster “${isolated(roster.name)}”.`);
  });

  const renameRoster = guard(async (id) => {
    const roster = state.rosters.find((r) => r.id === id);
    if (!roster) return;
    const renamed = await renameRosterDialog(doc, ctx, roster);
    if (!renamed) return;
    await loadRosters();
    rostersChanged();
    if (state.roster?.id === renamed.id) list.setCharacters(state.characters, { rosterName: renamed.name });
    ctx.toast(`Renamed “${isolated(roster.name)}” to “${isolated(renamed.name)}”.`);
  });

  /** Offers Undo for a deletion (the toast's button, or Ctrl+Z while the toast is the last one). */
  function offerUndo(message, afterUndo) {
    const undo = guard(async () => {
      if (state.lastUndo !== entry) return;
      state.lastUndo = null;
      shown.dismiss();
      const restored = await ctx.api.undoDelete();
      await afterUndo(restored);
    });
    const entry = { run: undo };
    state.lastUndo = entry;
    const shown = ctx.toast(message, { action: { label: 'Undo', run: undo } });
  }

  const removeRoster = guard(async (id) => {
    const roster = state.rosters.find((r) => r.id === id);
    if (!roster) return;
    await ctx.api.deleteRoster(roster.id);
    const at = state.rosters.indexOf(roster);
    state.rosters = state.rosters.filter((r) => r.id !== roster.id);
    await selectRoster((state.rosters[at] ?? state.rosters[at - 1])?.id ?? null);
    rostersChanged();
    sidebar.focusCurrent();
    const what = roster.character_count ? ` and its ${countText(roster.character_count)}` : '';
    offerUndo(`Deleted the roster “${isolated(roster.name)}”${what}.`, async (restored) => {
      await loadRosters(restored.rosters[0] ?? null);
      rostersChanged();
      sidebar.focusCurrent();
      ctx.toast(`Restored the roster “${isolated(roster.name)}”.`);
    });
  });

  const houseRules = guard(async () => {
    const roster = state.roster;
    if (!roster) return;
    const saved = await editHouseRules(roster, ctx);
    if (!saved) return;
    await loadRosters();
    // The sheet reads the level list from the roster: open it again with the new rules.
    const open = sheetArea.current();
    if (open && state.roster?.id === roster.id) await openCharacter(open);
  });

  const runExport = guard((selection) => exportFlow(selection, ctx));
  /** Prints `ids` of the open roster (in roster order), or all of it when empty. */
  const runPrint = guard((ids) => {
    if (!state.roster) return null;
    const chosen = state.characters.filter((c) => ids.includes(c.id));
    return printFlow({ roster: state.roster, characterIds: chosen.map((c) => c.id), names: chosen.map((c) => c.name) }, ctx);
  });

  const newCharacter = guard(async () => {
    if (!state.roster) {
      ctx.toast('Make a roster first: characters live in a roster.');
      return;
    }
    const character = await newCharacterDialog(doc, ctx, state.roster);
    if (!character) return;
    await refresh();
    charactersChanged(state.roster?.id);
    await openCharacter(character);
  });

  const removeCharacters = guard(async (ids) => {
    if (!ids.length || !state.roster) return;
    const names = state.characters.filter((c) => ids.includes(c.id)).map((c) => c.name);
    const count = await ctx.api.deleteCharacters(ids);
    if (ids.includes(sheetArea.openId())) {
      sheetArea.close();
      list.setOpen(null);
    }
    list.clearSelection();
    await refresh();
    charactersChanged(state.roster?.id);
    list.focusList();
    const what = names.length === 1 ? `“${isolated(names[0])}”` : countText(count);
    offerUndo(`Deleted ${what}.`, async (restored) => {
      await refresh();
      charactersChanged(state.roster?.id);
      list.setSelection(restored.characters);
      ctx.toast(`Restored ${restored.characters.length === 1 ? what : countText(restored.characters.length)}.`);
    });
  });

  const moveSelected = guard(async () => {
    const ids = [...state.selected];
    const target = await pickMoveTarget(doc, { ids, roster: state.roster, rosters: state.rosters, systemName });
    if (!target) return;
    await ctx.api.moveCharacters(ids, target.id);
    if (ids.includes(sheetArea.openId())) {
      sheetArea.close();
      list.setOpen(null);
    }
    list.clearSelection();
    await refresh();
    // Both rosters' lists changed.
    charactersChanged(null);
    ctx.toast(`Moved ${countText(ids.length)} to “${isolated(target.name)}”.`);
  });

  const tagSelected = guard(async () => {
    const ids = [...state.selected];
    const done = await tagDialog(doc, {
      ids,
      limits: ctx.catalog?.text_limits,
      suggestions: allTags(state.characters),
      tag: (add, remove) => ctx.api.tagCharacters(ids, add, remove),
    });
    if (!done) return;
    await loadCharacters();
    ctx.toast(done.added ? `Tagged ${countText(ids.length)} “${done.tag}”.` : `Removed the tag “${done.tag}” from ${countText(ids.length)}.`);
  });

  const duplicateSelected = guard(async () => {
    const ids = [...state.selected];
    const copies = [];
    for (const id of ids) copies.push(await ctx.api.duplicateCharacter(id));
    await refresh();
    charactersChanged(state.roster?.id);
    list.setSelection(copies.map((c) => c.id));
    ctx.toast(`Made ${copies.length === 1 ? `a copy of “${isolated(state.characters.find((c) => c.id === ids[0])?.name ?? 'it')}”` : `copies of ${countText(copies.length)}`}.`);
  });

  /** A search hit picked: its roster opens on the Rosters tab, then its sheet. */
  const openHit = guard(async (hit) => {
    emit('view', { name: 'rosters' });
    if (state.roster?.id !== hit.roster_id) {
      if (!state.rosters.some((r) => r.id === hit.roster_id)) await loadRosters();
      await selectRoster(hit.roster_id);
    }
    await openCharacter(hit);
    list.focusRow(hit.id);
  });

  function openSearch() {
    return openSearchDialog(doc, ctx, { open: openHit, systemName });
  }

  // What other areas change.
  ctx.bus.addEventListener('rosters-changed', guard(async () => {
    if (!announcing) await refresh();
  }));
  ctx.bus.addEventListener('characters-changed', guard(async (event) => {
    if (announcing) return;
    const id = /** @type {CustomEvent} */ (event).detail?.roster_id;
    if (!id || id === state.roster?.id) await refresh();
    else await loadRosters();
  }));
  ctx.bus.addEventListener('character-saved', (event) => {
    const saved = /** @type {CustomEvent} */ (event).detail?.character;
    if (!saved || saved.roster_id !== state.roster?.id) return;
    state.characters = state.characters.map((c) => (c.id === saved.id ? saved : c));
    list.updateCharacter(saved);
  });

  // Shortcuts.
  const inPane = (event) => pane.contains(event.target) && !isTextField(event.target);
  const inSheet = (event) => sheetArea.element.contains(event.target);
  const showRosters = () => emit('view', { name: 'rosters' });
  const { register } = ctx.shortcuts;
  register({ keys: 'Ctrl+N', label: 'New character', group: 'Rosters', run: () => { showRosters(); newCharacter(); } });
  register({ keys: 'Ctrl+Shift+N', label: 'New roster', group: 'Rosters', run: () => { showRosters(); newRoster(); } });
  register({ keys: ['Ctrl+K', '/'], label: 'Search characters and saved rolls in every roster', group: 'Rosters', run: () => openSearch() });
  // With nothing focused, Ctrl+A selected the page's text: on the Rosters tab it selects the
  // characters shown, on another tab nothing.
  const nothingFocused = (event) => event.target === doc.body || event.target === doc.documentElement;
  const rostersShown = () => layout.getClientRects().length > 0;
  register({
    keys: 'Ctrl+A',
    label: 'Select every character shown',
    group: 'Rosters',
    when: (e) => inPane(e) || nothingFocused(e),
    run: (e) => {
      if (inPane(e) || (state.roster && rostersShown())) list.selectAllShown();
    },
  });
  // Delete takes the selection, or else the character whose row has the focus.
  const toDelete = (event) => (state.selected.length ? state.selected : [event.target.closest?.('.character-row')?.dataset.id].filter(Boolean));
  register({ keys: 'Delete', label: 'Delete the selected characters', group: 'Rosters', when: (e) => inPane(e) && toDelete(e).length > 0, run: (e) => removeCharacters(toDelete(e)) });
  // Ctrl+P prints the selection, else the open character, else the whole roster.
  const toPrint = () => (state.selected.length ? state.selected : [ctx.state.character?.id].filter((id) => id && state.characters.some((c) => c.id === id)));
  register({ keys: 'Ctrl+P', label: 'Print the selected characters (or the open one, or the roster)', group: 'Rosters', when: () => Boolean(state.roster), run: () => { showRosters(); runPrint(toPrint()); } });
  ctx.shortcuts.describe({ keys: 'Ctrl+Shift+Z', label: 'Redo the last undone sheet edit', group: 'Rosters' });
  ctx.shortcuts.describe({ keys: ['Up', 'Down'], label: 'Move through the rosters or the characters', group: 'Lists' });
  ctx.shortcuts.describe({ keys: 'Space', label: 'Select or unselect the character (Shift+arrows: a range)', group: 'Lists' });
  ctx.shortcuts.describe({ keys: 'F2', label: 'Rename the roster (Delete deletes it)', group: 'Lists' });
  register({
    keys: 'Ctrl+Z',
    label: 'Undo the last delete (in a sheet: its last edit)',
    group: 'Rosters',
    inText: false,
    when: (e) => !inSheet(e) && state.lastUndo !== null,
    run: () => state.lastUndo?.run(),
  });
  ctx.shortcuts.describe({ keys: 'Esc', label: 'Close the dialog', group: 'Lists' });

  // First load: the systems (for names and the New roster dialog), then the rosters.
  guard(async () => {
    state.systems = systemsOf(await ctx.api.catalog());
  })()
    .then(() => guard(() => loadRosters(rosterId))())
    .finally(() => layout.setAttribute('aria-busy', 'false'));

  return { openSearch, newCharacter, newRoster };
}
