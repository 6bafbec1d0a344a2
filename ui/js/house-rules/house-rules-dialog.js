// The house rules dialog. A stunt roster's rules are its level list (rename, add, remove,
// reorder) and the levels x levels chart of targets, edited as a grid with arrow-key movement;
// the rulings that are numbers (the catalog's `house_rule_numbers`: stunt Minor Damage dice, d12
// miss margin) are number inputs with the served range and help and a "Reset to the ruling"
// each. Save sends them with `roster_update`, whose problems appear at their cells and inputs.
// The other systems have nothing a GM can set, and the dialog says so. The shell imports
// editHouseRules by name.

import * as defaultApi from '../api.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { problemText } from '../sheet/model.js';
import { placeByPath, subjectOf } from '../sheet/placement.js';
import { addLevel, editableRules, moveLevel, readRules, removeLevel, renameLevel, setCell, stepCell } from './chart-model.js';
import { editableNumbers, numbersFor, readNumbers, resetNumber, standing, standingText } from './numbers-model.js';
import { isolated } from '../format.js';

const SYSTEM_NAMES = { stunt: 'Uniform Stunt Chart', genre: 'GENRE', universe: 'Universe Deck d20', marks: '64 Bit Heroes Marks', d12: 'd12 Ranks' };

async function nothingToSet(doc, roster) {
  const system = SYSTEM_NAMES[roster.system] ?? roster.system;
  const { dialog, body, actions } = buildDialog(doc, { title: `House rules of ${isolated(roster.name)}`, className: 'house-rules-dialog' });
  body.append(el(doc, 'p', {
    className: 'hr-nothing',
    text: `${system} has no house rules to set: every ${system} roll follows the rules as written. Uniform Stunt Chart rosters have house rules (their level list, chart and Minor Damage dice), and so do d12 Ranks rosters (their miss margin).`,
  }));
  const close = dialogButton(doc, 'Close', { kind: 'primary', onClick: () => dialog.close() });
  actions.append(close);
  await openModal(dialog, { initial: close });
  return null;
}

/**
 * The numbers' inputs: one per number the catalog serves for the roster's system, with its
 * range, help, whether it is the ruling or a house rule, and "Reset to the ruling".
 * Returns `{element, read()}`; `read()` answers `readNumbers`' `{numbers, problems}`.
 */
function numbersPart(doc, numbers, houseRules) {
  let values = editableNumbers(numbers, houseRules);
  const rows = numbers.map((n) => {
    const id = `hr-number-${n.name}`;
    const input = el(doc, 'input', {
      type: 'number', id, min: n.min, max: n.max, step: 1, value: values[n.name], inputmode: 'numeric',
      'data-number': n.name, 'aria-describedby': `${id}-help ${id}-standing`, autocomplete: 'off',
    });
    const said = el(doc, 'p', { className: 'hr-standing', id: `${id}-standing`, 'aria-live': 'polite' });
    const reset = el(doc, 'button', { type: 'button', className: 'button quiet hr-reset', 'data-reset': n.name, text: 'Reset to the ruling', title: n.fromFile ? `Back to the system file's ${n.default}` : `Back to RULES.md's ${n.default}` });
    const refresh = () => {
      said.textContent = standingText(n, values[n.name]);
      said.dataset.standing = standing(n, values[n.name]);
      reset.disabled = said.dataset.standing === 'ruling';
    };
    input.addEventListener('input', () => {
      values = { ...values, [n.name]: input.value };
      refresh();
    });
    reset.addEventListener('click', () => {
      values = resetNumber(values, n);
      input.value = values[n.name];
      refresh();
      input.focus();
    });
    refresh();
    return el(doc, 'div', { className: 'hr-number', 'data-path': `house_rules.${n.name}`, 'data-label': n.label }, [
      el(doc, 'label', { className: 'hr-number-label', for: id, text: `${n.label} (${n.min}–${n.max})` }),
      input,
      reset,
      said,
      el(doc, 'p', { className: 'hr-help', id: `${id}-help`, text: n.help }),
      el(doc, 'p', { className: 'field-error slot-problem', hidden: true }),
    ]);
  });
  const element = el(doc, 'section', { className: 'hr-numbers', 'aria-labelledby': 'hr-numbers-title' }, [
    el(doc, 'h3', { className: 'hr-subtitle', id: 'hr-numbers-title', text: 'Rulings that are numbers' }),
    ...rows,
  ]);
  return { element, read: () => readNumbers(numbers, values) };
}

