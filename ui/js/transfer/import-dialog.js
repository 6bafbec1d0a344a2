// The import preview: a modal <dialog> with the mode choice, what the file would add, update,
// skip or trash (per roster and per character), the problems of a refused file, and the
// progress bar while it is written. Built on the shell's dialog parts (js/toolkit/dialog.js), so it
// looks, traps focus and closes like every other dialog. DOM only; the words come from
// import-plan.js.

import { el } from '../dom.js';
import { buildDialog, dialogButton } from '../toolkit/dialog.js';
import { characterRows, IMPORT_MODES, previewText, progressText, refusal, rosterRows } from './import-plan.js';
import { isolated } from '../format.js';

const COUNT_COLUMNS = [['added', 'Added'], ['updated', 'Updated'], ['skipped', 'Unchanged'], ['removed', 'To the trash']];

function table(doc, className, label, headings, rows) {
  return el(doc, 'table', { className, 'aria-label': label }, [
    el(doc, 'thead', {}, [el(doc, 'tr', {}, headings.map(([key, text]) => el(doc, 'th', { scope: 'col', className: `col-${key}`, text })))]),
    el(doc, 'tbody', {}, rows),
  ]);
}

/**
 * Builds the dialog for the file `name` (not yet shown). `onMode(mode)` runs when the GM picks
 * another mode, `onImport()` on Import. Returns the element and the setters the flow drives.
 */
