// "Add characters": a dialog listing the roster's live characters, each with a checkbox (the
// character itself joins; offered only while not in the encounter) and a count of numbered
// copies ("Add ×3": Drone 1, Drone 2, Drone 3, each with the sheet and its own health);
// resolves to what was picked (nothing when cancelled).

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { isolated } from '../format.js';

/**
 * @param {Document} doc
 * @param {import('../../types/bindings').CharacterSummary[]} characters the roster's live characters
 * @param {Set<string>} joined ids of those already in the encounter (copies only)
 * @param {{min: number, max: number}} copiesRange how many copies one action adds (the catalog's)
 * @returns {Promise<{ids: string[], copies: {id: string, count: number}[]}>}
 */
export async function pickCharacters(doc, characters, joined = new Set(), copiesRange = { min: 1, max: 50 }) {
  const { dialog, form, body, actions } = buildDialog(doc, {
    title: 'Add characters',
    description: 'Tick a character to add them, or give a number of copies (numbered, each with its own health). They join at the end of the turn order.',
    className: 'encounter-add-dialog',
  });
  const rows = characters.map((c) => {
    const inIt = joined.has(c.id);
    const box = el(doc, 'input', { type: 'checkbox', value: c.id, id: `join-${c.id}`, disabled: inIt });
    const copies = el(doc, 'input', {
      type: 'number', className: 'join-copies', id: `join-copies-${c.id}`, min: '0', max: String(copiesRange.max), step: '1', inputmode: 'numeric', placeholder: '0',
      'aria-label': `Copies of ${isolated(c.name)}`, title: `Numbered copies of ${isolated(c.name)} (${copiesRange.min} to ${copiesRange.max})`,
    });
    const item = el(doc, 'li', {}, [
      el(doc, 'label', { for: box.id, className: 'join-choice' }, [
        box,
        el(doc, 'span', { className: 'join-name', text: c.name }),
        inIt ? el(doc, 'span', { className: 'join-in', text: 'in the fight' }) : null,
        el(doc, 'span', { className: `kind-badge kind-${c.kind === 'npc' ? 'npc' : 'pc'}`, text: c.kind === 'npc' ? 'NPC' : 'PC' }),
      ].filter(Boolean)),
      el(doc, 'label', { className: 'join-copies-label', for: copies.id }, [el(doc, 'span', { 'aria-hidden': 'true', text: '×' }), copies]),
    ]);
    return { id: c.id, box, copies, item };
  });
  body.append(el(doc, 'ul', { className: 'join-list', 'aria-label': 'Characters of the roster' }, rows.map((r) => r.item)));
  const all = dialogButton(doc, 'Select all', { onClick: () => rows.forEach(({ box }) => { if (!box.disabled) box.checked = true; }) });
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  const add = dialogButton(doc, 'Add', { kind: 'primary', type: 'submit' });
  actions.append(all, cancel, add);
  let picked = { ids: [], copies: [] };
  form.addEventListener('submit', () => {
    const ids = rows.filter(({ box }) => box.checked).map(({ id }) => id);
    // Whatever count was typed goes to the store, which says what a count must be; blank is none.
    const copies = rows
      .filter(({ copies: input }) => input.value.trim() !== '' && Number(input.value) !== 0)
      .map(({ id, copies: input }) => ({ id, count: Number.isInteger(Number(input.value)) && Number(input.value) > 0 ? Number(input.value) : 0 }));
    picked = { ids, copies };
    dialog.close(ids.length || copies.length ? 'add' : '');
  });
  const first = rows.find((r) => !r.box.disabled);
  const answer = await openModal(dialog, { initial: first?.box ?? rows[0]?.copies ?? cancel });
  return answer === 'add' ? picked : { ids: [], copies: [] };
}