/**
 * Lets the GM edit `roster`'s house rules in a modal dialog. Resolves to the saved roster, or
 * null when nothing was saved (Cancel, Esc, or a system without house rules).
 */
export async function editHouseRules(roster, ctx = {}) {
  const api = ctx.api ?? defaultApi;
  const doc = globalThis.document;
  const catalog = ctx.catalog ?? await api.catalog().catch(() => null);
  const numbers = numbersFor(catalog, roster.system);
  const stunt = roster.system === 'stunt';
  if (!stunt && !numbers.length) return nothingToSet(doc, roster);

  let rules = editableRules(roster.house_rules?.stunt);
  let savedRoster = null;
  const { dialog, body, actions } = buildDialog(doc, {
    title: `House rules of ${isolated(roster.name)}`,
    description: stunt
      ? 'The level list rates every ability; the chart gives the product a stunt check needs on 2d6 (row: the Active level, column: the Defending level). Sheets follow renamed levels. Minor Damage is a ruling you may change.'
      : 'RULES.md decides where the source is silent; a ruling that is a number is yours to change for this roster. Odds, rolls, sheets and the table follow it.',
    className: `house-rules-dialog ${roster.system}`,
  });
  const numbersInputs = numbersPart(doc, numbers, roster.house_rules);
  const problemsBox = el(doc, 'div', { className: 'form-error hr-problems', role: 'alert', hidden: true });
  const levelList = el(doc, 'ol', { className: 'hr-levels', 'aria-label': 'Levels, lowest first' });
  const levelsSection = el(doc, 'section', { className: 'hr-levels-section', 'data-path': 'house_rules.stunt.levels', 'data-label': 'Levels', 'data-item-label': 'Level', 'aria-labelledby': 'hr-levels-title' }, [
    el(doc, 'h3', { className: 'hr-subtitle', id: 'hr-levels-title', text: 'Levels' }),
    el(doc, 'p', { className: 'field-error slot-problem', hidden: true }),
    levelList,
  ]);
  const addButton = el(doc, 'button', { type: 'button', className: 'add hr-add', text: '+ Add level', 'aria-label': 'Add level after the highest' });
  levelsSection.append(addButton);
  const grid = el(doc, 'table', { className: 'hr-grid', role: 'grid', 'aria-labelledby': 'hr-chart-title', 'aria-describedby': 'hr-chart-help' });
  const chartSection = el(doc, 'section', { className: 'hr-chart-section', 'data-path': 'house_rules.stunt.chart', 'data-label': 'Chart', 'aria-labelledby': 'hr-chart-title' }, [
    el(doc, 'h3', { className: 'hr-subtitle', id: 'hr-chart-title', text: 'Chart' }),
    el(doc, 'p', { className: 'hr-help', id: 'hr-chart-help', text: 'Target product by Active level (row) against Defending level (column). Arrow keys move between cells.' }),
    el(doc, 'p', { className: 'field-error slot-problem', hidden: true }),
    el(doc, 'div', { className: 'hr-grid-wrap' }, [grid]),
  ]);
  body.append(problemsBox);
  if (numbers.length) body.append(numbersInputs.element);
  if (stunt) body.append(el(doc, 'div', { className: 'hr-columns' }, [levelsSection, chartSection]));

  const save = dialogButton(doc, 'Save', { kind: 'primary', type: 'submit' });
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close() });
  actions.append(cancel, save);

  // A level's name is the GM's: isolated wherever a sentence or label says it.
  const levelName = (i) => isolated(rules.levels[i]?.trim() || `Level ${i + 1}`);

  function tool(action, index, text, label, disabled) {
    return el(doc, 'button', { type: 'button', className: `row-tool ${action}`, 'data-action': action, 'data-index': index, 'aria-label': label, title: label, disabled, text });
  }

  function renderLevels() {
    const n = rules.levels.length;
    levelList.replaceChildren(...rules.levels.map((name, i) => {
      const id = `hr-level-${i}`;
      return el(doc, 'li', { className: 'hr-level', 'data-path': `house_rules.stunt.levels[${i}]`, 'data-label': `Level ${i + 1}` }, [
        el(doc, 'label', { className: 'hr-level-number', for: id, text: String(i + 1) }),
        el(doc, 'input', { type: 'text', id, value: name, 'data-level': i, 'aria-label': `Level ${i + 1} name`, spellcheck: 'false', autocomplete: 'off' }),
        tool('up', i, '↑', `Move ${levelName(i)} up`, i === 0),
        tool('down', i, '↓', `Move ${levelName(i)} down`, i === n - 1),
        tool('insert', i, '+', `Add a level after ${levelName(i)}`, false),
        tool('remove', i, '×', `Remove ${levelName(i)}`, n <= 2),
        el(doc, 'p', { className: 'field-error slot-problem', hidden: true }),
      ]);
    }));
  }

  function renderGrid() {
    const n = rules.levels.length;
    const head = el(doc, 'tr', {}, [el(doc, 'th', { className: 'hr-corner', scope: 'col', text: 'Active ↓ Defending →' })]);
    rules.levels.forEach((_, d) => head.append(el(doc, 'th', { scope: 'col', className: 'hr-col-head', 'data-col': d, text: levelName(d) })));
    const rows = rules.chart.map((row, a) => el(doc, 'tr', {}, [
      el(doc, 'th', { scope: 'row', className: 'hr-row-head', 'data-row': a, text: levelName(a) }),
      ...row.map((cell, d) => el(doc, 'td', { className: a === d ? 'hr-cell same' : 'hr-cell', 'data-path': `house_rules.stunt.chart[${a}][${d}]`, 'data-label': `${levelName(a)} against ${levelName(d)}` }, [
        el(doc, 'input', {
          type: 'text',
          inputmode: 'numeric',
          value: String(cell),
          'data-row': a,
          'data-col': d,
          'aria-label': `${levelName(a)} against ${levelName(d)}: target`,
          tabindex: a === 0 && d === 0 ? 0 : -1,
          autocomplete: 'off',
        }),
      ])),
    ]));
    grid.replaceChildren(el(doc, 'thead', {}, [head]), el(doc, 'tbody', {}, rows));
    grid.setAttribute('aria-rowcount', String(n + 1));
  }

  function render() {
    if (stunt) {
      renderLevels();
      renderGrid();
    }
    showProblems([]);
  }

  /** Problems at their level or cell (paths as `roster_update` gives them); the rest on top. */
  function showProblems(problems) {
    const located = new Map([...dialog.querySelectorAll('[data-path]')].map((node) => [node.dataset.path, node]));
    for (const node of dialog.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
    for (const node of dialog.querySelectorAll('.slot-problem')) {
      node.textContent = '';
      node.hidden = true;
    }
    const { placed, unplaced } = placeByPath(problems, new Set(located.keys()));
    const top = unplaced.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message));
    for (const [path, items] of placed) {
      const node = located.get(path);
      const text = items.map(({ item, rest }) => problemText(item.message, subjectOf(node.dataset.label, node.dataset.itemLabel, rest)));
      const slot = [...node.querySelectorAll('.slot-problem')].find((s) => s.closest('[data-path]') === node);
      if (slot) {
        slot.textContent = text.join(' ');
        slot.hidden = false;
      } else {
        // A cell has no room for a sentence: it is marked, and the sentence goes on top.
        top.push(`${node.dataset.label}: ${text.join(' ')}`);
      }
      const input = node.querySelector(':scope > input');
      if (input) input.setAttribute('aria-invalid', 'true');
    }
    problemsBox.hidden = top.length === 0;
    problemsBox.textContent = top.join(' ');
  }

  function focusCell(row, col) {
    const input = grid.querySelector(`input[data-row="${row}"][data-col="${col}"]`);
    if (!input) return;
    for (const cell of grid.querySelectorAll('input[tabindex="0"]')) cell.tabIndex = -1;
    input.tabIndex = 0;
    input.focus();
    input.select();
  }

  grid.addEventListener('keydown', (event) => {
    const input = event.target;
    if (!input.matches('input[data-row]') || event.altKey || event.ctrlKey || event.metaKey) return;
    const next = stepCell(Number(input.dataset.row), Number(input.dataset.col), event.key, rules.levels.length);
    if (!next) return;
    event.preventDefault();
    focusCell(next.row, next.col);
  });
  grid.addEventListener('focusin', (event) => {
    const input = event.target;
    if (!input.matches('input[data-row]')) return;
    for (const cell of grid.querySelectorAll('input[tabindex="0"]')) if (cell !== input) cell.tabIndex = -1;
    input.tabIndex = 0;
    // The row and column being read are marked in their headers.
    for (const th of grid.querySelectorAll('.current')) th.classList.remove('current');
    grid.querySelector(`th[data-row="${input.dataset.row}"]`)?.classList.add('current');
    grid.querySelector(`th[data-col="${input.dataset.col}"]`)?.classList.add('current');
  });
  grid.addEventListener('input', (event) => {
    const input = event.target;
    const text = input.value.trim();
    const value = /^\d+$/.test(text) ? Number(text) : input.value;
    rules = setCell(rules, Number(input.dataset.row), Number(input.dataset.col), value);
  });
  levelList.addEventListener('input', (event) => {
    const input = event.target;
    if (!input.matches('input[data-level]')) return;
    const i = Number(input.dataset.level);
    rules = renameLevel(rules, i, input.value);
    // The headers follow the name as it is typed (a full redraw would take the focus away).
    for (const th of grid.querySelectorAll(`th[data-row="${i}"], th[data-col="${i}"]`)) th.textContent = levelName(i);
  });
  // Once a name is typed, the cells read with it (in place: a redraw would take the focus from
  // the cell the GM just clicked).
  levelList.addEventListener('change', () => {
    for (const input of grid.querySelectorAll('input[data-row]')) {
      const label = `${levelName(Number(input.dataset.row))} against ${levelName(Number(input.dataset.col))}`;
      input.setAttribute('aria-label', `${label}: target`);
      input.parentElement.dataset.label = label;
    }
  });

  function structural(action, index) {
    if (action === 'up') rules = moveLevel(rules, index, index - 1);
    else if (action === 'down') rules = moveLevel(rules, index, index + 1);
    else if (action === 'remove') rules = removeLevel(rules, index);
    else if (action === 'insert') rules = addLevel(rules, index + 1);
    else if (action === 'add') rules = addLevel(rules);
    render();
    const focusIndex = { up: index - 1, down: index + 1, remove: Math.min(index, rules.levels.length - 1), insert: index + 1, add: rules.levels.length - 1 }[action];
    const again = levelList.querySelector(`button[data-action="${action}"][data-index="${focusIndex}"]:not(:disabled)`);
    const name = levelList.querySelector(`input[data-level="${focusIndex}"]`);
    if ((action === 'insert' || action === 'add') && name) {
      name.focus();
      name.select();
    } else (again ?? name)?.focus();
  }
  levelsSection.addEventListener('click', (event) => {
    const button = event.target.closest('button');
    if (!button || button.disabled) return;
    if (button === addButton) return structural('add', 0);
    if (button.dataset.action) structural(button.dataset.action, Number(button.dataset.index));
  });

  dialog.querySelector('form').addEventListener('submit', async () => {
    const chart = stunt ? readRules(rules) : { houseRules: {}, problems: [] };
    const typed = numbersInputs.read();
    const problems = [...typed.problems, ...chart.problems];
    if (problems.length) {
      showProblems(problems);
      return;
    }
    // What the dialog does not edit (another system's numbers, a d12 roster's unused chart)
    // goes back as it was.
    const houseRules = { ...roster.house_rules, ...chart.houseRules, ...typed.numbers };
    save.disabled = true;
    try {
      savedRoster = await api.updateRoster(roster.id, { house_rules: houseRules });
      ctx.bus?.dispatchEvent(new CustomEvent('rosters-changed', { detail: { roster: savedRoster } }));
      dialog.close('saved');
    } catch (error) {
      const refusal = api.toCommandError ? api.toCommandError(error) : error;
      showProblems(refusal.problems?.length ? refusal.problems : [{ path: '', message: refusal.message }]);
    } finally {
      save.disabled = false;
    }
  });

  render();
  const initial = stunt ? levelList.querySelector('input') : dialog.querySelector('input[data-number]');
  await openModal(dialog, { initial });
  return savedRoster;
}
