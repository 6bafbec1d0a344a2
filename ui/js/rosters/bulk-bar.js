// The bar over the character list while characters are selected: delete (with Undo), move to
// another roster of the same system, add or remove a tag, export, duplicate.

import { buildDialog, dialogButton, openModal, showFieldError } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { isolated } from '../format.js';
import { fieldMessage } from './roster-dialogs.js';
import { maxLength } from '../text-limits.js';

export function countText(n) {
  return n === 1 ? '1 character' : `${n} characters`;
}

/**
 * handlers: `remove()`, `move()`, `tag()`, `exportSelected()`, `print()`, `duplicate()`, `clear()`.
 * Returns `{element, show(count)}`.
 */
export function createBulkBar(doc, handlers) {
  const label = el(doc, 'span', { className: 'bulk-count', id: 'bulk-count' });
  const button = (text, action, extra = {}) => {
    const b = el(doc, 'button', { type: 'button', className: `button bulk-${action}`, 'data-action': action, ...extra }, Array.isArray(text) ? text : [text]);
    b.addEventListener('click', () => handlers[action]());
    return b;
  };
  const element = el(doc, 'div', { className: 'bulk-bar', role: 'toolbar', 'aria-label': 'Actions on the selected characters', 'aria-describedby': label.id, hidden: true }, [
    label,
    el(doc, 'div', { className: 'bulk-actions' }, [
      button('Delete', 'remove', { 'aria-keyshortcuts': 'Delete', title: 'Delete the selected characters (Delete); Undo brings them back' }),
      button('Move…', 'move', { title: 'Move to another roster of the same system' }),
      button('Tag…', 'tag', { title: 'Add or remove a tag' }),
      button('Export…', 'exportSelected', { title: 'Export the selected characters to a file' }),
      button('Print…', 'print', { 'aria-keyshortcuts': 'Control+P', title: 'Print the sheets of the selected characters (Ctrl+P)' }),
      button('Duplicate', 'duplicate', { title: 'Make a copy of each selected character' }),
      button('Clear', 'clear', { 'aria-label': 'Clear the selection', title: 'Clear the selection (Esc)' }),
    ]),
  ]);
  return {
    element,
    show(count) {
      element.hidden = count === 0;
      label.textContent = `${countText(count)} selected`;
    },
  };
}

/**
 * Asks which roster of the same system to move `ids` to. Resolves to that roster, or null.
 * With no other roster of the system, says so (characters move only within a system).
 */
export async function pickMoveTarget(doc, { ids, roster, rosters, systemName }) {
  const targets = rosters.filter((r) => r.system === roster.system && r.id !== roster.id);
  const { dialog, form, body, actions } = buildDialog(doc, { title: `Move ${countText(ids.length)}`, className: 'move-dialog' });
  if (!targets.length) {
    body.append(el(doc, 'p', { text: `There is no other ${systemName(roster.system)} roster to move to. Characters move only between rosters of the same system, because their sheets differ. Make another ${systemName(roster.system)} roster first.` }));
    const close = dialogButton(doc, 'Close', { kind: 'primary', onClick: () => dialog.close() });
    actions.append(close);
    await openModal(dialog, { initial: close });
    return null;
  }
  const select = el(doc, 'select', { id: 'move-target' }, targets.map((r) => el(doc, 'option', { value: r.id, text: isolated(r.name) })));
  body.append(el(doc, 'div', { className: 'dialog-field' }, [
    el(doc, 'label', { className: 'label', for: select.id, text: 'To the roster' }),
    select,
    el(doc, 'p', { className: 'field-help', text: `Only ${systemName(roster.system)} rosters are listed: characters keep their sheets.` }),
  ]));
  actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close() }), dialogButton(doc, 'Move', { kind: 'primary', type: 'submit' }));
  form.addEventListener('submit', () => dialog.close(select.value));
  const chosen = await openModal(dialog, { initial: select });
  return targets.find((r) => r.id === chosen) ?? null;
}

/**
 * Asks for a tag to add to or remove from `ids`, and applies it with `tag(add, remove)`.
 * Resolves to `{tag, added}` once applied, or null when cancelled. Refusals show at the field.
 */
export function tagDialog(doc, { ids, suggestions, tag, limits = null }) {
  const { dialog, form, body, actions } = buildDialog(doc, { title: `Tag ${countText(ids.length)}`, className: 'tag-dialog' });
  const input = el(doc, 'input', { type: 'text', id: 'tag-input', className: 'text-input', list: 'tag-suggestions', ...maxLength({ catalog: { text_limits: limits } }, 'tag'), spellcheck: 'false' });
  body.append(el(doc, 'div', { className: 'dialog-field' }, [
    el(doc, 'label', { className: 'label', for: input.id, text: 'Tag' }),
    input,
    el(doc, 'datalist', { id: 'tag-suggestions' }, suggestions.map((s) => el(doc, 'option', { value: s }))),
  ]));
  let done = null;
  const apply = async (added) => {
    const text = input.value.trim();
    if (!text) {
      showFieldError(input, 'Type the tag to add or remove.');
      input.focus();
      return;
    }
    try {
      await tag(added ? [text] : [], added ? [] : [text]);
      done = { tag: text, added };
      dialog.close('done');
    } catch (error) {
      showFieldError(input, fieldMessage(error, 'tags'));
      input.focus();
    }
  };
  input.addEventListener('input', () => showFieldError(input, null));
  const remove = dialogButton(doc, 'Remove tag', { onClick: () => apply(false) });
  actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close() }), remove, dialogButton(doc, 'Add tag', { kind: 'primary', type: 'submit' }));
  form.addEventListener('submit', () => apply(true));
  return openModal(dialog, { initial: input }).then(() => done);
}
