// Editing a saved roll (F2 or ✎ in the Saved rolls list): its name, notation, values, target
// and notes in a dialog. Save sends every field to `saved_roll_update`; a refusal is shown at
// the field it names (a bad notation with its column) and nothing is changed.

import { buildDialog, dialogButton, openModal, showFieldError } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { parseValues, problemField, valuesText } from './saved-rolls-model.js';
import { isolated } from '../format.js';

/** @typedef {import('../../types/bindings').SavedRoll} SavedRoll */

/**
 * Opens the dialog for `roll`; resolves to the saved roll as changed, or null when cancelled.
 * @returns {Promise<SavedRoll | null>}
 */
export function editSavedRoll(doc, ctx, roll) {
  const { dialog, form, body, actions } = buildDialog(doc, { title: `Edit ${isolated(roll.name)}`, className: 'saved-roll-dialog' });
  const input = (id, label, value, props = {}) => {
    const node = el(doc, props.tag ?? 'input', { type: props.tag ? null : 'text', id, className: `text-input ${props.className ?? ''}`.trim(), spellcheck: 'false', ...props.attrs });
    node.value = value;
    body.append(el(doc, 'div', { className: 'field' }, [el(doc, 'label', { className: 'label', for: id, text: label }), node]));
    return node;
  };
  const fields = {
    name: input('saved-edit-name', 'Name', roll.name),
    expr: input('saved-edit-expr', 'Notation', roll.expr, { className: 'mono' }),
    values: input('saved-edit-values', 'Values', valuesText(roll.values), { className: 'mono', attrs: { placeholder: 'bonus=2, dc=15' } }),
    target: input('saved-edit-target', 'Target (succeeds at this or more)', String(roll.target), { attrs: { inputmode: 'numeric' } }),
    notes: input('saved-edit-notes', 'Notes', roll.notes, { tag: 'textarea', attrs: { rows: 2 } }),
  };
  const formError = el(doc, 'p', { className: 'field-error', id: 'saved-edit-error', role: 'alert', hidden: true });
  body.append(formError);
  const saveButton = dialogButton(doc, 'Save', { kind: 'primary', type: 'submit' });
  actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') }), saveButton);

  let changed = null;
  const clear = () => {
    for (const node of Object.values(fields)) showFieldError(node, null);
    formError.hidden = true;
  };
  form.addEventListener('submit', async () => {
    clear();
    const values = parseValues(fields.values.value);
    if ('error' in values) {
      showFieldError(fields.values, values.error);
      fields.values.focus();
      return;
    }
    const target = Number(fields.target.value.trim().replace('−', '-'));
    if (fields.target.value.trim() === '' || !Number.isSafeInteger(target)) {
      showFieldError(fields.target, 'A whole number: the roll succeeds when its value is at least this.');
      fields.target.focus();
      return;
    }
    saveButton.disabled = true;
    try {
      changed = await ctx.api.updateSavedRoll(roll.id, {
        name: fields.name.value, expr: fields.expr.value, values: values.values, target, notes: fields.notes.value,
      });
      dialog.close('saved');
    } catch (caught) {
      const error = ctx.api.toCommandError(caught);
      const problems = error.problems.length ? error.problems : [{ path: '', message: error.message }];
      let first = null;
      for (const problem of problems) {
        const field = problemField(problem.path);
        const node = field ? fields[field] : null;
        if (node) {
          showFieldError(node, problem.path.includes('.') ? `${problem.path.split('.').slice(1).join('.')}: ${problem.message}` : problem.message);
          first ??= node;
        } else {
          formError.textContent = problem.message;
          formError.hidden = false;
        }
      }
      (first ?? fields.name).focus();
    } finally {
      saveButton.disabled = false;
    }
  });
  return openModal(dialog, { initial: fields.name }).then(() => changed);
}
