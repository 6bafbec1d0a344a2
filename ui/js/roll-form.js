// The roll form Quick roll and the roll panel share: a kind's fields with their errors, the
// seed, dice typed in by hand, the exact odds following every change (only the latest answer
// counts), Compare choices, and Roll, which checks the form first and lights up the outcome
// rolled on the odds shown for it. What differs is handed in: how the form's values become a
// request, how odds and rolls are asked for (Quick roll's typed notation, the panel's roster
// and character), and where a roll made is shown.

import { mountHandRoll } from './by-hand/hand-roll.js';
import { releaseChart } from './chart.js';
import { mountCompare } from './compare-view.js';
import { errorTarget, readSeed } from './form.js';
import { firstInvalid, readValues, renderFields, showFieldErrors } from './form-view.js';
import { markPending, renderOdds, showNoOdds } from './odds-view.js';
import { debounce, latestOnly } from './timing.js';

const ODDS_DELAY_MS = 120;

/**
 * @typedef {object} RollFormParts the form's elements: `fields` (the fieldset), `error` (a
 * message by the Roll button), `seed` and `seedError`, `rollButton`, `odds` (an odds-view block
 * with its `panel`, `chart` and `axis`) and `handSlot` (where the by-hand toggle and dice go:
 * `(toggle, area) => void`).
 * @typedef {object} RollFormCalls
 * @property {(values: Record<string, any>) => any} request the request the form's values make
 * @property {(request: any) => Promise<any>} odds asks for the odds of a request (an answer
 *   `settle` reads, or `{odds}`)
 * @property {(answer: any, request: any) => ({odds: any, request?: any} | {again: true} | {blocked: string})} [settle]
 *   reads the latest answer: its odds (for the request it names, else the one asked), `again`
 *   to ask anew (the form changed on it), or `blocked` with why there are none
 * @property {(request: any, seed: number | null, dice: any) => Promise<any>} roll makes the roll
 * @property {(request: any, answer: any, dice: any) => Promise<void> | void} rolled shows a roll made
 * @property {(request: any, faces: any) => Promise<any>} askDice the next die asked for by hand
 * @property {{call: Function, callPlan: Function}} compare the Compare choices' calls
 * @property {(error: any) => {message: string}} commandError an error as `{code, message}`
 * @property {() => boolean} [closed] true once the form's owner is gone
 * @property {() => void} [changed] told of every change to the fields
 */

/**
 * @param {Document} doc
 * @param {string} prefix ids of what the form adds
 * @param {RollFormParts} parts
 * @param {RollFormCalls} calls
 */
