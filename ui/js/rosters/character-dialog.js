// The New character dialog: a name (and whether a player runs it), then the store makes the
// character with the system's blank sheet and the sheet opens for the rest.

import { buildDialog, dialogButton, openModal, showFieldError } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { fieldMessage } from './roster-dialogs.js';
import { lengthWords, maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

/** Resolves to the new character of `roster`, or null when cancelled. */
export function newCharacterDialog(doc, ctx, roster) {
  const { dialog, form, body, actions } = buildDialog(doc, {
    title: 'New character',
    description: `In ${isolated(roster.name)}. The sheet opens next, to fill in the rest.`,
    className: 'character-dialog',
  });
  const name = el(doc, 'input', { type: 'text', id: 'character-name-input', className: 'text-input', ...maxLength(ctx, 'name'), spellcheck: 'false' });
  const player = el(doc, 'input', { type: 'text', id: 'character-player-input', className: 'text-input', ...maxLength(ctx, 'name'), spellcheck: 'false', placeholder: 'nobody: an NPC' });
  const kinds = el(doc, 'fieldset', { className: 'dialog-field kind-choice' }, [
    el(doc, 'legend', { className: 'label', text: 'Kind' }),
    ...[['pc', 'Player character (PC)'], ['npc', 'Non-player character (NPC)']].map(([value, text]) => el(doc, 'label', { className: 'check' }, [
      el(doc, 'input', { type: 'radio', name: 'character-kind', value, checked: value === 'pc' }),
      text,
    ])),
  ]);
  body.append(
    el(doc, 'div', { className: 'dialog-field' }, [el(doc, 'label', { className: 'label', for: name.id, text: 'Name' }), name]),
    el(doc, 'div', { className: 'dialog-field' }, [el(doc, 'label', { className: 'label', for: player.id }, ['Player ', el(doc, 'span', { className: 'range', text: 'optional' })]), player]),
    kinds,
  );
  // Naming a player makes it a PC; clearing it an NPC, unless the GM picked a kind by hand.
  let kindTouched = false;
  kinds.addEventListener('change', () => { kindTouched = true; });
  player.addEventListener('input', () => {
    if (kindTouched) return;
    kinds.querySelector(`input[value="${player.value.trim() ? 'pc' : 'npc'}"]`).checked = true;
  });
  name.addEventListener('input', () => showFieldError(name, null));

  let created = null;
  const submit = dialogButton(doc, 'Create and open', { kind: 'primary', type: 'submit' });
  actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close() }), submit);
  form.addEventListener('submit', async () => {
    if (!name.value.trim()) {
      showFieldError(name, `Give the character a name (${lengthWords(ctx, 'name')}).`);
      name.focus();
      return;
    }
    submit.disabled = true;
    try {
      created = await ctx.api.createCharacter(roster.id, {
        name: name.value.trim(),
        player: player.value.trim(),
        kind: kinds.querySelector('input:checked').value,
      });
      dialog.close('saved');
    } catch (error) {
      const problem = (error.problems ?? []).find((p) => /(^|\.)player$/.test(p.path));
      const target = problem ? player : name;
      showFieldError(target, fieldMessage(error, problem ? 'player' : 'name'));
      target.focus();
    } finally {
      submit.disabled = false;
    }
  });
  return openModal(dialog, { initial: name }).then(() => created);
}
