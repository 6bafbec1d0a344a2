// The character list of a roster: filter box, sort, the rows (pc/npc badge, tags as chips),
// and multi-select with checkboxes, Ctrl/Shift-click and Ctrl+A. Which rows show, in which
// order, and what is selected are worked out by the pure list-model and selection modules.
// The list is virtual (virtual-list.js): of 10,000 characters only the rows in sight are in
// the page, so everything here works on `view.shown` (the list's order) and touches only the
// rows drawn; each row tells a screen reader its place (aria-posinset of aria-setsize).

import { el } from '../dom.js';
import { debounce } from '../timing.js';
import { createVirtualList } from '../virtual-list.js';
import { nextIndex } from './list-nav.js';
import { comparator, filterable, filterCharacters, filterPrepared, filterTexts, SORTS, sortCharacters } from './list-model.js';
import { characterCount } from './sidebar.js';
import { EMPTY_SELECTION, clickSelection, coverage, isSelected, keepShown, selectAll } from './selection.js';
import { isolated } from '../format.js';

const ANNOUNCE_DELAY_MS = 80;
const KIND_TEXT = { pc: 'PC', npc: 'NPC' };
/** A row's height (px) before it is measured: two lines of text. */
const ROW_ESTIMATE = 52;

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
  // `sorted` is every character in the sort's order, folded for the filter (list-model's
  // `filterable`), worked out again only when the characters or the sort change: a filter
  // keystroke then only filters (sorting 10,000 names with the collator takes longer than a
  // frame). `rovingId` is the row Tab reaches and the keys move from.
  const view = { characters: [], sorted: filterable([]), sortedOf: null, sortedBy: null, shown: [], filter: '', sort: 'name', selection: EMPTY_SELECTION, openId: null, rovingId: null, rosterName: '' };

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

  // Every key redraws the list at once (only the rows in sight are drawn, so even 10,000
  // characters filter within a frame); how many are shown is said once typing pauses, so a
  // screen reader does not read out every step of a word.
  const announce = debounce(() => {
    status.textContent = view.filter.trim() ? `${view.shown.length} of ${characterCount(view.characters.length)} shown.` : '';
  }, ANNOUNCE_DELAY_MS);
  filter.addEventListener('input', () => {
    view.filter = filter.value;
    render();
    announce();
  });
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
  const indexOf = (id) => view.shown.findIndex((c) => c.id === id);

  const virtual = createVirtualList({
    scroller: list,
    items: list,
    estimate: ROW_ESTIMATE,
    renderRow: (index) => row(view.shown[index], index),
    focusTarget: (item) => item.querySelector('.row-open'),
    drawn: () => syncRoving(),
  });

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
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const button = event.target.closest('.row-open');
    // The focus waits on the list itself when its row scrolled out of the page: the keys go on
    // from that row.
    const fromId = button ? button.closest('.character-row').dataset.id : event.target === list ? view.rovingId : null;
    if (!button && event.target !== list) return;
    const at = fromId === null ? -1 : indexOf(fromId);
    const to = nextIndex(event.key, at, view.shown.length, virtual.pageSize());
    if (to !== null) {
      event.preventDefault();
      const toId = view.shown[to].id;
      focusRow(toId);
      // Shift+arrows grow the selection as in a file list.
      if (event.shiftKey && fromId !== null) setSelection(clickSelection({ ...view.selection, anchor: view.selection.anchor ?? fromId }, shownIds(), toId, { shift: true }));
    } else if (event.key === ' ' && at >= 0) {
      event.preventDefault();
      setSelection(clickSelection(view.selection, shownIds(), fromId));
    } else if (event.key === 'Escape' && view.selection.ids.length) {
      event.preventDefault();
      setSelection(EMPTY_SELECTION);
    }
  });

  // A row focused by a click (or Tab) is the one the keys go on from.
  list.addEventListener('focusin', (event) => {
    const id = event.target.closest?.('.character-row')?.dataset.id;
    if (id && id !== view.rovingId) setRoving(id);
  });

  /** Tab reaches the roving row, or (while it is scrolled out of the page) the first row drawn. */
  function syncRoving() {
    const drawn = virtual.entries();
    const target = drawn.some(([index]) => view.shown[index]?.id === view.rovingId) ? view.rovingId : view.shown[drawn[0]?.[0]]?.id;
    for (const [, item] of drawn) item.querySelector('.row-open').tabIndex = item.dataset.id === target ? 0 : -1;
  }

  function setRoving(id) {
    view.rovingId = id;
    syncRoving();
  }

  function chips(tags) {
    return el(doc, 'span', { className: 'chips' }, tags.map((tag) => el(doc, 'span', { className: 'chip', text: tag })));
  }

  function row(character, index) {
    const selected = isSelected(view.selection, character.id);
    const open = character.id === view.openId;
    const check = el(doc, 'input', { type: 'checkbox', className: 'row-check', 'aria-label': `Select ${isolated(character.name)}`, checked: selected });
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
    return el(doc, 'li', {
      className: `character-row${selected ? ' selected' : ''}${open ? ' open' : ''}`,
      'data-id': character.id,
      'aria-setsize': view.shown.length,
      'aria-posinset': index + 1,
    }, [check, button]);
  }

  /** The characters the list shows, in order: sorted once per data and sort, filtered per keystroke. */
  function computeShown() {
    if (view.sortedOf !== view.characters || view.sortedBy !== view.sort) {
      view.sorted = filterable(sortCharacters(view.characters, view.sort));
      view.sortedOf = view.characters;
      view.sortedBy = view.sort;
    }
    view.shown = filterPrepared(view.sorted, view.filter);
  }

  /** The row holding the focus (or whose focus waits on the list while it is scrolled out). */
  function focusedId() {
    if (!list.contains(doc.activeElement)) return null;
    return doc.activeElement === list ? view.rovingId : doc.activeElement.closest('.character-row')?.dataset.id ?? null;
  }

  function render() {
    const hadFocus = focusedId();
    computeShown();
    const ids = shownIds();
    const kept = keepShown(view.selection, ids);
    if (kept !== view.selection) {
      view.selection = kept;
      handlers.selectionChanged(kept.ids);
    }
    list.setAttribute('aria-label', `Characters of ${isolated(view.rosterName)}`);
    const isShown = (id) => id !== null && view.shown.some((c) => c.id === id);
    view.rovingId = [hadFocus, view.openId].find(isShown) ?? view.shown[0]?.id ?? null;
    list.hidden = view.shown.length === 0;
    virtual.setCount(view.shown.length);
    if (hadFocus && isShown(hadFocus)) focusRow(hadFocus);

    const state = coverage(view.selection, ids);
    selectAllBox.checked = state === 'all';
    selectAllBox.indeterminate = state === 'some';
    selectAllBox.disabled = view.shown.length === 0;
    count.textContent = view.filter.trim() ? `${view.shown.length} of ${characterCount(view.characters.length)}` : characterCount(view.characters.length);
    empty.hidden = view.shown.length > 0;
    if (!view.characters.length) {
      empty.replaceChildren(el(doc, 'p', { text: `No characters in ${isolated(view.rosterName)} yet.` }), el(doc, 'p', {}, ['Press ', el(doc, 'kbd', { text: 'Ctrl N' }), ' or New character to make one.']));
    } else {
      empty.replaceChildren(el(doc, 'p', { text: `No character matches “${view.filter.trim()}”.` }));
    }
  }

  function setSelection(selection) {
    view.selection = keepShown(selection, shownIds());
    const chosen = new Set(view.selection.ids);
    for (const [, item] of virtual.entries()) {
      const on = chosen.has(item.dataset.id);
      item.classList.toggle('selected', on);
      item.querySelector('.row-check').checked = on;
    }
    const state = coverage(view.selection, shownIds());
    selectAllBox.checked = state === 'all';
    selectAllBox.indeterminate = state === 'some';
    handlers.selectionChanged(view.selection.ids);
  }

  /** Scrolls the character's row into sight and focuses it; false when it is not shown. */
  function focusRow(id) {
    const item = virtual.scrollToIndex(indexOf(id));
    if (!item) return false;
    setRoving(id);
    item.querySelector('.row-open').focus({ preventScroll: true });
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
        announce.cancel();
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
      const before = view.characters.find((c) => c.id === saved.id);
      const at = view.shown.findIndex((c) => c.id === saved.id);
      // Still shown, still between its neighbours in the sorted list (shown or filtered out):
      // the order holds, only its row changes.
      const sorted = view.sorted.characters;
      const sortedAt = view.sortedOf === view.characters && before ? sorted.indexOf(before) : -1;
      const compare = comparator(view.sort);
      const staysPut = at >= 0 && sortedAt >= 0 && filterCharacters([saved], view.filter).length === 1
        && (sortedAt === 0 || compare(sorted[sortedAt - 1], saved) < 0)
        && (sortedAt === sorted.length - 1 || compare(saved, sorted[sortedAt + 1]) < 0);
      view.characters = view.characters.map((c) => (c.id === saved.id ? saved : c));
      if (!staysPut) {
        render();
        return;
      }
      sorted[sortedAt] = saved;
      view.sorted.texts[sortedAt] = filterTexts(saved);
      view.sortedOf = view.characters;
      view.shown[at] = saved;
      virtual.redraw();
    },
    setOpen(id) {
      view.openId = id;
      for (const [, item] of virtual.entries()) {
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
