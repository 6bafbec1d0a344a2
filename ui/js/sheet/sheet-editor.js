// The character sheet editor: the header fields and the system's form, checked by the rules as
// the GM types (`sheet_check`), saved automatically when nothing is wrong, with undo/redo and a
// 🎲 beside every rating the sheet can roll. The shell imports openSheet by this name.

import * as defaultApi from '../api.js';
import { el } from '../dom.js';
import { debounce, latestOnly } from '../timing.js';
import { canRedo, canUndo, createHistory, record, redo, seal, undo } from './history.js';
import { characterDraft, problemCount, readCharacterDraft } from './model.js';
import { applyRowAction } from './row-actions.js';
import { placeRollButtons, showDerived, showProblems } from './sheet-annotations.js';
import { formDrawing } from './form-drawing.js';
import { refillForm } from './form-refill.js';
import { redrawSheetForm } from './form-redraw.js';
import { mapRowPath, renderSheetForm } from './sheet-form.js';
import { fillKept, sheetFrame } from './sheet-frame.js';
import { fillHeader, renderHeader } from './sheet-header.js';
import { editedDraft, focusAtLoc, locOf } from './sheet-inputs.js';
import { fileSpecOf, fileSpecs, sheetModel } from './systems/index.js';
import { isolated } from '../format.js';
import { keptLines, withoutKept } from '../systems/upgrade-model.js';

/** Quiet time after the last keystroke before the sheet is checked (and saved when valid). */
const CHECK_DELAY_MS = 350;

let instances = 0;

/**
 * Renders `character`'s sheet (of `roster`'s system) inside `root` and keeps it saved.
 * Returns `{close(), undo(), redo()}`; close() saves an edit still waiting for its check.
 */