export function rollForm(doc, prefix, parts, calls) {
  const { fields, error, seed, seedError, rollButton, odds } = parts;
  const closed = calls.closed ?? (() => false);
  const settle = calls.settle ?? ((answer) => answer);
  const state = { models: [], ready: false, odds: null, oddsKey: null, hot: null, rolling: false };
  const oddsCall = latestOnly((request) => calls.odds(request));
  const errorText = (e) => calls.commandError(e).message;

  const compare = mountCompare(doc, { prefix, call: calls.compare.call, callPlan: calls.compare.callPlan, errorText });
  odds.panel.append(compare.element);
  // Dice rolled at the table: the engine asks for each die of the form's request.
  const hand = mountHandRoll(doc, {
    prefix,
    ask: (faces) => {
      const { request, errors } = read();
      if (errors) return Promise.reject(new Error('fix the highlighted field'));
      return calls.askDice(request, faces);
    },
    onToggle: (on) => {
      seed.disabled = on;
      showSeedError(null);
    },
    onDone: () => roll(),
    errorText,
  });
  parts.handSlot(hand.toggle, hand.area);

  /** A message that belongs to no single field, shown by the Roll button. */
  function showFormError(text) {
    error.hidden = !text;
    error.textContent = text ?? '';
  }

  function showSeedError(reason) {
    if (reason) seed.setAttribute('aria-invalid', 'true');
    else seed.removeAttribute('aria-invalid');
    seedError.textContent = reason ?? '';
    seedError.hidden = !reason;
  }

  /** Reads the form: `{request}` or `{errors}` (already shown at their fields). */
  function read() {
    const { values, errors } = readValues(fields, state.models);
    showFieldErrors(fields, errors);
    if (errors.length) return { errors };
    return { request: calls.request(values) };
  }

  /** Shows an engine error at the field it names (or by the Roll button), and no odds. */
  function showEngineError(failure) {
    const target = errorTarget(failure, state.models);
    if (target.fields.length === 1) {
      showFieldErrors(fields, [{ field: target.fields[0], item: target.item, reason: target.reason }]);
      showFormError(null);
    } else {
      showFieldErrors(fields, target.fields.map((field) => ({ field, item: null, reason: '' })));
      showFormError(target.text);
    }
    return target;
  }

  function blockOdds(why) {
    oddsCall.invalidate();
    compare.update(null);
    state.odds = null;
    state.oddsKey = null;
    showNoOdds(odds, why);
  }

  const hotFor = (key) => (state.hot && state.hot.key === key ? state.hot.outcome : null);

  async function update() {
    if (!state.ready) return;
    const { request, errors } = read();
    if (errors) {
      showFormError(null);
      blockOdds('No odds until the highlighted field is fixed.');
      return;
    }
    markPending(odds);
    const answer = await oddsCall(request);
    if (answer.superseded || closed()) return;
    if (answer.error) {
      const target = showEngineError(calls.commandError(answer.error));
      blockOdds(`No odds until the request is fixed: ${target.text}`);
      return;
    }
    const settled = settle(answer.value, request);
    if ('again' in settled) return update();
    if ('blocked' in settled) {
      showFormError(null);
      blockOdds(settled.blocked);
      return;
    }
    const sent = settled.request ?? request;
    showFieldErrors(fields, []);
    showFormError(null);
    state.odds = settled.odds;
    state.oddsKey = JSON.stringify(sent);
    renderOdds(odds, state.odds, hotFor(state.oddsKey), sent);
    compare.update(sent);
    hand.refresh();
  }
  const schedule = debounce(update, ODDS_DELAY_MS);

  /** Input changed: the odds on screen are old from this moment, new ones follow shortly. */
  function changed() {
    calls.changed?.();
    if (state.ready) markPending(odds);
    schedule();
  }

  /** Puts the field focus (and the screen) on the first field at fault, or the seed. */
  function refuse() {
    const bad = firstInvalid(fields) ?? (seed.getAttribute('aria-invalid') === 'true' ? seed : null);
    if (bad) {
      bad.scrollIntoView({ block: 'nearest' });
      bad.focus();
    }
  }

  async function roll() {
    if (state.rolling || !state.ready || closed()) return;
    schedule.cancel();
    const { request, errors } = read();
    const seedValue = hand.on() ? { value: null, reason: null } : readSeed(seed.value);
    showSeedError(seedValue.reason);
    if (errors || seedValue.reason) {
      if (errors) blockOdds('No odds until the highlighted field is fixed.');
      refuse();
      return;
    }
    const dice = hand.on() ? hand.faces() : null;
    if (hand.on() && !dice) {
      showFormError(`Type in every die first. ${hand.progress()}`);
      hand.focus();
      return;
    }
    state.rolling = true;
    rollButton.setAttribute('aria-disabled', 'true');
    try {
      const answer = await calls.roll(request, seedValue.value, dice);
      await calls.rolled(request, answer, dice);
      showFormError(null);
      if (dice) await hand.clear();
    } catch (failure) {
      const target = showEngineError(calls.commandError(failure));
      blockOdds(`No odds until the request is fixed: ${target.text}`);
      refuse();
    } finally {
      state.rolling = false;
      rollButton.removeAttribute('aria-disabled');
    }
  }

  /**
   * The outcome rolled for `request`, lit up on its odds when they are the ones shown (else
   * they are asked for). Answers the chance of that outcome on the odds shown, or null.
   */
  function lightUp(request, result) {
    const key = JSON.stringify(request);
    state.hot = { key, outcome: String(result.outcome) };
    if (state.oddsKey !== key) {
      update();
      return null;
    }
    renderOdds(odds, state.odds, state.hot.outcome, request);
    return state.odds.outcomes?.[result.outcome] ?? null;
  }

  fields.addEventListener('input', changed);
  fields.addEventListener('change', changed);
  seed.addEventListener('input', () => showSeedError(null));

  return {
    compare,
    hand,
    /**
     * Shows a kind's fields (`models`, form.js's `fieldModel`) with `values`; the odds follow.
     * @param {any[]} models @param {Record<string, any>} values @param {{idPrefix?: string}} [options]
     */
    show(models, values, options = {}) {
      schedule.cancel();
      state.models = models;
      state.ready = true;
      state.hot = null;
      renderFields(fields, models, values, changed, options);
      showFormError(null);
    },
    /** The fields' models shown now. */
    models: () => state.models,
    /** The values as the fields hold them (whatever their errors). */
    values: () => readValues(fields, state.models).values,
    update,
    schedule,
    changed,
    roll,
    lightUp,
    showFormError,
    /** Odds that cannot be had (the catalog failed to load): `message` by the button and in the odds. */
    fail(message) {
      showFormError(message);
      showNoOdds(odds, message);
    },
    close() {
      schedule.cancel();
      oddsCall.invalidate();
      releaseChart(odds.chart);
      compare.close();
    },
  };
}
