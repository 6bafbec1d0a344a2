// The Notation field of Quick roll: a text input for a dice expression (../shared/DICE.md) with a
// mirror of its text drawn underneath, where the engine's problems are underlined at their
// columns; the problems in words beside it (the input's aria-describedby); and a value field for
// each @name the expression uses. What is wrong and which names it uses come from the engine
// (`dice_check`); this module only shows them.

import { el } from '../dom.js';
import { fieldModel } from '../form.js';
import { readValues, renderFields, showFieldErrors } from '../form-view.js';
import { markedRuns, problemWords, sameNames, valuesOf } from './notation-model.js';

/** @typedef {import('../../types/bindings').DiceCheck} DiceCheck */

/**
 * Builds the field. `onInput()` hears every change of the expression or a value. Returns
 * `{element, read(), set({expr, values}), show(check), focus()}`:
 * - `read()` → `{expr, values}`: the text typed and every value kept (a name erased keeps its
 *   value for when it comes back; `valuesOf` picks the ones the expression uses);
 * - `set({expr, values})` puts an expression and values in (a saved roll), without `onInput`;
 * - `show(check)` draws the engine's answer for the text and answers true when it gave new
 *   names their starting value (the values changed, so the caller asks again);
 * - `names()` the names of the last answer shown.
 * @param {Document} doc
 * @param {{prefix: string, onInput: () => void}} options
 */
export function mountNotation(doc, { prefix, onInput }) {
  const inputId = `${prefix}-notation`;
  const helpId = `${inputId}-help`;
  const problemsId = `${inputId}-problems`;
  const state = { names: /** @type {string[]} */ ([]), fields: [], kept: /** @type {Record<string, number>} */ ({}), shownFor: null };

  const input = el(doc, 'input', {
    type: 'text',
    id: inputId,
    className: 'notation-input',
    spellcheck: 'false',
    autocomplete: 'off',
    autocapitalize: 'off',
    placeholder: '4d6kh3',
    'aria-describedby': `${helpId} ${problemsId}`,
  });
  const mirror = el(doc, 'div', { className: 'notation-mirror', 'aria-hidden': 'true' });
  const problems = el(doc, 'ul', { className: 'notation-problems', id: problemsId, 'aria-live': 'polite' });
  const values = el(doc, 'fieldset', { className: 'fields notation-values', hidden: true }, [
    el(doc, 'legend', { className: 'label', text: 'Values' }),
  ]);
  const element = el(doc, 'div', { className: 'notation', hidden: true }, [
    el(doc, 'label', { className: 'label', for: inputId, text: 'Notation' }),
    el(doc, 'div', { className: 'notation-box' }, [mirror, input]),
    problems,
    el(doc, 'p', { className: 'help', id: helpId, text: 'Dice as you would write them: 2d6+3, 4d6kh3, 8d10x cs>=8, d20+@bonus. The odds follow every key.' }),
    values,
  ]);

  /** The mirror under the input: the same text, transparent, the problems' words underlined. */
  function drawMirror(text, found) {
    mirror.replaceChildren(...markedRuns(text, found).map((run) => (run.problem === null
      ? doc.createTextNode(run.text)
      : el(doc, 'mark', { className: 'notation-mark', 'data-problem': run.problem, text: run.text }))));
    mirror.scrollLeft = input.scrollLeft;
  }

  function drawValues(check) {
    if (!sameNames(state.names, check.names)) {
      state.names = [...check.names];
      state.fields = check.values.map(fieldModel);
      const shown = {};
      for (const field of state.fields) shown[field.name] = state.kept[field.name] ?? field.default;
      renderFields(values, state.fields, shown, () => {}, { idPrefix: `${prefix}-value` });
      values.hidden = state.fields.length === 0;
    }
    const atValues = check.problems.flatMap((problem) => (problem.field.startsWith('values.')
      ? [{ field: problem.field.slice('values.'.length), item: null, reason: problem.message }]
      : []));
    showFieldErrors(values, atValues);
  }

  /** Every value field's number into `kept`; a field that holds no whole number is left out. */
  function keepValues() {
    const { values: read } = readValues(values, state.fields);
    for (const field of state.fields) {
      if (field.name in read) state.kept[field.name] = read[field.name];
      else delete state.kept[field.name];
    }
  }

  input.addEventListener('input', () => {
    // The marks are of the text checked last: until the new answer, none is drawn under a
    // text they no longer fit.
    drawMirror(input.value, []);
    element.dataset.checked = 'false';
    onInput();
  });
  input.addEventListener('scroll', () => { mirror.scrollLeft = input.scrollLeft; });
  // The caret moving (keys, clicks) scrolls a long expression without an input event.
  input.addEventListener('keyup', () => { mirror.scrollLeft = input.scrollLeft; });
  values.addEventListener('input', () => {
    keepValues();
    onInput();
  });

  return {
    element,
    read: () => ({ expr: input.value, values: { ...state.kept } }),
    names: () => [...state.names],
    /** The values of the names the expression used at the last answer. */
    given: () => valuesOf(state.names, state.kept),
    set({ expr = '', values: given = {} } = {}) {
      input.value = expr;
      state.kept = { ...state.kept, ...given };
      state.names = [];
      drawMirror(expr, []);
    },
    /** @param {DiceCheck} check the answer for `expr` */
    show(check, expr) {
      drawValues(check);
      let started = false;
      for (const field of state.fields) {
        if (!(field.name in state.kept)) {
          state.kept[field.name] = field.default;
          started = true;
        }
      }
      const found = check.problems;
      const atExpr = found.filter((p) => p.field === 'expr');
      drawMirror(expr, found);
      if (atExpr.length) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
      problems.replaceChildren(...atExpr.map((problem) => el(doc, 'li', {
        className: 'field-error',
        'data-column': problem.column ?? '',
        text: problemWords(problem),
      })));
      // For tests to wait on: the text this answer is for, and how many problems it has.
      element.dataset.checked = 'true';
      element.dataset.expr = expr;
      element.dataset.problems = String(found.length);
      return started;
    },
    focus: () => input.focus(),
    setHidden(hidden) {
      element.hidden = hidden;
    },
  };
}
