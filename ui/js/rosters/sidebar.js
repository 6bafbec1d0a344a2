// The rosters sidebar: every roster with its system and character count, as a listbox the
// arrow keys move through (selection follows focus), and the New roster button.

import { el } from '../dom.js';
import { nextIndex } from './list-nav.js';

export function characterCount(n) {
  return n === 1 ? '1 character' : `${n} characters`;
}

/**
 * `createSidebar(doc, handlers)` -> `{element, render(rosters, currentId, systemName), focusCurrent()}`.
 * handlers: `select(id)`, `create()`, `rename(id)`, `remove(id)`, `enter()` (Enter on a
 * roster: go to its characters).
 */
export function createSidebar(doc, handlers) {
  const list = el(doc, 'ul', { className: 'roster-list', role: 'listbox', id: 'roster-list', 'aria-labelledby': 'rosters-title' });
  const empty = el(doc, 'p', { className: 'empty sidebar-empty', text: 'No rosters yet. Make one to start adding characters.' });
  // At the top, where it stays in sight however many rosters there are (and toasts, at the
  // bottom left, never cover it).
  const create = el(doc, 'button', { type: 'button', className: 'button quiet new-roster', id: 'new-roster', 'aria-label': 'New roster', 'aria-keyshortcuts': 'Control+Shift+N', title: 'New roster (Ctrl+Shift+N)' }, [
    el(doc, 'span', { 'aria-hidden': 'true', text: '+ ' }), 'New',
  ]);
  create.addEventListener('click', () => handlers.create());
  const element = el(doc, 'aside', { className: 'rosters-sidebar', 'aria-labelledby': 'rosters-title' }, [
    el(doc, 'div', { className: 'sidebar-head' }, [el(doc, 'h2', { className: 'pane-title', id: 'rosters-title', text: 'Rosters' }), create]),
    list,
    empty,
  ]);

  const items = () => [...list.querySelectorAll('[role="option"]')];

  list.addEventListener('click', (event) => {
    const item = event.target.closest('[role="option"]');
    if (item) handlers.select(item.dataset.id);
  });
  list.addEventListener('keydown', (event) => {
    const item = event.target.closest('[role="option"]');
    if (!item || event.ctrlKey || event.metaKey || event.altKey) return;
    const all = items();
    const to = nextIndex(event.key, all.indexOf(item), all.length);
    if (to !== null) {
      event.preventDefault();
      all[to].focus();
      if (all[to] !== item) handlers.select(all[to].dataset.id);
    } else if (event.key === 'F2') {
      event.preventDefault();
      handlers.rename(item.dataset.id);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      handlers.remove(item.dataset.id);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      handlers.select(item.dataset.id);
      if (event.key === 'Enter') handlers.enter();
    }
  });

  function render(rosters, currentId, systemName) {
    const hadFocus = list.contains(doc.activeElement);
    list.replaceChildren(...rosters.map((roster) => {
      const current = roster.id === currentId;
      return el(doc, 'li', {
        role: 'option',
        className: 'roster-item',
        id: `roster-${roster.id}`,
        'data-id': roster.id,
        'aria-selected': String(current),
        tabindex: current ? '0' : '-1',
        title: 'F2 renames, Delete deletes',
      }, [
        // Named by what it shows, in its order, plus the system's whole name and the commas a
        // screen reader pauses at (visually hidden): "Mutant Cats, stunt (Uniform Stunt Chart),
        // 0 characters". An aria-label in other words failed axe's label-content-name-mismatch.
        el(doc, 'span', { className: 'roster-name', text: roster.name }),
        el(doc, 'span', { className: 'visually-hidden', text: ', ' }),
        el(doc, 'span', { className: 'roster-meta' }, [
          el(doc, 'span', { className: 'system-badge', 'data-system': roster.system, text: roster.system }),
          el(doc, 'span', { className: 'visually-hidden', text: ` (${systemName(roster.system)}), ` }),
          el(doc, 'span', { className: 'roster-count', text: characterCount(roster.character_count) }),
        ]),
      ]);
    }));
    // With no roster chosen yet, the first one is where Tab lands.
    if (!rosters.some((r) => r.id === currentId) && list.firstElementChild) list.firstElementChild.tabIndex = 0;
    list.hidden = rosters.length === 0;
    empty.hidden = rosters.length > 0;
    if (hadFocus) focusCurrent();
  }

  function focusCurrent() {
    (list.querySelector('[aria-selected="true"]') ?? list.firstElementChild)?.focus();
  }

  return { element, render, focusCurrent, createButton: create };
}
