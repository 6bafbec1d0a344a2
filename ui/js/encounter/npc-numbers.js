// "Numbers…" of Add NPCs: the quick NPCs' numbers as the system's own sheet form (the same
// fields, limits and messages as a character's sheet), checked by the rules before the dialog
// closes. Resolves to the sheet JSON the NPCs join with, or null when cancelled.

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { fromDraft, toDraft } from '../sheet/model.js';
import { applyRowAction } from '../sheet/row-actions.js';
import { showProblems } from '../sheet/sheet-annotations.js';
import { mapRowPath, renderSheetForm } from '../sheet/sheet-form.js';
import { editedDraft, focusAtLoc, locOf } from '../sheet/sheet-inputs.js';
import { getAt, setAt } from '../sheet/paths.js';
import { fileSpecs, sheetModel } from '../sheet/systems/index.js';
import { isolated } from '../format.js';

/**
 * @param {Document} doc
 * @param {{roster: any, numbers: object | null, label: string, api: any, catalog: any}} options
 *   `numbers` the numbers last given (the blank sheet when null)
 * @returns {Promise<object | null>}
 */
export async function editNpcNumbers(doc, { roster, numbers, label, api, catalog }) {
  const model = sheetModel(roster.system, catalog?.sheet_limits ?? [], catalog?.text_limits ?? null, fileSpecs(catalog), roster.system_version ?? null);
  const start = numbers ?? await api.blankSheet(roster.id);
  const env = { levels: roster.house_rules?.stunt?.levels ?? [] };
  let draft = { sheet: toDraft(model.root, start) };

  const { dialog, form, body, actions } = buildDialog(doc, {
    title: `Numbers of ${isolated(label || 'the NPCs')}`,
    description: 'What the table reads for these quick NPCs, as on a sheet of the system. Every NPC added joins with them, each with its own health.',
    className: 'npc-numbers-dialog',
  });
  const fields = el(doc, 'div', { className: `sheet-form npc-numbers-form system-${roster.system}` });
  const unplaced = el(doc, 'p', { className: 'field-error', role: 'alert', hidden: true });
  body.append(fields, unplaced);
  const render = () => renderSheetForm(fields, model, draft.sheet, { env, prefix: 'npc-numbers' });
  const show = (problems) => {
    const lost = showProblems(fields, problems);
    unplaced.hidden = lost.length === 0;
    unplaced.textContent = lost.map((p) => `${p.path}: ${p.message}`).join(' ');
  };

  // A tracker that is full stays full as its max is typed (a fresh monster starts unhurt), even
  // through the blank between deleting the old max and typing the new one; typing its current
  // value says whether it is full.
  const full = new Set(Object.entries(draft.sheet)
    .filter(([, v]) => v && typeof v === 'object' && 'max' in v && v.current === v.max)
    .map(([key]) => key));
  const onEdit = (event) => {
    const next = editedDraft(draft, event.target, mapRowPath);
    if (!next) return;
    draft = next;
    const loc = locOf(event.target);
    const [, tracker, part] = loc;
    if (loc.length !== 3 || (part !== 'max' && part !== 'current')) return;
    const value = getAt(draft, loc);
    if (part === 'current') {
      if (getAt(draft, ['sheet', tracker, 'max']) === value) full.add(tracker);
      else full.delete(tracker);
    } else if (full.has(tracker) && Number.isInteger(value)) {
      draft = setAt(draft, ['sheet', tracker, 'current'], value);
      const shown = fields.querySelector(`[data-loc='${JSON.stringify(['sheet', tracker, 'current'])}']`);
      if (shown) shown.value = String(value);
    }
  };
  fields.addEventListener('input', onEdit);
  fields.addEventListener('change', onEdit);
  fields.addEventListener('click', (event) => {
    const button = event.target.closest?.('button');
    if (!button?.dataset.action || !button.dataset.loc || button.disabled) return;
    const result = applyRowAction(model, env, draft, button.dataset.action, locOf(button));
    if (!result) return;
    draft = result.draft;
    render();
    focusAtLoc(fields, result.focus);
  });

  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  const defaults = dialogButton(doc, 'Defaults', {
    onClick: async () => {
      draft = { sheet: toDraft(model.root, await api.blankSheet(roster.id)) };
      render();
      show([]);
    },
  });
  const use = dialogButton(doc, 'Use these numbers', { kind: 'primary', type: 'submit' });
  actions.append(defaults, cancel, use);

  let answer = null;
  form.addEventListener('submit', async () => {
    const { value, problems } = fromDraft(model.root, draft.sheet);
    if (problems.length) return show(problems);
    use.disabled = true;
    try {
      const report = await api.checkSheet(roster.id, value);
      if (report.problems.length) return show(report.problems);
      answer = value;
      dialog.close('use');
    } catch (error) {
      show([{ path: '', message: api.toCommandError ? api.toCommandError(error).message : String(error) }]);
    } finally {
      use.disabled = false;
    }
  });
  render();
  const result = await openModal(dialog, { initial: fields.querySelector('input, select') ?? use });
  return result === 'use' ? answer : null;
}
