// Pieces every system's table panel is built from: the one way a move is played (`playMove`), a
// compact exact-odds block fed by a move's preview, a roll's dice with the events it caused,
// meters and in-place track edits, small labelled inputs with the served ranges, and an inline
// "are you sure?" for moves that touch everyone. Text only through el() (textContent).

import { mountCompare } from '../../compare-view.js';
import { renderResult } from '../../dice-view.js';
import { el } from '../../dom.js';
import { markPending, oddsParts, renderOdds, showNoOdds } from '../../odds-view.js';
import { latestOnly } from '../../timing.js';
import { trackEditor } from './track-edit.js';
import { eventLines } from '../encounter-model.js';
import { kindOf } from '../../roll-panel/prefill.js';

let blocks = 0;

/**
 * An odds block as odds-view.js expects it: `{panel, success, meta, note, chart, table}`. With
 * `compare` (the panel's `ctx.compare`, and `planInputs` for a form that can tell what a plan
 * needs) it ends with the same "Compare choices" as the roll panels (compare-view.js), fed the
 * request each preview shows (`previewer`, `showPreview`).
 */
export function oddsBlock(doc, caption = 'Chance of success', { compare = null, planInputs = null } = {}) {
  const labelId = `tp-odds-${++blocks}`;
  const { view, lead } = oddsParts(doc, { labelId, caption });
  view.panel = el(doc, 'section', { className: 'tp-odds odds', 'aria-label': 'Exact odds', 'aria-busy': 'false' }, [
    ...lead,
    el(doc, 'details', { className: 'tp-outcomes' }, [
      el(doc, 'summary', { text: 'Every outcome' }),
      el(doc, 'div', { className: 'outcomes-wrap' }, [
        el(doc, 'table', { className: 'outcomes', 'aria-label': 'Chance of every outcome' }, [view.table]),
      ]),
    ]),
  ]);
  if (compare) view.compared = compareBlock(doc, view, labelId, compare, planInputs);
  return view;
}

/**
 * What the odds blocks' Compare asks (`ctx.compare`), all under the roster's house rules: its
 * catalog (read once, for the kinds' comparisons and its stunt levels), a field varied, a plan.
 * `version`: the encounter's version of its system from a file, whose kinds are compared.
 */
export function compareCalls(api, rosterId, version = null) {
  let catalog = null;
  return {
    version,
    catalog: () => {
      catalog ??= api.catalog(rosterId).catch((error) => {
        catalog = null;
        throw error;
      });
      return catalog;
    },
    vary: (request, field, values) => api.oddsCompare(request, field, values, rosterId),
    plan: (plan) => api.oddsPlan(plan, rosterId),
    errorText: (error) => api.toCommandError(error).message,
  };
}

/**
 * The Compare of an odds block: the previewed request's kind is looked up in the roster's
 * catalog (its stunt levels are the choices) when it changes; `(request | null)` → shown.
 */
function compareBlock(doc, view, prefix, compare, planInputs) {
  const block = mountCompare(doc, {
    prefix,
    call: compare.vary,
    callPlan: compare.plan,
    planInputs,
    errorText: compare.errorText,
  });
  view.panel.append(block.element);
  let kindKey = null;
  return async (request) => {
    const key = request ? `${request.system}/${request.roll}` : kindKey;
    if (key !== kindKey) {
      kindKey = key;
      const catalog = await compare.catalog().catch(() => null);
      // A newer preview of another kind got here first: it sets its own kind.
      if (key !== kindKey) return;
      block.setKind(kindOf(catalog, request, compare.version ?? null)?.kind ?? null);
    }
    block.update(request);
  };
}

/**
 * A function that shows the preview of a move in `view` (`preview(move)` answers `{request,
 * odds}` or null) and resolves to the previewed request; null when refused or rolling nothing,
 * `undefined` when a newer preview superseded it (only the latest answer is shown).
 * `settled(error | null)` hears how the latest one ended, once shown (a form shows a refusal at
 * its field, and may say so in place of the refusal's words);
 * `.invalidate()` makes the one on its way show nothing (the form changed into one not sent).
 * @param {any} view
 * @param {(move: any) => Promise<any>} preview
 * @param {{settled?: ((error: any) => void) | null}} [how]
 */
export function previewer(view, preview, { settled = null } = {}) {
  const call = latestOnly((move) => preview(move));
  const run = async (/** @type {any} */ move) => {
    markPending(view);
    const answer = await call(move);
    if (answer.superseded) return undefined;
    if (answer.error) {
      showNoOdds(view, `No odds: ${answer.error?.message ?? String(answer.error)}`);
      view.compared?.(null);
      settled?.(answer.error);
      return null;
    }
    settled?.(null);
    if (!answer.value) {
      showNoOdds(view, 'This move rolls nothing.');
      view.compared?.(null);
      return null;
    }
    renderOdds(view, answer.value.odds, null, answer.value.request);
    view.compared?.(answer.value.request);
    return answer.value.request;
  };
  run.invalidate = () => call.invalidate();
  return run;
}

