// The Quick roll panel: pick a system and roll kind, fill the fields, watch the exact odds,
// roll, and keep a short history. Wires the views to the engine; no rules logic here.

import * as api from './api.js';
import { chartMarks, renderChart } from './chart.js';
import { mountHandRoll } from './by-hand/hand-roll.js';
import { mountCompare } from './compare-view.js';
import { renderResult } from './dice-view.js';
import { buildRequest, errorTarget, fieldModel, initialValues, readSeed, requestText } from './form.js';
import { firstInvalid, readValues, renderFields, showFieldErrors } from './form-view.js';
import { historyEntry, pushHistory } from './history.js';
import { renderHistory } from './history-view.js';
import { oddsEntries } from './odds.js';
import { markPending, renderOdds, showNoOdds } from './odds-view.js';
import { mountNotation } from './notation/notation-field.js';
import { valuesOf } from './notation/notation-model.js';
import { verdictFigure, verdictText } from './result.js';
import { debounce, latestOnly } from './timing.js';

const ODDS_DELAY_MS = 120;

function elements(doc) {
  const $ = (id) => doc.getElementById(id);
  return {
    root: $('quick-roll'),
    form: $('roll-form'),
    system: $('system'),
    kind: $('kind'),
    summary: $('kind-summary'),
    rulings: $('rulings'),
    rulingsList: $('rulings-list'),
    fields: $('fields'),
    error: $('form-error'),
    seed: $('seed'),
    seedError: $('seed-error'),
    byHandSlot: $('by-hand-slot'),
    rollButton: $('roll-button'),
    requestJson: $('request-json'),
    result: $('result'),
    rollStatus: $('roll-status'),
    history: $('history'),
    historyEmpty: $('history-empty'),
    odds: {
      panel: $('odds-panel'),
      success: $('success-pct'),
      meta: $('odds-meta'),
      note: $('odds-note'),
      chart: $('chart'),
      table: $('outcomes-body'),
      /** @type {string | null} the chart axis's title: what the kind's outcomes are */
      axis: null,
    },
  };
}

