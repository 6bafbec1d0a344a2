// The Quick roll panel: pick a system and roll kind, fill the fields, watch the exact odds,
// roll, and keep a short history. The form is the one the roll panel has too (roll-form.js);
// this wires it to the catalog's systems and kinds. No rules logic here.

import * as api from './api.js';
import { renderResult } from './dice-view.js';
import { buildRequest, fieldModel, initialValues, requestText } from './form.js';
import { historyEntry, pushHistory } from './history.js';
import { renderHistory } from './history-view.js';
import { markPending } from './odds-view.js';
import { mountNotation } from './notation/notation-field.js';
import { valuesOf } from './notation/notation-model.js';
import { verdictFigure, verdictText } from './result.js';
import { rollForm } from './roll-form.js';

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
  const state = { catalog: null, system: null, kind: null, history: [], compareIds: null };
  // Any roll typed (Notation): shown for the catalog's notation systems instead of nothing.
  const notation = mountNotation(doc, {
    prefix: 'quick-roll',
    onInput: () => {
      // Every key is answered at once: the newest answer wins, so none is skipped.
      form.schedule.cancel();
      markPending(ui.odds);
      form.update();
    },
  });
  ui.fields.before(notation.element);
  const form = rollForm(doc, 'quick-roll', {
    fields: ui.fields,
    error: ui.error,
    seed: ui.seed,
    seedError: ui.seedError,
    rollButton: ui.rollButton,
    odds: ui.odds,
    handSlot: (toggle, area) => ui.byHandSlot.append(toggle, area),
  }, {
    request(values) {
      const built = buildRequest(state.system.id, state.kind.id, form.models(), values);
      const request = notationOn() ? { system: built.system, roll: built.roll, expr: notation.read().expr, values: notation.given(), ...built } : built;
      ui.requestJson.textContent = requestText(request);
      return request;
    },
    // One answer for a notation's check and then its odds, so an older expression's answer
    // never lands after a newer one's.
    async odds(request) {
      const typed = notationOn() ? notation.read() : null;
      if (!typed) return { odds: await api.odds(request) };
      const check = await api.diceCheck(typed.expr, typed.values);
      if (check.problems.length) return { check, typed };
      const sent = { ...request, values: valuesOf(check.names, typed.values) };
      return { check, typed, request: sent, odds: await api.odds(sent) };
    },
    settle(answer) {
      const { check, typed } = answer;
      if (!check) return answer;
      // A new @name got its starting value: the values changed, so ask again.
      if (notation.show(check, typed.expr)) return { again: true };
      offerComparisons(check.compare);
      if (!answer.odds) return { blocked: 'No odds until the notation is fixed: see the underlined part.' };
      ui.requestJson.textContent = requestText(answer.request);
      return answer;
    },
    // The roll comes back with the id of its log entry; the panel shows the roll itself.
    roll: (request, seed, dice) => api.roll(request, seed, { dice }),
    rolled: (request, { result }) => recordRoll(request, result),
    askDice: (request, faces) => api.rollDiceAsked(request, faces),
    compare: {
      call: (request, field, values) => api.oddsCompare(request, field, values),
      callPlan: (plan) => api.oddsPlan(plan),
    },
    commandError: (error) => api.toCommandError(error),
  });

  /** Whether the form is a typed expression (the catalog's `notation` systems). */
  function notationOn() {
    return Boolean(state.system && state.catalog?.notation?.some((s) => s.id === state.system.id));
  }

  /** A typed expression's comparisons (its target and each @name's value), when they change. */
  function offerComparisons(choices) {
    const ids = JSON.stringify(choices.map((c) => c.id));
    if (state.compareIds === ids) return;
    state.compareIds = ids;
    form.compare.setKind({ ...state.kind, compare: choices });
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
    state.kind = state.system.kinds.find((k) => k.id === kindId) ?? state.system.kinds[0];
    ui.kind.value = state.kind.id;
    ui.summary.textContent = state.kind.summary ?? '';
    ui.odds.axis = state.kind.outcome ?? null;
    showRulings(state.kind.rulings ?? []);
    const models = state.kind.fields.map(fieldModel);
    form.compare.setKind(state.kind);
    state.compareIds = null;
    notation.setHidden(!notationOn());
    form.show(models, initialValues(models));
    // Which form the fields are, for tests to wait on (tests/e2e/quick-roll-page.mjs).
    ui.fields.dataset.system = state.system.id;
    ui.fields.dataset.kind = state.kind.id;
    markPending(ui.odds);
    // Faces typed for another kind's dice mean nothing for this one.
    form.hand.forget();
    form.update();
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

  /** The systems the picker lists: the rules systems, dice notation, then the systems from files. */
  function pickable() {
    return [...state.catalog.systems, ...(state.catalog.notation ?? []), ...(state.catalog.files ?? [])];
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
    const chance = request ? form.lightUp(request, result) : null;
    state.history = pushHistory(state.history, historyEntry({ systemName, kindName: name, result, chance, time: new Date() }));
    renderHistory(ui.history, ui.historyEmpty, state.history);
  }

  /** A saved roll rolled from the list: shown as any roll, under its name and the notation's system. */
  function showSavedRoll(roll, result) {
    showRoll(result, roll.name, state.catalog?.notation?.[0]?.name ?? 'Dice notation');
  }

  ui.system.addEventListener('change', () => selectSystem(ui.system.value));
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    form.roll();
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
    form.roll();
  });

  /**
   * The typed roll as the form holds it: `{expr, values, target}` (the values of the names the
   * expression used at its last check; `target` null while its field holds no whole number), or
   * null while Quick roll shows another system's form.
   */
  function currentNotation() {
    // Another system's form is showing: there is no typed roll to hand over.
    if (!notationOn()) return null;
    return { expr: notation.read().expr, values: notation.given(), target: form.values().target ?? null };
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
    form.schedule.cancel();
    form.update();
  }

  /**
   * Reads the catalog again (a system file was added or removed) and lists its systems: the
   * form shown stays as it is while its system is still there; a removed one gives way to the first.
   */
  async function reloadCatalog() {
    const catalog = await api.catalog();
    state.catalog = catalog;
    fillSelect(ui.system, pickable());
    const still = state.system && pickable().find((s) => s.id === state.system.id);
    if (still) ui.system.value = still.id;
    else selectSystem(catalog.systems[0]?.id);
  }

  return (async () => {
    try {
      state.catalog = await api.catalog();
      fillSelect(ui.system, pickable());
      selectSystem(state.catalog.systems[0]?.id);
    } catch (error) {
      form.fail(api.toCommandError(error).message);
    } finally {
      ui.root.setAttribute('aria-busy', 'false');
    }
    // What a list of saved rolls plugs into: read the typed roll, and put one in; and the
    // catalog read again when the systems changed (a system file added or removed).
    return { notation: { current: currentNotation, set: setNotation, rolled: showSavedRoll }, reloadCatalog };
  })();
}
