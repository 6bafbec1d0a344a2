// Printing sheets: this dialog chooses the paper and prints; the sheets themselves show in the
// preview window at the paper's size, laid out by the Rust side (docs/print.md). Print… opens the
// system print dialog on that window ("Save as PDF" is there too); once it has printed, this
// dialog closes. Closing the dialog closes the preview.

import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { PAPER_KEY, printedLines, scopeText, startingPaper } from './print-text.js';
import { isolated } from '../format.js';

/**
 * Prints the sheets of `characterIds` of `roster` (the whole roster when empty), in that order.
 * Resolves once the dialog is closed, with the last layout (`Printed`) or null.
 * @param {{roster: {id: string, name: string}, characterIds?: string[], names?: string[]}} what
 * @param {any} ctx the shell's context (`api`, `toast`)
 */
export async function printFlow({ roster, characterIds = [], names = [] }, ctx) {
  const doc = globalThis.document;
  const scope = scopeText(characterIds, names);
  const { dialog, form, body, actions } = buildDialog(doc, {
    title: `Print ${isolated(scope === 'the whole roster' ? roster.name : scope)}`,
    description: 'The preview window shows the sheets page by page, at the size of the paper.',
    className: 'print-dialog',
  });
  let paper = startingPaper(safeRead(PAPER_KEY), globalThis.navigator?.language ?? '');
  const choice = (value, label) => {
    const input = el(doc, 'input', { type: 'radio', name: 'print-paper', id: `print-paper-${value}`, value, checked: value === paper });
    input.addEventListener('change', () => {
      if (!input.checked) return;
      paper = /** @type {'a4' | 'letter'} */ (value);
      safeWrite(PAPER_KEY, paper);
      layOut();
    });
    return el(doc, 'label', { className: 'print-paper-choice', for: input.id }, [input, el(doc, 'span', { text: label })]);
  };
  const status = el(doc, 'div', { className: 'print-status', role: 'status', 'aria-live': 'polite' });
  body.append(
    el(doc, 'fieldset', { className: 'print-paper' }, [
      el(doc, 'legend', { className: 'label', text: 'Paper' }),
      choice('a4', 'A4 (210 × 297 mm)'),
      choice('letter', 'US Letter (8.5 × 11 in)'),
    ]),
    status,
  );
  const printButton = dialogButton(doc, 'Print…', { kind: 'primary', type: 'submit' });
  printButton.disabled = true;
  actions.append(dialogButton(doc, 'Close', { onClick: () => dialog.close() }), printButton);

  /** @type {any} */
  let printed = null;
  let asked = 0;
  const say = (lines, error = false) => {
    status.replaceChildren(...lines.map((line) => el(doc, 'p', { text: line })));
    status.classList.toggle('error', error);
  };
  async function layOut() {
    const mine = ++asked;
    printButton.disabled = true;
    say(['Laying the sheets out…']);
    try {
      const answer = await ctx.api.printPreview(roster.id, characterIds, paper);
      if (mine !== asked) return;
      printed = answer;
      say(printedLines(answer));
      printButton.disabled = false;
    } catch (error) {
      if (mine !== asked) return;
      printed = null;
      say([error?.message ?? String(error)], true);
    }
  }
  form.addEventListener('submit', async () => {
    if (!printed) return;
    try {
      // The system dialog is modal; once the sheets went to the printer (or a PDF) there is
      // nothing left to do here, so this dialog and the preview close. Cancelled, both stay.
      if (await ctx.api.printPreviewPrint()) dialog.close();
    } catch (error) {
      ctx.toast.error(error);
    }
  });

  const closed = openModal(dialog, { initial: printButton });
  layOut();
  await closed;
  asked += 1;
  try {
    await ctx.api.printPreviewClose();
  } catch (error) {
    ctx.toast.error(error);
  }
  return printed;
}

function safeRead(key) {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeWrite(key, value) {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private storage may be off; the choice then lasts this dialog only.
  }
}