/**
 * Shows the preview of `move` in `view` once: `preview(move)` answers `{request, odds}` or null.
 * Resolves to the previewed request (or null). Several in flight: use `previewer`.
 */
export async function showPreview(view, preview, move) {
  markPending(view);
  try {
    const answer = await preview(move);
    if (!answer) {
      showNoOdds(view, 'This move rolls nothing.');
      view.compared?.(null);
      return null;
    }
    renderOdds(view, answer.odds, null, answer.request);
    view.compared?.(answer.request);
    return answer.request;
  } catch (error) {
    showNoOdds(view, `No odds: ${error?.message ?? String(error)}`);
    view.compared?.(null);
    return null;
  }
}

/** A value out of its max as a share (0..1) and a level word for the bar's colour. */
export function meterLevel({ current, max }) {
  const share = max > 0 ? Math.min(1, Math.max(0, current / max)) : 0;
  const level = current === 0 ? 'down' : share <= 0.25 ? 'low' : share <= 0.5 ? 'hurt' : 'ok';
  return { share, level };
}

/**
 * A bar and the numbers of something that runs down (HTK, health): `label` names it for screen
 * readers, `text` is what the numbers say, `className`/`numbersRole` let a panel's tests find it.
 * With `edit` (`{who, track, label, change}`, track-edit.js) the numbers are a button that
 * changes the value in place.
 */
export function meter(doc, { label, value, text, className = '', numbersRole = 'meter-numbers', edit = null }) {
  const { share, level } = meterLevel(value);
  const fill = el(doc, 'span', { className: 'tp-meter-fill' });
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  const numbers = edit
    ? trackEditor(doc, { ...edit, value: value.current, text, role: numbersRole })
    : el(doc, 'span', { className: 'tp-meter-numbers', 'data-role': numbersRole, text });
  if (edit) numbers.classList.add('tp-meter-numbers');
  return el(doc, 'div', { className: `tp-meter ${className} ${level}`.replace(/\s+/g, ' ') }, [
    el(doc, 'span', { className: 'tp-meter-bar', role: 'meter', 'aria-label': label, 'aria-valuemin': 0, 'aria-valuemax': value.max, 'aria-valuenow': value.current }, [fill]),
    numbers,
  ]);
}

/**
 * The `edit` of a tracked number for `ctx.play` (the shell toasts a refusal and rejects):
 * answers null once played, else the refusal's message for the box.
 */
export function adjuster(ctx, system, participant, track, label) {
  return {
    who: participant.name,
    track,
    label,
    key: `${participant.id}:${track}`,
    change: async (change) => {
      try {
        await ctx.play({ system, move: 'adjust', participant_id: participant.id, track, ...change });
        return null;
      } catch (error) {
        return error?.message ?? String(error);
      }
    },
  };
}

/**
 * Keeps the odds a roll was made with on show beside its result (issue 17) until the GM moves
 * on: `hold()` after the roll, `release()` when the form changes or the turn moves (answers
 * whether they were held). While `held`, a panel does not preview the next action.
 */
export function oddsHold(view) {
  const label = view.panel.querySelector('.success-label');
  const caption = label?.textContent ?? '';
  let held = false;
  return {
    get held() { return held; },
    hold() {
      held = true;
      view.panel.classList.add('held');
      if (label) label.textContent = `${caption} (this roll)`;
    },
    release() {
      if (!held) return false;
      held = false;
      view.panel.classList.remove('held');
      if (label) label.textContent = caption;
      return true;
    },
  };
}

/** The Roll button(s) with the roll's result right beside them, where the eye already is. */
export function rollRow(doc, buttons, result) {
  return el(doc, 'div', { className: 'tp-roll-row' }, [el(doc, 'div', { className: 'tp-roll-buttons' }, buttons), result]);
}

/**
 * The one way a panel plays a move: `ctx.play` (the shell toasts a refusal), the refusal also
 * said in `error` when the panel has such a line, and `shown(answer)` once it is played.
 * Answers the TablePlay, or null when refused.
 * @param {any} ctx
 * @param {any} move
 * `refused(e)` hears the refusal after `error` shows it (a form may show it at a field instead).
 * @param {{error?: HTMLElement | null, shown?: ((answer: any) => void) | null, refused?: ((e: any) => void) | null}} [how]
 */
export async function playMove(ctx, move, { error = null, shown = null, refused = null } = {}) {
  if (error) error.hidden = true;
  let answer;
  try {
    answer = await ctx.play(move);
  } catch (e) {
    if (error) {
      error.textContent = e?.message ?? String(e);
      error.hidden = false;
    }
    refused?.(e);
    return null;
  }
  if (answer) shown?.(answer);
  return answer ?? null;
}

/**
 * `playMove` for a panel that shows what happened in `result`: a roll's dice and the events,
 * or the events; the refusal in `error`.
 */
export function panelPlayer(ctx, { system, result, error }) {
  const doc = result.ownerDocument;
  return (move, what) => playMove(ctx, { system, ...move }, {
    error,
    shown: (answer) => {
      if (answer.rolls?.length) {
        showPlay(result, answer, what);
        return;
      }
      result.replaceChildren(eventList(doc, answer.entry.events));
      result.hidden = false;
    },
  });
}

