// "Add characters": a dialog listing the roster's live characters not yet in the encounter, each
// with a checkbox; resolves to the ids picked (empty when cancelled).

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../app/dialog.js';

/**
 * @param {Document} doc
 * @param {import('../../types/bindings').CharacterSummary[]} characters those that may join
 * @returns {Promise<string[]>}
 */
export async function pickCharacters(doc, characters) {
  const { dialog, form, body, actions } = buildDialog(doc, {
    title: 'Add characters',
    description: 'They join at the end of the turn order.',
    className: 'encounter-add-dialog',
  });
  const boxes = characters.map((c) => {
    const box = el(doc, 'input', { type: 'checkbox', value: c.id, id: `join-${c.id}` });
    return { box, item: el(doc, 'li', {}, [el(doc, 'label', { for: box.id, className: 'join-choice' }, [
      box,
      el(doc, 'span', { className: 'join-name', text: c.name }),
      el(doc, 'span', { className: `kind-badge kind-${c.kind === 'npc' ? 'npc' : 'pc'}`, text: c.kind === 'npc' ? 'NPC' : 'PC' }),
    ])]) };
  });
  body.append(el(doc, 'ul', { className: 'join-list', 'aria-label': 'Characters of the roster' }, boxes.map((b) => b.item)));
  const all = dialogButton(doc, 'Select all', { onClick: () => boxes.forEach(({ box }) => { box.checked = true; }) });
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  const add = dialogButton(doc, 'Add', { kind: 'primary', type: 'submit' });
  actions.append(all, cancel, add);
  let picked = [];
  form.addEventListener('submit', () => {
    picked = boxes.filter(({ box }) => box.checked).map(({ box }) => box.value);
    dialog.close(picked.length ? 'add' : '');
  });
  const answer = await openModal(dialog, { initial: boxes[0]?.box ?? cancel });
  return answer === 'add' ? picked : [];
}
