// The fields around the sheet: name, player, pc/npc, tags and notes. Same conventions as the
// sheet form: `data-loc` on each input (its place in the draft), `data-path` and slots on each
// field, so edits, problems and undo work the same for them.

import { el } from '../dom.js';
import { scalarInput } from './sheet-inputs.js';

// Short enough to show whole in the header's narrowest column (170px at 1024×700).
const KINDS = { pc: 'Player character', npc: 'Non-player character' };
/** What an empty Player field says, by the character's kind: a PC's player is just not written yet. */
export const NO_PLAYER = { pc: 'not written yet', npc: 'none (an NPC)' };

const FIELDS = [
  { key: 'name', node: { type: 'text', label: 'Name' }, help: null, className: 'name' },
  { key: 'player', node: { type: 'text', label: 'Player' }, className: 'player' },
  { key: 'kind', node: { type: 'choice', label: 'Kind', choices: Object.keys(KINDS), names: KINDS }, className: 'kind' },
  { key: 'tags', node: { type: 'text', label: 'Tags', placeholder: 'party, villain' }, help: 'Separate tags with commas.', className: 'tags', itemLabel: 'Tag' },
];

function field(doc, prefix, { key, node, help = null, className, itemLabel = null }, value) {
  const id = `${prefix}-${key}`;
  const problemId = `${id}-problem`;
  const helpId = help ? `${id}-help` : null;
  const input = scalarInput(doc, node, value, { id, loc: [key], label: node.label, describedBy: [helpId, problemId].filter(Boolean).join(' ') });
  const wrap = el(doc, 'div', { className: `sheet-field head-${className}`, 'data-path': key, 'data-label': node.label, 'data-item-label': itemLabel ?? null }, [
    el(doc, 'label', { className: 'label', for: id, text: node.label }),
    input,
  ]);
  if (helpId) wrap.append(el(doc, 'span', { className: 'help', id: helpId, text: help }));
  wrap.append(el(doc, 'p', { className: 'field-error slot-problem', id: problemId, hidden: true }));
  return wrap;
}

function notesField(doc, prefix, value) {
  const id = `${prefix}-notes`;
  const problemId = `${id}-problem`;
  const area = el(doc, 'textarea', { id, rows: 2, 'data-loc': JSON.stringify(['notes']), 'aria-label': 'Notes', 'aria-describedby': problemId });
  area.value = value;
  return el(doc, 'div', { className: 'sheet-field head-notes', 'data-path': 'notes', 'data-label': 'Notes' }, [
    el(doc, 'label', { className: 'label', for: id, text: 'Notes' }),
    area,
    el(doc, 'p', { className: 'field-error slot-problem', id: problemId, hidden: true }),
  ]);
}

/** Replaces `container`'s content with the header fields, filled from `draft`. */
export function renderHeader(container, draft, prefix) {
  const doc = container.ownerDocument;
  container.replaceChildren(...FIELDS.map((f) => field(doc, prefix, f, draft[f.key])), notesField(doc, prefix, draft.notes));
  container.querySelector('[data-path="kind"] select')?.addEventListener('change', () => sayNoPlayer(container));
  sayNoPlayer(container);
}

/** The Player field's placeholder, by the kind chosen. */
function sayNoPlayer(container) {
  const kind = container.querySelector('[data-path="kind"] select');
  container.querySelector('[data-path="player"] input')?.setAttribute('placeholder', NO_PLAYER[kind?.value] ?? '');
}

/** Puts `draft`'s values into the header inputs that show something else (after undo). */
export function fillHeader(container, draft) {
  for (const input of container.querySelectorAll('[data-loc]')) {
    const [key] = JSON.parse(input.dataset.loc);
    if (input.value !== draft[key]) input.value = draft[key];
  }
  // An undone kind change: the Player field's placeholder follows.
  sayNoPlayer(container);
}
