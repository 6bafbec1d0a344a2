// The character list of a roster: filter box, sort, the rows (pc/npc badge, tags as chips),
// and multi-select with checkboxes, Ctrl/Shift-click and Ctrl+A. Which rows show, in which
// order, and what is selected are worked out by the pure list-model and selection modules.

import { el } from '../dom.js';
import { debounce } from '../timing.js';
import { nextIndex } from './list-nav.js';
import { SORTS, visibleCharacters } from './list-model.js';
import { characterCount } from './sidebar.js';
import { EMPTY_SELECTION, clickSelection, coverage, isSelected, keepShown, selectAll } from './selection.js';

const FILTER_DELAY_MS = 80;
const KIND_TEXT = { pc: 'PC', npc: 'NPC' };

const editedFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "22 Nov, 14:03" for a character's last edit (shown when sorting by it). */
export function editedText(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : editedFormat.format(date);
}

/**
 * handlers: `open(character)`, `create()`, `selectionChanged(ids)`, `remove(ids)`.
 * Returns `{tools, head, list, status, empty, setCharacters, setOpen, selectedIds, setSelection,
 * clearSelection, selectAllShown, focusRow}`; the pane places the parts.
 */
export function createCharacterList(doc, handlers) {
  const view = { characters: [], shown: [], filter: '', sort: 'name', selection: EMPTY_SELECTION, openId: null, rosterName: '' };

  const filter = el(doc, 'input', { type: 'search', id: 'character-filter', className: 'text-input filter-input', 'aria-label': 'Filter characters', placeholder: 'Filter characters', spellcheck: 'false', 'aria-controls': 'character-list' });
  const sort = el(doc, 'select', { id: 'character-sort', 'aria-label': 'Sort characters by' }, SORTS.map((s) => el(doc, 'option', { value: s.id, text: s.label })));
  const create = el(doc, 'button', { type: 'button', className: 'button primary new-character', id: 'new-character', 'aria-keyshortcuts': 'Control+N', title: 'New character (Ctrl+N)' }, [
    el(doc, 'span', { 'aria-hidden': 'true', text: '+ ' }), 'New character',
  ]);
  // The options say what they sort by ("By name"), so the select needs no visible label.
  const tools = el(doc, 'div', { className: 'list-tools' }, [filter, sort, create]);

  const selectAllBox = el(doc, 'input', { type: 'checkbox', id: 'select-all', 'aria-label': 'Select every character shown', 'aria-keyshortcuts': 'Control+A' });
  const count = el(doc, 'span', { className: 'list-count', id: 'list-count' });
  const head = el(doc, 'div', { className: 'list-head' }, [el(doc, 'label', { className: 'select-all' }, [selectAllBox]), count]);
  const list = el(doc, 'ul', { className: 'character-list', id: 'character-list', 'aria-label': 'Characters' });
  const empty = el(doc, 'div', { className: 'empty list-empty', hidden: true });
  const status = el(doc, 'p', { className: 'visually-hidden', role: 'status', id: 'list-status' });

  // A short pause after typing before the list is drawn again: a big roster is not redrawn
  // for every key of a word.
  const applyFilter = debounce(() => {
    view.filter = filter.value;
    render();
    status.textContent = view.filter.trim() ? `${view.shown.length} of ${characterCount(view.characters.length)} shown.` : '';
  }, FILTER_DELAY_MS);
  filter.addEventListener('input', applyFilter);
  filter.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && view.shown.length) {
      event.preventDefault();
      focusRow(view.shown[0].id);
    }
  });
  sort.addEventListener('change', () => {
    view.sort = sort.value;
    render();
  });
  create.addEventListener('click', () => handlers.create());
  selectAllBox.addEventListener('change', () => {
    setSelection(coverage(view.selection, shownIds()) === 'all' ? EMPTY_SELECTION : selectAll(shownIds()));
  });

  const shownIds = () => view.shown.map((c) => c.id);
  const rowButtons = () => [...list.querySelectorAll('.row-open')];

  list.addEventListener('click', (event) => {
    const row = event.target.closest('.character-row');
    if (!row) return;
    const id = row.dataset.id;
    if (event.target.matches('.row-check')) {
      // The checkbox already flipped itself; the selection decides what every box shows.
      setSelection(clickSelection(view.selection, shownIds(), id, { shift: event.shiftKey }));
      return;
    }
    if (!event.target.closest('.row-open')) return;
    if (event.shiftKey || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      setSelection(clickSelection(view.selection, shownIds(), id, { shift: event.shiftKey }));
      return;
    }
    const character = view.characters.find((c) => c.id === id);
    if (character) handlers.open(character);
  });
  list.addEventListener('keydown', (event) => {
    const button = event.target.closest('.row-open');
    if (!button || event.ctrlKey || event.metaKey || event.altKey) return;
    const buttons = rowButtons();
    const at = buttons.indexOf(button);
    const to = nextIndex(event.key, at, buttons.length);
    if (to !== null) {
      event.preventDefault();
      buttons[to].focus();
      setRoving(buttons[to]);
      // Shift+arrows grow the selection as in a file list.
      if (event.shiftKey) setSelection(clickSelection({ ...view.selection, anchor: view.selection.anchor ?? button.closest('.character-row').dataset.id }, shownIds(), buttons[to].closest('.character-row').dataset.id, { shift: true }));
    } else if (event.key === ' ') {
      event.preventDefault();
      setSelection(clickSelection(view.selection, shownIds(), button.closest('.character-row').dataset.id));
    } else if (event.key === 'Escape' && view.selection.ids.length) {
      event.preventDefault();
      setSelection(EMPTY_SELECTION);
    }
  });

  function setRoving(target) {
    for (const button of rowButtons()) button.tabIndex = button === target ? 0 : -1;
  }

  function chips(tags) {
    return el(doc, 'span', { className: 'chips' }, tags.map((tag) => el(doc, 'span', { className: 'chip', text: tag })));
  }

  function row(character) {
    const selected = isSelected(view.selection, character.id);
    const open = character.id === view.openId;
    const check = el(doc, 'input', { type: 'checkbox', className: 'row-check', 'aria-label': `Select ${character.name}`, checked: selected });
    check.checked = selected;
    const kind = KIND_TEXT[character.kind] ?? character.kind;
    const edited = view.sort === 'updated' ? editedText(character.updated_at) : '';
    const button = el(doc, 'button', {
      type: 'button',
      className: 'row-open',
      tabindex: '-1',
      'aria-current': open ? 'true' : null,
      // Named by what it shows: name, PC/NPC, player, tags (an aria-label in other words than
      // the row's failed axe's label-content-name-mismatch).
      title: 'Open the sheet (Ctrl-click or Shift-click selects)',
    }, [
      el(doc, 'span', { className: 'row-line' }, [
        el(doc, 'span', { className: 'row-name', text: character.name }),
        el(doc, 'span', { className: `kind-badge kind-${character.kind}`, text: kind }),
      ]),
      el(doc, 'span', { className: 'row-line row-sub' }, [
        el(doc, 'span', { className: `row-player${character.player ? '' : ' none'}`, text: character.player || 'no player' }),
        chips(character.tags),
        edited ? el(doc, 'span', { className: 'row-edited', text: edited }) : '',
      ]),
    ]);
    return el(doc, 'li', { className: `character-row${selected ? ' selected' : ''}${open ? ' open' : ''}`, 'data-id': character.id }, [check, button]);
  }

  function render() {
    const focusedId = list.contains(doc.activeElement) ? doc.activeElement.closest('.character-row')?.dataset.id : null;
    view.shown = visibleCharacters(view.characters, { filter: view.filter, sort: view.sort });
    const kept = keepShown(view.selection, shownIds());
    if (kept !== view.selection) {
      view.selection = kept;
      handlers.selectionChanged(kept.ids);
    }
    list.replaceChildren(...view.shown.map(row));
    list.setAttribute('aria-label', `Characters of ${view.rosterName}`);
    const roving = list.querySelector(`[data-id="${focusedId ?? view.openId}"] .row-open`) ?? list.querySelector('.row-open');
    if (roving) roving.tabIndex = 0;
    if (focusedId) focusRow(focusedId);

    const state = coverage(view.selection, shownIds());
    selectAllBox.checked = state === 'all';
    selectAllBox.indeterminate = state === 'some';
    selectAllBox.disabled = view.shown.length === 0;
    count.textContent = view.filter.trim() ? `${view.shown.length} of ${characterCount(view.characters.length)}` : characterCount(view.characters.length);
    list.hidden = view.shown.length === 0;
    empty.hidden = view.shown.length > 0;
    if (!view.characters.length) {
      empty.replaceChildren(el(doc, 'p', { text: `No characters in ${view.rosterName} yet.` }), el(doc, 'p', {}, ['Press ', el(doc, 'kbd', { text: 'Ctrl N' }), ' or New character to make one.']));
    } else {
      empty.replaceChildren(el(doc, 'p', { text: `No character matches “${view.filter.trim()}”.` }));
    }
  }

  function setSelection(selection) {
    view.selection = keepShown(selection, shownIds());
    for (const item of list.children) {
      const on = isSelected(view.selection, item.dataset.id);
      item.classList.toggle('selected', on);
      item.querySelector('.row-check').checked = on;
    }
    const state = coverage(view.selection, shownIds());
    selectAllBox.checked = state === 'all';
    selectAllBox.indeterminate = state === 'some';
    handlers.selectionChanged(view.selection.ids);
  }

  function focusRow(id) {
    const button = list.querySelector(`[data-id="${id}"] .row-open`);
    if (!button) return false;
    setRoving(button);
    button.focus();
    return true;
  }

  return {
    tools,
    head,
    list,
    empty,
    status,
    filterInput: filter,
    /** New data (a roster opened, characters changed); `resetView` also clears filter and selection. */
    setCharacters(characters, { rosterId = null, rosterName, resetView = false }) {
      view.characters = characters;
      // Which roster the rows are of (tests wait on it after switching rosters).
      if (rosterId) list.dataset.rosterId = rosterId;
      view.rosterName = rosterName;
      if (resetView) {
        applyFilter.cancel();
        view.filter = '';
        filter.value = '';
        view.selection = EMPTY_SELECTION;
        handlers.selectionChanged([]);
      }
      render();
    },
    /**
     * One character changed (the sheet saved it): only its row is drawn again, unless it now
     * sorts elsewhere or leaves the filter (autosave runs as the GM types; a big roster must
     * not be redrawn for every pause).
     */
    updateCharacter(saved) {
      view.characters = view.characters.map((c) => (c.id === saved.id ? saved : c));
      const before = shownIds();
      const after = visibleCharacters(view.characters, { filter: view.filter, sort: view.sort });
      const old = list.querySelector(`.character-row[data-id="${saved.id}"]`);
      if (!old || after.length !== before.length || after.some((c, i) => c.id !== before[i])) {
        render();
        return;
      }
      view.shown = after;
      const hadFocus = old.contains(doc.activeElement);
      const tabIndex = old.querySelector('.row-open').tabIndex;
      const fresh = row(saved);
      fresh.querySelector('.row-open').tabIndex = tabIndex;
      old.replaceWith(fresh);
      if (hadFocus) fresh.querySelector('.row-open').focus();
    },
    setOpen(id) {
      view.openId = id;
      for (const item of list.children) {
        const open = item.dataset.id === id;
        item.classList.toggle('open', open);
        const button = item.querySelector('.row-open');
        if (open) button.setAttribute('aria-current', 'true');
        else button.removeAttribute('aria-current');
      }
    },
    selectedIds: () => [...view.selection.ids],
    /** Selects exactly these ids (those shown). */
    setSelection: (ids) => setSelection({ ids, anchor: ids[0] ?? null }),
    clearSelection: () => setSelection(EMPTY_SELECTION),
    selectAllShown: () => setSelection(selectAll(shownIds())),
    focusRow,
    /** The row to focus: the open one, else the first. */
    focusList: () => focusRow(view.openId) || (view.shown[0] ? focusRow(view.shown[0].id) : false),
  };
}
