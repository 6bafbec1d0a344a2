// The New roster dialog (name and system) and the Rename dialog. Refusals from the store show
// at the name field, in the store's words.

import { buildDialog, dialogButton, openModal, showFieldError } from '../toolkit/dialog.js';
import { sentence } from '../toolkit/error-text.js';
import { el } from '../dom.js';
import { lengthWords, maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

/** The problem about `field` in a refusal, as a sentence; else the whole message. */
export function fieldMessage(error, field) {
  const problem = (error.problems ?? []).find((p) => p.path === field || p.path.endsWith(`.${field}`));
  return sentence(problem ? `${field[0].toUpperCase()}${field.slice(1)} ${problem.message}` : error.message);
}

function nameField(doc, ctx, value) {
  const input = el(doc, 'input', { type: 'text', id: 'roster-name-input', className: 'text-input', ...maxLength(ctx, 'name'), spellcheck: 'false', required: true });
  input.value = value;
  return {
    input,
    field: el(doc, 'div', { className: 'dialog-field' }, [el(doc, 'label', { className: 'label', for: input.id, text: 'Name' }), input]),
  };
}

/**
 * Runs a dialog whose form saves with `save()`: a refusal shows at the name field and the
 * dialog stays open. Resolves to what `save` returned, or null when cancelled.
 */
function runForm(doc, { dialog, form, actions }, { input, submitLabel, save, ctx }) {
  let saved = null;
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close() });
  const submit = dialogButton(doc, submitLabel, { kind: 'primary', type: 'submit' });
  actions.append(cancel, submit);
  input.addEventListener('input', () => showFieldError(input, null));
  form.addEventListener('submit', async () => {
    if (!input.value.trim()) {
      showFieldError(input, `Give it a name (${lengthWords(ctx, 'name')}).`);
      input.focus();
      return;
    }
    submit.disabled = true;
    try {
      saved = await save();
      dialog.close('saved');
    } catch (error) {
      showFieldError(input, fieldMessage(error, 'name'));
      input.focus();
    } finally {
      submit.disabled = false;
    }
  });
  return openModal(dialog, { initial: input }).then(() => saved);
}

/** Asks for a name and a system; creates the roster. Resolves to it, or null. */
export function newRosterDialog(doc, ctx, systems) {
  const parts = buildDialog(doc, { title: 'New roster', description: 'A roster holds the characters of one rules system.', className: 'roster-dialog' });
  const { input, field } = nameField(doc, ctx, '');
  const select = el(doc, 'select', { id: 'roster-system-input' }, systems.map((s) => el(doc, 'option', { value: s.id, text: s.name })));
  parts.body.append(field, el(doc, 'div', { className: 'dialog-field' }, [
    el(doc, 'label', { className: 'label', for: select.id, text: 'System' }),
    select,
    el(doc, 'p', { className: 'field-help', text: 'The system cannot be changed later: the sheets depend on it.' }),
  ]));
  return runForm(doc, parts, {
    input,
    ctx,
    submitLabel: 'Create roster',
    save: () => ctx.api.createRoster({ name: input.value.trim(), system: select.value }),
  });
}

/** Asks for a new name for `roster`. Resolves to the renamed roster, or null. */
export function renameRosterDialog(doc, ctx, roster) {
  const parts = buildDialog(doc, { title: `Rename “${isolated(roster.name)}”`, className: 'roster-dialog' });
  const { input, field } = nameField(doc, ctx, roster.name);
  parts.body.append(field);
  const done = runForm(doc, parts, {
    input,
    ctx,
    submitLabel: 'Rename',
    save: () => ctx.api.updateRoster(roster.id, { name: input.value.trim() }),
  });
  input.select();
  return done;
}
