// The heading of the open roster over its characters, with the roster's actions: rename,
// house rules (stunt rosters keep their level list, chart and Minor Damage dice there, d12
// rosters their miss margin), export, delete.

import { el } from '../dom.js';

/**
 * handlers: `rename()`, `houseRules()`, `exportRoster()`, `printRoster()`, `remove()`, and
 * `hasHouseRules(system)` (whether "House rules…" has anything to set for the system).
 * Returns `{element, show(roster, systemName)}`.
 */
export function createRosterHead(doc, handlers) {
  const title = el(doc, 'h2', { className: 'roster-heading', id: 'roster-heading' });
  const system = el(doc, 'span', { className: 'system-badge large' });
  const button = (text, action, extra = {}) => {
    const b = el(doc, 'button', { type: 'button', className: `button quiet roster-${action}`, 'data-action': action, text, ...extra });
    b.addEventListener('click', () => handlers[action]());
    return b;
  };
  const houseRules = button('House rules…', 'houseRules', { title: 'The house rules of this roster' });
  const actions = el(doc, 'div', { className: 'roster-actions', role: 'toolbar', 'aria-label': 'Roster actions' }, [
    button('Rename…', 'rename', { 'aria-keyshortcuts': 'F2', title: 'Rename this roster (F2 in the list)' }),
    houseRules,
    button('Export…', 'exportRoster', { title: 'Export this roster to a file' }),
    button('Print…', 'printRoster', { title: 'Print the sheets of every character of this roster' }),
    button('Delete', 'remove', { className: 'button quiet danger roster-remove', title: 'Delete this roster; Undo brings it back' }),
  ]);
  const element = el(doc, 'header', { className: 'roster-head' }, [
    el(doc, 'div', { className: 'roster-title-row' }, [title, system]),
    actions,
  ]);
  return {
    element,
    show(roster, systemName) {
      element.hidden = !roster;
      if (!roster) return;
      title.textContent = roster.name;
      system.textContent = systemName(roster.system);
      system.dataset.system = roster.system;
      houseRules.hidden = !(handlers.hasHouseRules?.(roster.system) ?? roster.system === 'stunt');
      houseRules.title = roster.system === 'stunt'
        ? 'The level list, chart and Minor Damage dice of this roster'
        : 'The house rules of this roster: the rulings that are numbers';
    },
  };
}