export function openSheet(root, { character, roster }, ctx = {}) {
  const api = ctx.api ?? defaultApi;
  const doc = root.ownerDocument;
  const prefix = `sheet${++instances}`;
  // The limits of every number are Rust's: the catalog the shell read at start (ctx.catalog).
  // A roster of a system from a file gets the form of its own version, not the newest's.
  const model = sheetModel(roster.system, ctx.catalog?.sheet_limits ?? [], ctx.catalog?.text_limits ?? null, fileSpecs(ctx.catalog), roster.system_version ?? null);
  const env = { levels: roster.house_rules?.stunt?.levels ?? [] };

  const { section, title, subtitle, tools, head, unplaced, kept, otherRolls, form } = sheetFrame(doc, { character, roster, prefix });
  root.replaceChildren(section);

  if (!model) {
    form.replaceChildren(el(doc, 'p', { className: 'empty', text: `Rollbook has no sheet for the system “${roster.system}”.` }));
    section.dataset.characterId = character.id;
    return { close() { section.remove(); }, undo() {}, redo() {} };
  }

  let saved = character;
  let history = createHistory(characterDraft(model, character));
  let savedKey = JSON.stringify(readCharacterDraft(model, history.present).patch);
  let shown = { problems: [], derived: [] };
  let rolls = [];
  // Once the whole form is built: what the rules answered is placed in it, and the sheet names
  // its character (what a test waits for).
  const drawing = formDrawing(form, section, () => {
    section.dataset.characterId = character.id;
    annotate();
  });
  const kindNames = new Map();
  let saveChain = Promise.resolve();
  const checkCall = latestOnly((sheet) => api.checkSheet(roster.id, sheet));

  const currentKey = () => JSON.stringify(readCharacterDraft(model, history.present).patch);

  function setStatus(state, text) {
    tools.status.dataset.state = state;
    if (tools.status.textContent !== text) tools.status.textContent = text;
  }

  function showAllProblems(problems) {
    shown.problems = problems;
    if (drawing.busy()) return; // placed once the form is whole
    const lost = [...showProblems(head, problems.filter((p) => !p.path.startsWith('sheet'))), ...showProblems(form, problems.filter((p) => p.path.startsWith('sheet')))];
    unplaced.hidden = lost.length === 0;
    unplaced.textContent = lost.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join(' ');
  }

  function kindName(request) {
    return kindNames.get(`${request?.system}/${request?.roll}`) ?? '';
  }

  function placeRolls() {
    if (drawing.busy()) return;
    const others = placeRollButtons(form, rolls, kindName);
    otherRolls.hidden = others.length === 0;
    otherRolls.replaceChildren(otherRolls.firstChild, ...others);
  }

  async function refreshRolls() {
    try {
      rolls = await api.sheetRolls(saved.id);
    } catch {
      rolls = []; // no 🎲 rather than a broken sheet: rolls stay possible from Quick roll
    }
    placeRolls();
  }

  function showKept() {
    fillKept(kept, keptLines(history.present.sheet));
  }

  /** What the form shows beside its inputs: problems, derived values, 🎲 buttons. */
  function annotate() {
    showAllProblems(shown.problems);
    placeDerived();
    placeRolls();
  }

  function placeDerived() {
    if (!drawing.busy()) showDerived(form, shown.derived);
  }

  /**
   * Draws the form from the present draft. The sheet opened (`firstScreen`): what the view
   * shows first and the rest at the next frame (form-drawing.js); after that, over the form
   * shown, changing only the cards that differ (form-redraw.js), told from `before`, the draft
   * the form showed, when one is given.
   */
  function renderForm(firstScreen = false, before = null) {
    showKept();
    const options = { env, prefix };
    if (firstScreen) {
      drawing.draw((room) => renderSheetForm(form, model, history.present.sheet, { ...options, room }), true);
    } else {
      drawing.draw(() => {
        redrawSheetForm(form, model, history.present.sheet, { ...options, before });
        return null;
      });
    }
  }

  function updateButtons() {
    tools.undo.disabled = !canUndo(history);
    tools.redo.disabled = !canRedo(history);
  }

  async function save(patch, key) {
    if (key === savedKey) return;
    try {
      saved = await api.updateCharacter(saved.id, patch);
      savedKey = key;
      if (currentKey() === key) setStatus('saved', 'Saved');
      ctx.bus?.dispatchEvent(new CustomEvent('character-saved', { detail: { character: saved } }));
      await refreshRolls();
    } catch (error) {
      const refusal = api.toCommandError ? api.toCommandError(error) : error;
      if (refusal.problems?.length) showAllProblems(refusal.problems);
      setStatus('error', `Not saved: ${refusal.message}`);
    }
  }

  /** Checks the present draft; shows problems and derived values; saves it when it has no problem. */
  async function check() {
    const { patch, sheet, problems: local } = readCharacterDraft(model, history.present);
    const key = JSON.stringify(patch);
    let problems = local;
    if (local.some((p) => p.path.startsWith('sheet'))) {
      // A number still being typed: the rules cannot read the sheet yet.
      checkCall.invalidate();
    } else {
      const answer = await checkCall(sheet);
      if (answer.superseded) return;
      if (answer.error) {
        setStatus('error', `Not saved: the sheet could not be checked. ${answer.error.message ?? answer.error}`);
        return;
      }
      problems = [...local, ...answer.value.problems];
      shown.derived = answer.value.derived;
      placeDerived();
    }
    showAllProblems(problems);
    if (problems.length) {
      const count = problemCount(problems.length);
      setStatus('invalid', key === savedKey ? `Saved, with ${count} to fix` : `Not saved: ${count}`);
      return;
    }
    if (key === savedKey) {
      setStatus('saved', 'Saved');
      return;
    }
    setStatus('saving', 'Saving…');
    saveChain = saveChain.then(() => save(patch, key));
    await saveChain;
  }
  const scheduleCheck = debounce(check, CHECK_DELAY_MS);

  function changed() {
    updateButtons();
    title.textContent = history.present.name.trim() || 'Unnamed';
    setStatus('saving', 'Saving…');
    scheduleCheck();
  }

  const focusAt = (where) => focusAtLoc(section, where);

  /** Makes `next` the present (undo, redo): the whole form follows it, focus stays put. */
  function showHistory(next) {
    if (next === history) return;
    const active = doc.activeElement;
    const focus = section.contains(active) && active.dataset.loc ? { loc: JSON.parse(active.dataset.loc), action: active.dataset.action } : null;
    const before = history.present.sheet;
    history = next;
    fillHeader(head, history.present);
    // Values alone changed (an undo of typing): into the inputs they belong to; else redrawn.
    if (drawing.busy() || !refillForm(form, model, env, before, history.present.sheet)) renderForm(false, before);
    if (focus) focusAt(focus);
    changed();
  }

  function onEdit(event) {
    const next = editedDraft(history.present, event.target, mapRowPath);
    if (!next) return;
    history = record(history, next, event.target.dataset.loc);
    changed();
  }

  section.addEventListener('input', onEdit);
  section.addEventListener('change', (event) => {
    onEdit(event);
    history = seal(history);
    // A renamed attribute: labels and the super attributes' choices follow the new name. (No
    // `before`: the draft already holds the name typed, the form's labels the old one.)
    if (event.target.closest?.('[data-map-row]') && locOf(event.target).at(-1) === 'key') {
      renderForm();
      focusAt({ loc: locOf(event.target) });
    }
  });
  section.addEventListener('focusout', () => {
    history = seal(history);
  });
  section.addEventListener('click', (event) => {
    const button = event.target.closest?.('button');
    if (!button || !section.contains(button) || button.disabled) return;
    if (button.dataset.keptIndex !== undefined) {
      // Saved like any edit (and undone like one).
      const before = history.present.sheet;
      history = record(history, { ...history.present, sheet: withoutKept(before, Number(button.dataset.keptIndex)) });
      renderForm(false, before);
      changed();
      return;
    }
    if (button.dataset.rollIndex !== undefined) {
      const sheetRoll = rolls[Number(button.dataset.rollIndex)];
      if (sheetRoll) ctx.bus?.dispatchEvent(new CustomEvent('open-roll', { detail: { sheetRoll, character: saved, roster } }));
      return;
    }
    const action = button.dataset.action;
    if (action === 'undo') return showHistory(undo(history));
    if (action === 'redo') return showHistory(redo(history));
    if (!action || !button.dataset.loc) return;
    const result = applyRowAction(model, env, history.present, action, locOf(button));
    if (!result) return;
    const before = history.present.sheet;
    history = record(history, result.draft);
    renderForm(false, before);
    focusAt(result.focus);
    changed();
  });
  section.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    const isUndo = key === 'z' && !event.shiftKey;
    const isRedo = (key === 'z' && event.shiftKey) || key === 'y';
    if (!isUndo && !isRedo) return;
    // The sheet's own history, not the text box's (and not the app's "undo delete").
    event.preventDefault();
    event.stopPropagation();
    showHistory(isUndo ? undo(history) : redo(history));
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  renderHeader(head, history.present, prefix);
  renderForm(true);
  check();
  refreshRolls();
  api.catalog(roster.id).then((catalog) => {
    // A roster of a system from a file names its rolls as its own version does.
    const own = fileSpecOf(catalog, roster.system, roster.system_version ?? null);
    const systems = [...catalog.systems, ...(catalog.files ?? []).filter((f) => f.id !== roster.system), ...(own ? [own] : [])];
    for (const system of systems) for (const kind of system.kinds) kindNames.set(`${system.id}/${kind.id}`, kind.name);
    const system = systems.find((s) => s.id === roster.system);
    if (system) subtitle.textContent = `${isolated(roster.name)} · ${system.name}`;
    placeRolls();
  }, () => {});

  return {
    close() {
      scheduleCheck.cancel();
      drawing.cancel();
      if (currentKey() !== savedKey) check();
      section.remove();
    },
    undo() {
      showHistory(undo(history));
    },
    redo() {
      showHistory(redo(history));
    },
  };
}