/** Shows what a TablePlay rolled (its first roll's dice) and every event of the action. */
export function showPlay(container, play, what) {
  const doc = container.ownerDocument;
  const dice = el(doc, 'div', { className: 'tp-dice' });
  const parts = [];
  const roll = play.rolls?.[0];
  if (roll) {
    renderResult(dice, roll.result, what, { idPrefix: `tp-dice-${++blocks}` });
    parts.push(dice);
  }
  // The dice view already says the roll's detail line: the events repeat it only in the log.
  const events = (play.entry?.events ?? []).filter((e) => !(roll && e.roll_detail));
  parts.push(eventList(doc, events));
  container.replaceChildren(...parts);
  container.hidden = false;
}

/** Events as a list; an event that states a ruling (by its id) gets the app's Ruling badge. */
export function eventList(doc, events) {
  return el(doc, 'ul', { className: 'tp-events', 'aria-label': 'What happened' }, eventLines(events).map(({ ruling, text }) => el(doc, 'li', { className: ruling ? 'ruled' : '' }, [
    ...(ruling ? [el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' })] : []),
    el(doc, 'span', { text }),
  ])));
}

/**
 * A labelled whole-number input; without `min`/`max` (a range not served) it takes any number.
 * @param {Document} doc
 * @param {{label: string, name: string, value?: number, min?: number, max?: number, width?: string}} options
 */
export function numberField(doc, { label, name, value = 0, min, max, width = 'narrow' }) {
  const input = el(doc, 'input', { type: 'number', name, value: String(value), min, max, step: '1', className: `text-input tp-num ${width}` });
  return { input, field: el(doc, 'label', { className: 'tp-field' }, [el(doc, 'span', { text: label }), input]) };
}

/**
 * The range of a table move's number as Rust serves it (the catalog's `table_ranges`, the
 * declarations the table's checks use): `{min, max}` to spread into numberField, `{}` when the
 * catalog is not there or does not name it.
 * @param {import('../../../types/bindings').Catalog | null | undefined} catalog
 * @param {string} system @param {string} move @param {string} field
 * @returns {{min?: number, max?: number}}
 */
export function moveRange(catalog, system, move, field) {
  const found = catalog?.table_ranges?.find((r) => r.system === system && r.move === move && r.field === field);
  return found ? { min: found.min, max: found.max } : {};
}

/**
 * The range of a roll request's field as Rust serves it (the catalog's kinds, the declarations
 * the request parser checks): `{min, max}` to spread into an input, `{}` when not served.
 * @param {import('../../../types/bindings').Catalog | null | undefined} catalog
 * @param {string} system @param {string} kind @param {string} field
 * @returns {{min?: number, max?: number}}
 */
export function fieldRange(catalog, system, kind, field) {
  const spec = catalog?.systems?.find((s) => s.id === system)?.kinds.find((k) => k.id === kind)?.fields.find((f) => f.name === field);
  return spec?.type === 'int' ? { min: spec.min, max: spec.max } : {};
}

/** A labelled select of `[value, text]` options. */
export function selectField(doc, { label, name, options = [] }) {
  const select = el(doc, 'select', { name, className: 'text-input' });
  setOptions(select, options);
  return { select, field: el(doc, 'label', { className: 'tp-field' }, [el(doc, 'span', { text: label }), select]) };
}

/** Replaces a select's options, keeping the chosen value when it is still offered and `keep`. */
export function setOptions(select, options, keep = true) {
  const doc = select.ownerDocument;
  const kept = select.value;
  select.replaceChildren(...options.map(([value, text]) => el(doc, 'option', { value, text })));
  if (keep && options.some(([value]) => value === kept)) select.value = kept;
}

/** A whole number from an input, or `fallback` when empty or not a number. */
export function intOf(input, fallback = 0) {
  const n = Number.parseInt(input.value, 10);
  return Number.isFinite(n) ? n : fallback;
}

/**
 * A button that asks before it acts: the first press shows `question` with Yes/Cancel beside
 * it; Yes runs `run`.
 */
export function confirmButton(doc, { label, question, yes, run, role }) {
  const button = el(doc, 'button', { type: 'button', className: 'button', 'data-role': role, text: label });
  const ask = el(doc, 'span', { className: 'tp-confirm', hidden: true, role: 'group', 'aria-label': question });
  const yesButton = el(doc, 'button', { type: 'button', className: 'button primary', 'data-role': `${role}-yes`, text: yes });
  const cancel = el(doc, 'button', { type: 'button', className: 'button quiet', text: 'Cancel' });
  ask.append(el(doc, 'span', { text: question }), yesButton, cancel);
  const close = () => {
    ask.hidden = true;
    button.hidden = false;
  };
  button.addEventListener('click', () => {
    button.hidden = true;
    ask.hidden = false;
    yesButton.focus();
  });
  cancel.addEventListener('click', () => {
    close();
    button.focus();
  });
  yesButton.addEventListener('click', async () => {
    close();
    await run();
  });
  return el(doc, 'span', { className: 'tp-confirm-wrap' }, [button, ask]);
}
