// The Saved rolls list beside Quick roll (issue 29): a roster's own rolls in dice notation,
// each rolled with one click (logged in the roster), made from the current notation with one
// key (Ctrl+S), edited, moved (Alt+Up / Alt+Down, or its arrows) and deleted (with Undo). The
// rules (names unique ignoring case, the notation's checks, the limits) are the store's; a
// refusal is shown where it belongs. At most 200 rows (FORMAT.md's limit), so the list is a plain
// one rather than a virtual list.

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { editSavedRoll } from './saved-roll-dialog.js';
import { movedIndex, rollLine, rolledText } from './saved-rolls-model.js';

/** @typedef {import('../../types/bindings').SavedRoll} SavedRoll */
/** @typedef {import('../../types/bindings').Roster} Roster */

/**
 * Fills `root` (a panel) with the list; `hook` is the notation seam (`notation-hook.js`).
 * Returns `{refresh(), show(rollId)}`.
 */
export function mountSavedRolls(root, ctx, hook) {
  const doc = root.ownerDocument;
  const state = { rosters: /** @type {Roster[]} */ ([]), rosterId: /** @type {string | null} */ (null), rolls: /** @type {SavedRoll[]} */ ([]), busy: false };

  const picker = el(doc, 'select', { id: 'saved-rolls-roster', 'aria-label': 'Roster the saved rolls are kept in' });
  const save = el(doc, 'button', { type: 'button', className: 'button', id: 'save-roll', 'aria-keyshortcuts': 'Control+S', title: 'Save the notation to the list (Ctrl+S)' }, [
    'Save roll ', el(doc, 'kbd', { 'aria-hidden': 'true', text: 'Ctrl+S' }),
  ]);
  const error = el(doc, 'p', { className: 'field-error', id: 'saved-error', role: 'alert', hidden: true });
  const list = el(doc, 'ol', { className: 'saved-list', id: 'saved-rolls-list', 'aria-label': 'Saved rolls' });
  const empty = el(doc, 'p', { className: 'empty', id: 'saved-empty' });
  const status = el(doc, 'p', { className: 'saved-status', id: 'saved-status', role: 'status' });
  root.replaceChildren(
    el(doc, 'div', { className: 'saved-head' }, [el(doc, 'h2', { className: 'panel-title', id: 'saved-rolls-title', text: 'Saved rolls' }), picker]),
    ...(hook.element ? [hook.element] : []),
    el(doc, 'div', { className: 'saved-actions' }, [save, error]),
    el(doc, 'div', { className: 'saved-scroll scroll-shadows' }, [list, empty]),
    status,
  );

  const roster = () => state.rosters.find((r) => r.id === state.rosterId) ?? null;
  const showError = (text) => {
    error.textContent = text ?? '';
    error.hidden = !text;
  };
  const failed = (caught) => showError(ctx.api.toCommandError(caught).message);

  /** Runs one change at a time; its refusal shows above the list. */
  async function change(work) {
    if (state.busy) return;
    state.busy = true;
    root.setAttribute('aria-busy', 'true');
    try {
      showError(null);
      await work();
    } catch (caught) {
      failed(caught);
    } finally {
      state.busy = false;
      root.removeAttribute('aria-busy');
    }
  }

  function render(focusId = null) {
    const name = roster()?.name;
    list.setAttribute('aria-label', name ? `Saved rolls of ${name}` : 'Saved rolls');
    list.replaceChildren(...state.rolls.map((roll, index) => row(roll, index)));
    empty.hidden = state.rolls.length > 0;
    empty.textContent = !name
      ? 'Make a roster first: saved rolls are kept with one.'
      : 'No saved rolls yet. Type a notation and press Ctrl+S to keep it here.';
    save.disabled = !name;
    if (focusId) list.querySelector(`[data-id="${focusId}"] .saved-roll-button`)?.focus();
  }

  function row(roll, index) {
    const lineId = `saved-line-${roll.id}`;
    const button = el(doc, 'button', {
      type: 'button', className: 'saved-roll-button', 'aria-describedby': lineId,
      'aria-keyshortcuts': 'Alt+ArrowUp Alt+ArrowDown F2 Delete', title: `Roll ${isolated(roll.name)} (Alt+↑/↓ moves it, F2 edits, Delete deletes)`,
    }, [
      el(doc, 'span', { className: 'saved-name', text: roll.name }),
      el(doc, 'span', { className: 'saved-line mono', id: lineId, text: rollLine(roll) }),
    ]);
    const tool = (action, text, label, disabled = false) => {
      const node = el(doc, 'button', { type: 'button', className: `icon-button saved-${action}`, 'data-action': action, 'aria-label': `${label} ${isolated(roll.name)}`, title: label, disabled, text });
      node.addEventListener('click', () => act(action, roll, index));
      return node;
    };
    button.addEventListener('click', () => act('roll', roll, index));
    button.addEventListener('keydown', (event) => {
      const key = event.altKey ? `Alt+${event.key}` : event.key;
      const action = { 'Alt+ArrowUp': 'up', 'Alt+ArrowDown': 'down', F2: 'edit', Delete: 'delete' }[key];
      if (action) {
        event.preventDefault();
        act(action, roll, index);
      } else if (!event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        event.preventDefault();
        const buttons = [...list.querySelectorAll('.saved-roll-button')];
        buttons[index + (event.key === 'ArrowUp' ? -1 : 1)]?.focus();
      }
    });
    return el(doc, 'li', { className: 'saved-roll', 'data-id': roll.id, 'data-name': roll.name }, [
      button,
      el(doc, 'span', { className: 'saved-tools' }, [
        tool('edit', '✎', 'Edit'),
        tool('up', '↑', 'Move up', index === 0),
        tool('down', '↓', 'Move down', index === state.rolls.length - 1),
        tool('delete', '×', 'Delete'),
      ]),
    ]);
  }

  function act(action, roll, index) {
    if (action === 'roll') return change(() => rollIt(roll));
    if (action === 'edit') return change(() => edit(roll));
    if (action === 'delete') return change(() => remove(roll, index));
    const to = movedIndex(index, action === 'up' ? -1 : 1, state.rolls.length);
    if (to === null) return undefined;
    return change(async () => {
      state.rolls = await ctx.api.moveSavedRoll(roll.id, to);
      render(roll.id);
      status.textContent = `Moved ${isolated(roll.name)} to place ${to + 1} of ${state.rolls.length}.`;
    });
  }

  async function rollIt(roll) {
    const { result } = await ctx.api.rollSaved(roll.id);
    status.textContent = rolledText(roll, result);
    status.title = result.detail;
    hook.rolled(roll, result);
    ctx.emit('log-changed');
  }

  async function edit(roll) {
    const changed = await editSavedRoll(doc, ctx, roll);
    if (!changed) return;
    state.rolls = state.rolls.map((r) => (r.id === changed.id ? changed : r));
    render(changed.id);
    status.textContent = `Saved ${isolated(changed.name)}.`;
  }

  async function remove(roll, index) {
    const gone = await ctx.api.deleteSavedRoll(roll.id);
    await load();
    list.querySelectorAll('.saved-roll-button')[Math.min(index, state.rolls.length - 1)]?.focus();
    ctx.toast(`Deleted the saved roll ${isolated(gone.name)}.`, {
      action: {
        label: 'Undo',
        run: () => change(async () => {
          const { name, expr, values, target, notes } = gone;
          const back = await ctx.api.createSavedRoll(gone.roster_id, { name, expr, values, target, notes });
          state.rolls = await ctx.api.moveSavedRoll(back.id, index);
          if (state.rosterId === gone.roster_id) render(back.id);
        }),
      },
    });
  }

  /** Ctrl+S: the notation shown now, saved last in the list under its own text as a name. */
  function saveCurrent() {
    return change(async () => {
      if (!roster()) throw new Error('Make a roster first: saved rolls are kept with one.');
      const read = hook.get();
      if (!read) {
        showError('Type a notation first (8d6, 4d6kh3, d20+@bonus), then press Ctrl+S.');
        return;
      }
      if ('error' in read) {
        showError(read.error);
        read.input.focus();
        return;
      }
      const { notation } = read;
      // No name: the store names it after its notation, apart from the names the roster has.
      const saved = await ctx.api.createSavedRoll(state.rosterId, { name: '', ...notation, notes: '' });
      state.rolls = [...state.rolls, saved];
      render();
      status.textContent = `Saved ${isolated(saved.name)} to ${isolated(roster()?.name ?? '')}. F2 on it renames it.`;
    });
  }

  async function load() {
    if (!state.rosterId) {
      state.rolls = [];
      render();
      return;
    }
    state.rolls = await ctx.api.savedRolls(state.rosterId);
    render();
  }

  async function refresh() {
    const listed = await ctx.api.rosters();
    state.rosters = listed.rosters;
    if (!state.rosters.some((r) => r.id === state.rosterId)) state.rosterId = ctx.state.roster?.id ?? state.rosters[0]?.id ?? null;
    picker.replaceChildren(...state.rosters.map((r) => el(doc, 'option', { value: r.id, text: r.name })));
    picker.value = state.rosterId ?? '';
    picker.disabled = state.rosters.length === 0;
    await load();
  }

  /** Shows `roll` (a search picked it): its roster's list, the roll focused. */
  async function show(roll) {
    if (state.rosterId !== roll.roster_id) {
      state.rosterId = roll.roster_id;
      picker.value = roll.roster_id;
      await load();
    }
    const button = list.querySelector(`[data-id="${roll.id}"] .saved-roll-button`);
    button?.scrollIntoView({ block: 'nearest' });
    button?.focus();
  }

  picker.addEventListener('change', () => change(async () => {
    state.rosterId = picker.value;
    await load();
  }));
  save.addEventListener('click', saveCurrent);
  const quiet = (work) => () => work().catch(failed);
  // A roster made, renamed or deleted, or an import (which may bring saved rolls with it).
  ctx.bus.addEventListener('rosters-changed', quiet(refresh));
  ctx.bus.addEventListener('roster-selected', quiet(async () => {
    const id = ctx.state.roster?.id;
    if (id && id !== state.rosterId && state.rosters.some((r) => r.id === id)) {
      state.rosterId = id;
      picker.value = id;
      await load();
    }
  }));
  ctx.bus.addEventListener('saved-roll-picked', (event) => {
    const roll = /** @type {CustomEvent} */ (event).detail?.roll;
    if (roll) show(roll).catch(failed);
  });
  ctx.shortcuts.register({
    keys: 'Ctrl+S', label: 'Save the notation to the saved rolls', group: 'Quick roll', inText: true,
    when: () => !root.closest('[hidden]'), run: saveCurrent,
  });
  ctx.shortcuts.describe({ keys: ['Alt+Up', 'Alt+Down'], label: 'Move the saved roll up or down', group: 'Quick roll' });
  ctx.shortcuts.describe({ keys: 'F2', label: 'Edit the saved roll', group: 'Quick roll' });

  refresh().catch(failed);
  return { refresh, show };
}
