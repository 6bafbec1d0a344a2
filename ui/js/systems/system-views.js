// The parts of the Systems dialog that show one file: what it declares (a definition list),
// its problems or advice (each `LINE:COLUMN message` over its line and a caret, in a <pre>), the preview
// of a file picked to add (Add / Cancel) and an added system shown with its text. Text only.

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { fileName } from '../transfer/file-type.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { addedText, declaresRows, problemLines, rostersText } from './systems-model.js';
import { plural } from '../transfer/import-plan.js';

/** What a file declares, as a definition list. */
export function declaresList(doc, declares) {
  return el(doc, 'dl', { className: 'system-declares' }, declaresRows(declares).flatMap(([label, text]) => [
    el(doc, 'dt', { text: label }),
    el(doc, 'dd', { text }),
  ]));
}

/**
 * Every problem of a file, in its order, each with its line and a caret under the column; with
 * `advice`, the advice on a file that reads, in the same shape.
 */
export function problemsList(doc, problems, { advice = false } = {}) {
  const id = advice ? 'system-advice' : 'system-problems';
  const list = el(doc, 'ol', { className: `system-problems${advice ? ' system-advice' : ''}`, id }, problems.map((problem) => {
    const shown = problemLines(problem);
    return el(doc, 'li', { className: 'system-problem' }, [
      el(doc, 'span', { className: 'system-problem-head', text: shown.head }),
      el(doc, 'pre', { className: 'system-problem-line', text: `${shown.text}\n${shown.caret}` }),
    ]);
  }));
  if (!advice) return list;
  list.setAttribute('aria-labelledby', 'system-advice-title');
  return el(doc, 'section', { className: 'system-advice-section' }, [
    el(doc, 'p', { className: 'system-advice-title', id: 'system-advice-title', text: 'Advice: the file reads, but check these' }),
    list,
  ]);
}

/** The heading lines of a system: its name, then `id · version N` and its summary. */
function identity(doc, system, more = []) {
  return el(doc, 'div', { className: 'system-identity' }, [
    el(doc, 'p', { className: 'system-name', text: system.name }),
    el(doc, 'p', { className: 'system-id', text: [`${system.id}`, `version ${system.version}`, ...more].join(' · ') }),
    system.summary ? el(doc, 'p', { className: 'system-summary', text: system.summary }) : el(doc, 'span', { hidden: true }),
  ]);
}

/**
 * The preview of the file at `path`: what it declares with Add and Cancel, or every problem
 * with Add off. Resolves to what adding it did, or null (cancelled, or nothing could be added).
 */
export async function previewAndAdd(ctx, path) {
  const doc = document;
  const name = fileName(path);
  const { dialog, body, actions } = buildDialog(doc, { title: `Add ${name}`, className: 'system-preview-dialog' });
  dialog.id = 'system-preview-dialog';
  dialog.setAttribute('aria-busy', 'true');
  const status = el(doc, 'p', { className: 'system-preview-status', id: 'system-preview-status', role: 'status', text: `Reading ${name}…` });
  const content = el(doc, 'div', { className: 'system-preview-content scroll-shadows' });
  body.append(status, content);
  const add = dialogButton(doc, 'Add', { kind: 'primary', type: 'submit' });
  add.id = 'system-add';
  add.disabled = true;
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  actions.append(cancel, add);

  let added = null;
  let busy = false;
  dialog.addEventListener('cancel', (event) => {
    if (busy) event.preventDefault();
  });
  const showProblems = (problems, headline) => {
    status.textContent = headline;
    content.replaceChildren(problemsList(doc, problems));
    add.disabled = true;
  };

  add.addEventListener('click', async () => {
    busy = true;
    add.disabled = true;
    status.textContent = `Adding ${name}…`;
    try {
      added = await ctx.api.addSystem(path);
      busy = false;
      dialog.close('added');
      ctx.toast(addedText(added));
    } catch (error) {
      busy = false;
      // The file changed since its preview, or its id is taken: the store says which.
      const refusal = ctx.api.toCommandError(error);
      status.textContent = `Not added: ${refusal.message}`;
      add.disabled = true;
    }
  });

  const shown = openModal(dialog, { initial: cancel });
  try {
    const preview = await ctx.api.previewSystem(path);
    if (preview.system) {
      const system = preview.system;
      const advised = preview.advice.length ? ` It can be added as it is; ${plural(preview.advice.length, 'piece')} of advice below.` : '';
      status.textContent = `${name} declares ${isolated(system.name)}: ${plural(system.declares.rolls.length, 'roll')}.${advised}`;
      content.replaceChildren(
        identity(doc, system),
        ...(preview.advice.length ? [problemsList(doc, preview.advice, { advice: true })] : []),
        declaresList(doc, system.declares),
      );
      add.disabled = false;
      add.focus();
    } else {
      showProblems(preview.problems, `${name} cannot be added: fix ${preview.problems.length === 1 ? 'this problem' : `these ${preview.problems.length} problems`} and pick it again.`);
    }
  } catch (error) {
    status.textContent = `${name} could not be read: ${ctx.api.toCommandError(error).message}`;
  } finally {
    dialog.removeAttribute('aria-busy');
  }
  await shown;
  return added;
}

/** An added system: what it declares and its file's text, read only. */
export async function showSystem(ctx, id) {
  const doc = document;
  const shown = await ctx.api.showSystem(id);
  const { system, source } = shown;
  const { dialog, body, actions } = buildDialog(doc, { title: system.name, className: 'system-show-dialog', closeButton: true });
  dialog.id = 'system-show-dialog';
  const text = el(doc, 'pre', { className: 'system-source', id: 'system-source', tabindex: '0', 'aria-label': `The file of ${system.id}, as added`, text: source });
  body.append(
    identity(doc, system, [rostersText(system.rosters), `added ${new Date(system.added_at).toLocaleString()}`]),
    declaresList(doc, system.declares),
    el(doc, 'p', { className: 'system-source-title', text: 'The file, as added' }),
    text,
  );
  const close = dialogButton(doc, 'Close', { onClick: () => dialog.close('') });
  actions.append(close);
  await openModal(dialog, { initial: close });
}