export function buildImportDialog(doc, name, { onMode, onImport }) {
  const modes = el(doc, 'fieldset', { className: 'import-modes' }, [
    el(doc, 'legend', { text: 'Rosters and characters already here' }),
    ...IMPORT_MODES.map((mode) => {
      const input = el(doc, 'input', { type: 'radio', name: 'import-mode', value: mode.id, id: `import-mode-${mode.id}`, 'aria-describedby': `import-mode-${mode.id}-help` });
      input.checked = mode.id === 'merge';
      input.addEventListener('change', () => {
        if (input.checked) onMode(mode.id);
      });
      return el(doc, 'div', { className: 'import-mode' }, [
        input,
        el(doc, 'label', { for: `import-mode-${mode.id}`, text: mode.label }),
        el(doc, 'span', { className: 'import-mode-help', id: `import-mode-${mode.id}-help`, text: mode.help }),
      ]);
    }),
  ]);
  const headline = el(doc, 'p', { className: 'import-headline', id: 'import-headline', role: 'status', text: 'Reading the file…' });
  const plan = el(doc, 'div', { className: 'import-plan', id: 'import-plan', hidden: true });
  const problems = el(doc, 'div', { className: 'import-problems', id: 'import-problems', role: 'alert', hidden: true });
  const bar = el(doc, 'progress', { id: 'import-progress-bar', max: 1, 'aria-labelledby': 'import-progress-text' });
  bar.removeAttribute('value'); // indeterminate until the first count arrives
  const progressLine = el(doc, 'span', { id: 'import-progress-text' });
  const progress = el(doc, 'div', { className: 'import-progress', id: 'import-progress', hidden: true }, [bar, progressLine]);

  const { dialog, form, body, actions } = buildDialog(doc, {
    title: `Import ${isolated(name)}`,
    description: 'Nothing is written until you press Import.',
    className: 'import-dialog',
  });
  dialog.id = 'import-dialog';
  // The preview's tables scroll: focusable, so the keyboard scrolls them too (axe:
  // scrollable-region-focusable).
  body.tabIndex = 0;
  body.setAttribute('role', 'region');
  body.setAttribute('aria-label', 'What the import would do');
  dialog.setAttribute('aria-describedby', 'import-headline');
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  cancel.id = 'import-cancel';
  const apply = dialogButton(doc, 'Import', { kind: 'primary' });
  apply.id = 'import-apply';
  apply.disabled = true;
  // The mode and the headline stay put; the tables (or the problems) scroll between them and
  // the buttons.
  form.insertBefore(modes, body);
  form.insertBefore(headline, body);
  body.classList.add('import-body', 'scroll-shadows');
  body.append(problems, plan);
  form.insertBefore(progress, actions);
  actions.append(cancel, apply);
  apply.addEventListener('click', () => onImport());

  let busy = false;
  return {
    dialog,
    /** What has the focus first: the chosen mode. */
    initial: modes.querySelector('input:checked'),
    get busy() { return busy; },

    /** Reading the preview for another mode: the old one stays visible, Import waits. */
    waiting() {
      apply.disabled = true;
      dialog.setAttribute('aria-busy', 'true');
    },

    /** The plan for the chosen mode: headline, per-roster counts and the characters. */
    showPlan(importPlan, { systemNames = {}, storedRosters = {} } = {}) {
      dialog.removeAttribute('aria-busy');
      problems.hidden = true;
      headline.textContent = previewText(importPlan);
      const rosters = rosterRows(importPlan, systemNames).map((row) => el(doc, 'tr', { 'data-id': row.id }, [
        el(doc, 'th', { scope: 'row', className: 'col-name', text: row.name }),
        el(doc, 'td', { className: 'col-system', text: row.system }),
        el(doc, 'td', { className: `col-action action-${row.action === 'Add' ? 'add' : row.action === 'Update' ? 'update' : 'skip'}`, text: row.action }),
        ...COUNT_COLUMNS.map(([key]) => el(doc, 'td', { className: `num col-${key}${row[key] ? '' : ' zero'}`, text: String(row[key]) })),
      ]));
      const characters = characterRows(importPlan, storedRosters).map((row) => el(doc, 'tr', { 'data-id': row.id }, [
        el(doc, 'th', { scope: 'row', className: 'col-name', text: row.name }),
        el(doc, 'td', { className: 'col-roster', text: row.roster }),
        el(doc, 'td', { className: `col-action action-${row.actionKey}`, text: row.note ? `${row.action} (${row.note})` : row.action }),
      ]));
      plan.replaceChildren(
        el(doc, 'h3', { text: 'Rosters' }),
        table(doc, 'import-rosters', 'Rosters in the file', [['name', 'Roster'], ['system', 'System'], ['action', 'What happens'], ...COUNT_COLUMNS], rosters),
        el(doc, 'h3', { text: `Characters (${characters.length})` }),
        table(doc, 'import-characters', 'Characters in the file', [['name', 'Character'], ['roster', 'Roster'], ['action', 'What happens']], characters),
      );
      plan.hidden = false;
      apply.disabled = busy;
    },

    /** A refused file (or a failed import): every problem with its path; Import stays off. */
    showProblems(error) {
      dialog.removeAttribute('aria-busy');
      const why = refusal(error);
      headline.textContent = why.headline;
      problems.replaceChildren(el(doc, 'ul', { className: 'import-problem-list' }, why.problems.map((p) => el(doc, 'li', {}, p.path
        ? [el(doc, 'strong', { text: `${p.where}: ` }), p.message, ' ', el(doc, 'code', { text: p.path })]
        : [p.message]))));
      problems.hidden = false;
      plan.hidden = true;
      apply.disabled = true;
    },

    /** Writing: every control off (Escape too, see the flow), the bar fed by `progress(…)`. */
    start() {
      busy = true;
      for (const input of dialog.querySelectorAll('input, button')) input.disabled = true;
      dialog.setAttribute('aria-busy', 'true');
      progressLine.textContent = progressText({ done: 0, total: 0 });
      progress.hidden = false;
    },
    progress({ done, total }) {
      if (total > 0) {
        bar.max = total;
        bar.value = done;
      }
      progressLine.textContent = progressText({ done, total });
    },
    /** Writing failed: the controls come back. */
    stop() {
      busy = false;
      progress.hidden = true;
      for (const input of dialog.querySelectorAll('input, button')) input.disabled = false;
      dialog.removeAttribute('aria-busy');
    },
  };
}