export function startQuickRoll(doc) {
  const ui = elements(doc);
  const state = { catalog: null, system: null, kind: null, fields: [], odds: null, oddsKey: null, hot: null, history: [], rolling: false, compareIds: null };
  // One ticket for a whole answer: a notation's check and then its odds, so an older
  // expression's answer never lands after a newer one's.
  const oddsCall = latestOnly(async (request, typed) => {
    if (!typed) return { odds: await api.odds(request) };
    const check = await api.diceCheck(typed.expr, typed.values);
    if (check.problems.length) return { check };
    const sent = { ...request, values: valuesOf(check.names, typed.values) };
    return { check, request: sent, odds: await api.odds(sent) };
  });
  // Any roll typed (Notation): shown for the catalog's notation systems instead of nothing.
  const notation = mountNotation(doc, {
    prefix: 'quick-roll',
    onInput: () => {
      // Every key is answered at once: the newest answer wins (oddsCall), so none is skipped.
      scheduleOdds.cancel();
      markPending(ui.odds);
      updateOdds();
    },
  });
  ui.fields.before(notation.element);
  // Choices side by side, below the odds: asked for only while open.
  const compare = mountCompare(doc, {
    prefix: 'quick-roll',
    call: (request, field, values) => api.oddsCompare(request, field, values),
    callPlan: (plan) => api.oddsPlan(plan),
    errorText: (error) => api.toCommandError(error).message,
  });
  ui.odds.panel.append(compare.element);
  // Dice rolled at the table: the engine asks for each die of the form's request.
  const hand = mountHandRoll(doc, {
    prefix: 'quick-roll',
    ask: (faces) => {
      const { request, errors } = readForm();
      if (errors) return Promise.reject(new Error('fix the highlighted field'));
      return api.rollDiceAsked(request, faces);
    },
    onToggle: (on) => {
      ui.seed.disabled = on;
      showSeedError(null);
    },
    onDone: () => doRoll(),
    errorText: (error) => api.toCommandError(error).message,
  });
  ui.byHandSlot.append(hand.toggle, hand.area);

  /** A message that belongs to no single field, shown by the Roll button. */
  function showFormError(text) {
    ui.error.hidden = !text;
    ui.error.textContent = text ?? '';
  }

  function showSeedError(reason) {
    if (reason) ui.seed.setAttribute('aria-invalid', 'true');
    else ui.seed.removeAttribute('aria-invalid');
    ui.seedError.textContent = reason ?? '';
    ui.seedError.hidden = !reason;
  }

  /** Reads the form: `{request}` or `{errors}` (already shown at their fields). */
  function readForm() {
    const { values, errors } = readValues(ui.fields, state.fields);
    showFieldErrors(ui.fields, state.fields, errors);
    if (errors.length) return { errors };
    const built = buildRequest(state.system.id, state.kind.id, state.fields, values);
    const request = notationOn() ? { system: built.system, roll: built.roll, expr: notation.read().expr, values: notation.given(), ...built } : built;
    ui.requestJson.textContent = requestText(request);
    return { request };
  }

  /** Whether the form is a typed expression (the catalog's `notation` systems). */
  function notationOn() {
    return Boolean(state.system && state.catalog?.notation?.some((s) => s.id === state.system.id));
  }

  /** Shows an engine error at the field it names (or by the Roll button), and no odds. */
  function showEngineError(error) {
    const target = errorTarget(error.message, state.fields);
    if (target.fields.length === 1) {
      showFieldErrors(ui.fields, state.fields, [{ field: target.fields[0], item: target.item, reason: target.reason }]);
      showFormError(null);
    } else {
      showFieldErrors(ui.fields, state.fields, target.fields.map((field) => ({ field, item: null, reason: '' })));
      showFormError(target.text);
    }
    return target;
  }

  function blockOdds(why) {
    oddsCall.invalidate();
    compare.update(null);
    state.odds = null;
    state.oddsKey = null;
    showNoOdds(ui.odds, why);
  }

  function hotFor(key) {
    return state.hot && state.hot.key === key ? state.hot.outcome : null;
  }

  async function updateOdds() {
    const { request, errors } = readForm();
    if (errors) {
      showFormError(null);
      blockOdds('No odds until the highlighted field is fixed.');
      return;
    }
    markPending(ui.odds);
    const typed = notationOn() ? notation.read() : null;
    const answer = await oddsCall(request, typed);
    if (answer.superseded) return;
    if (answer.error) {
      const target = showEngineError(api.toCommandError(answer.error));
      blockOdds(`No odds until the request is fixed: ${target.text}`);
      return;
    }
    let sent = request;
    const { check } = answer.value;
    if (check) {
      // A new @name got its starting value: the values changed, so ask again.
      if (notation.show(check, typed.expr)) return updateOdds();
      offerComparisons(check.compare);
      if (!answer.value.odds) {
        showFormError(null);
        blockOdds('No odds until the notation is fixed: see the underlined part.');
        return;
      }
      sent = answer.value.request;
      ui.requestJson.textContent = requestText(sent);
    }
    showFieldErrors(ui.fields, state.fields, []);
    showFormError(null);
    state.odds = answer.value.odds;
    state.oddsKey = JSON.stringify(sent);
    renderOdds(ui.odds, state.odds, hotFor(state.oddsKey), sent);
    compare.update(sent);
    hand.refresh();
  }

  /** A typed expression's comparisons (its target and each @name's value), when they change. */
  function offerComparisons(choices) {
    const ids = JSON.stringify(choices.map((c) => c.id));
    if (state.compareIds === ids) return;
    state.compareIds = ids;
    compare.setKind({ ...state.kind, compare: choices });
  }
  const scheduleOdds = debounce(updateOdds, ODDS_DELAY_MS);

  /** Input changed: the odds on screen are old from this moment, new ones follow shortly. */
  function onInput() {
    if (state.kind) markPending(ui.odds);
    scheduleOdds();
  }

  function fillSelect(select, items) {
    select.replaceChildren(...items.map((item) => Object.assign(doc.createElement('option'), { value: item.id, textContent: item.name })));
  }

  function showRulings(rulings) {
    ui.rulings.hidden = rulings.length === 0;
    ui.rulingsList.replaceChildren(...rulings.map((text) => {
      const item = doc.createElement('li');
      const badge = Object.assign(doc.createElement('span'), { className: 'ruling-badge', textContent: 'Ruling' });
      item.append(badge, Object.assign(doc.createElement('span'), { className: 'ruling-text', textContent: text }));
      return item;
    }));
  }

  function selectKind(kindId) {
    scheduleOdds.cancel();
    state.kind = state.system.kinds.find((k) => k.id === kindId) ?? state.system.kinds[0];
    ui.kind.value = state.kind.id;
    ui.summary.textContent = state.kind.summary ?? '';
    ui.odds.axis = state.kind.outcome ?? null;
    showRulings(state.kind.rulings ?? []);
    state.fields = state.kind.fields.map(fieldModel);
    compare.setKind(state.kind);
    state.compareIds = null;
    notation.setHidden(!notationOn());
    state.hot = null;
    renderFields(ui.fields, state.fields, initialValues(state.fields), onInput);
    // Which form the fields are, for tests to wait on (tests/e2e/quick-roll-page.mjs).
    ui.fields.dataset.system = state.system.id;
    ui.fields.dataset.kind = state.kind.id;
    showFormError(null);
    markPending(ui.odds);
    // Faces typed for another kind's dice mean nothing for this one.
    hand.forget();
    updateOdds();
  }

  /**
   * A new kind <select> for the system's kinds. Refilling the old one is not enough: WebKit
   * fires `change` only when the picked index differs from the one last picked by the user, so
   * after "Opposed roll" (index 1) in one system, picking index 1 in the next system's list
   * would silently do nothing.
   */
  function replaceKindSelect(kinds) {
    const fresh = ui.kind.cloneNode(false);
    fillSelect(fresh, kinds);
    fresh.addEventListener('change', () => selectKind(fresh.value));
    ui.kind.replaceWith(fresh);
    ui.kind = fresh;
  }

  function selectSystem(systemId) {
    state.system = pickable().find((s) => s.id === systemId) ?? state.catalog.systems[0];
    ui.system.value = state.system.id;
    replaceKindSelect(state.system.kinds);
    selectKind(state.system.kinds[0]?.id);
  }

  /** The systems the picker lists: the rules systems, then dice notation. */
  function pickable() {
    return [...state.catalog.systems, ...(state.catalog.notation ?? [])];
  }

  function refuseRoll() {
    const bad = firstInvalid(ui.fields) ?? (ui.seed.getAttribute('aria-invalid') === 'true' ? ui.seed : null);
    if (bad) {
      bad.scrollIntoView({ block: 'nearest' });
      bad.focus();
    }
  }

  function recordRoll(request, result) {
    // A typed roll is called by what was typed, as the roll log calls it.
    const name = notationOn() ? String(request.expr).trim() : state.kind.name;
    showRoll(result, name, state.system.name, request);
  }

  /**
   * A roll made, in Last roll and the session history: the form's (`request`: its odds light
   * up its outcome) or a saved roll's (`request` null: the odds shown are not for it).
   */
  function showRoll(result, name, systemName, request = null) {
    renderResult(ui.result, result, `${name} · ${systemName}`);
    ui.rollStatus.textContent = [verdictText(result), verdictFigure(result), result.detail].filter(Boolean).join('. ');
    const key = request ? JSON.stringify(request) : null;
    const current = key !== null && state.oddsKey === key;
    if (key !== null) state.hot = { key, outcome: String(result.outcome) };
    if (current) renderOdds(ui.odds, state.odds, state.hot.outcome, request);
    state.history = pushHistory(state.history, historyEntry({
      systemName,
      kindName: name,
      result,
      chance: current ? state.odds.outcomes?.[result.outcome] : null,
      time: new Date(),
    }));
    renderHistory(ui.history, ui.historyEmpty, state.history);
    if (key !== null && !current) updateOdds();
  }

  /** A saved roll rolled from the list: shown as any roll, under its name and the notation's system. */
  function showSavedRoll(roll, result) {
    showRoll(result, roll.name, state.catalog?.notation?.[0]?.name ?? 'Dice notation');
  }

  async function doRoll() {
    if (state.rolling || !state.kind) return;
    scheduleOdds.cancel();
    const { request, errors } = readForm();
    const seed = hand.on() ? { value: null, reason: null } : readSeed(ui.seed.value);
    showSeedError(seed.reason);
    if (errors || seed.reason) {
      if (errors) blockOdds('No odds until the highlighted field is fixed.');
      refuseRoll();
      return;
    }
    const dice = hand.on() ? hand.faces() : null;
    if (hand.on() && !dice) {
      showFormError(`Type in every die first. ${hand.progress()}`);
      hand.focus();
      return;
    }
    state.rolling = true;
    ui.rollButton.setAttribute('aria-disabled', 'true');
    try {
      // The roll comes back with the id of its log entry; the panel shows the roll itself.
      const { result } = await api.roll(request, seed.value, { dice });
      recordRoll(request, result);
      showFormError(null);
      if (dice) await hand.clear();
    } catch (error) {
      const target = showEngineError(api.toCommandError(error));
      blockOdds(`No odds until the request is fixed: ${target.text}`);
      refuseRoll();
    } finally {
      state.rolling = false;
      ui.rollButton.removeAttribute('aria-disabled');
    }
  }

  ui.system.addEventListener('change', () => selectSystem(ui.system.value));
  ui.fields.addEventListener('input', onInput);
  ui.fields.addEventListener('change', onInput);
  ui.seed.addEventListener('input', () => showSeedError(null));
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    doRoll();
  });
  // Enter rolls from anywhere a native form would not submit (selects, checkboxes, the page).
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    const target = event.target;
    // Only while the panel is shown, and for keys pressed in it (or with nothing focused).
    if (ui.root.closest('[hidden]') || (target !== doc.body && !ui.root.contains(target))) return;
    const tag = target?.tagName;
    if (tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'A' || tag === 'TEXTAREA') return;
    if (tag === 'INPUT' && target.type !== 'checkbox') return; // the form submits these itself
    event.preventDefault();
    doRoll();
  });
  new ResizeObserver(() => {
    if (state.odds) renderChart(ui.odds.chart, oddsEntries(state.odds), hotFor(state.oddsKey), chartMarks(state.odds, ui.odds.axis));
  }).observe(ui.odds.chart);

  /**
   * The typed roll as the form holds it: `{expr, values, target}` (the values of the names the
   * expression used at its last check; `target` null while its field holds no whole number), or
   * null while Quick roll shows another system's form.
   */
  function currentNotation() {
    // Another system's form is showing: there is no typed roll to hand over.
    if (!notationOn()) return null;
    const { values } = readValues(ui.fields, state.fields);
    return { expr: notation.read().expr, values: notation.given(), target: values.target ?? null };
  }

  /** Shows `{expr, values, target}` in the Notation form (a saved roll) and its odds. */
  function setNotation({ expr, values = {}, target = null }) {
    const system = state.catalog?.notation?.[0];
    if (!system) return;
    if (state.system?.id !== system.id) {
      ui.system.value = system.id;
      selectSystem(system.id);
    }
    notation.set({ expr, values });
    const targetInput = ui.fields.querySelector('[data-field="target"] input');
    if (targetInput && target !== null) targetInput.value = String(target);
    scheduleOdds.cancel();
    updateOdds();
  }

  return (async () => {
    try {
      state.catalog = await api.catalog();
      fillSelect(ui.system, pickable());
      selectSystem(state.catalog.systems[0]?.id);
    } catch (error) {
      const message = api.toCommandError(error).message;
      showFormError(message);
      showNoOdds(ui.odds, message);
    } finally {
      ui.root.setAttribute('aria-busy', 'false');
    }
    // What a list of saved rolls plugs into: read the typed roll, and put one in.
    return { notation: { current: currentNotation, set: setNotation, rolled: showSavedRoll } };
  })();
}
