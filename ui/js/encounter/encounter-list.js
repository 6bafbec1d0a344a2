// The sidebar of the Encounters view: the selected roster's encounters (open one, delete one)
// and the form that starts a new one.

import { el } from '../dom.js';
import { encounterSummary } from './encounter-model.js';
import { maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

/**
 * Builds the sidebar in `aside`. `onOpen(id)`, `onCreate(name)` (resolves true when created) and
 * `onDelete(encounter)` act; `render({roster, encounters, openId})` shows them.
 */
export function mountEncounterList(aside, { onOpen, onCreate, onDelete, limits = null }) {
  const doc = aside.ownerDocument;
  const rosterLine = el(doc, 'p', { className: 'encounter-roster', id: 'encounter-roster' });
  const list = el(doc, 'ul', { className: 'encounter-list', id: 'encounter-list', 'aria-labelledby': 'encounters-title' });
  const empty = el(doc, 'p', { className: 'empty encounter-list-empty', id: 'encounter-list-empty', hidden: true, text: 'No encounters yet. Name one below to start.' });
  const name = el(doc, 'input', { type: 'text', id: 'encounter-new-name', placeholder: 'e.g. Ambush', ...maxLength({ catalog: { text_limits: limits } }, 'name'), 'aria-label': 'Name of the new encounter' });
  const create = el(doc, 'button', { type: 'submit', className: 'button primary', id: 'encounter-create', text: 'Create' });
  const form = el(doc, 'form', { className: 'encounter-new', id: 'encounter-new', novalidate: true, autocomplete: 'off' }, [
    el(doc, 'label', { className: 'label', for: 'encounter-new-name', text: 'New encounter' }),
    el(doc, 'div', { className: 'encounter-new-row' }, [name, create]),
  ]);
  aside.replaceChildren(
    el(doc, 'h2', { className: 'panel-title', id: 'encounters-title', text: 'Encounters' }),
    rosterLine,
    list,
    empty,
    form,
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = name.value.trim();
    if (!text) {
      name.focus();
      return;
    }
    create.disabled = true;
    try {
      if (await onCreate(text)) name.value = '';
    } finally {
      create.disabled = false;
    }
  });

  function item(encounter, open) {
    const openButton = el(doc, 'button', {
      type: 'button',
      className: 'encounter-open',
      'aria-current': open ? 'true' : null,
    }, [
      el(doc, 'span', { className: 'encounter-item-name', text: encounter.state.name }),
      el(doc, 'span', { className: 'encounter-item-meta', text: encounterSummary(encounter) }),
    ]);
    openButton.addEventListener('click', () => onOpen(encounter.id));
    const remove = el(doc, 'button', {
      type: 'button',
      className: 'button quiet danger encounter-delete',
      'aria-label': `Delete ${isolated(encounter.state.name)}`,
      title: 'Delete this encounter (Undo brings it back)',
      text: '×',
    });
    remove.addEventListener('click', () => onDelete(encounter));
    return el(doc, 'li', { className: `encounter-item${open ? ' open' : ''}`, 'data-id': encounter.id }, [openButton, remove]);
  }

  function render({ roster, encounters, openId }) {
    rosterLine.textContent = roster ? roster.name : '';
    form.hidden = !roster;
    list.replaceChildren(...encounters.map((e) => item(e, e.id === openId)));
    empty.hidden = !roster || encounters.length > 0;
  }

  return { render, focusName: () => name.focus() };
}
