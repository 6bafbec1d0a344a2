// The Quick roll panel: pick a system and roll kind, fill the fields, watch the exact odds,
// roll, and keep a short history. Wires the views to the engine; no rules logic here.

import * as api from './api.js';
import { renderResult } from './dice-view.js';
import { buildRequest, fieldModel, fieldOfError, initialValues, readSeed } from './form.js';
import { markInvalid, readValues, renderFields } from './form-view.js';
import { formatPercent, outcomeLabel } from './format.js';
import { historyEntry, pushHistory } from './history.js';
import { debounce, latestOnly } from './timing.js';
import { markStale, oddsEntries, renderOdds } from './odds-view.js';
import { renderChart } from './chart.js';
import { renderHistory } from './history-view.js';

const ODDS_DELAY_MS = 120;

export function startQuickRoll(doc) {
  const $ = (id) => doc.getElementById(id);
  const ui = {
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
    rollButton: $('roll-button'),
    requestJson: $('request-json'),
    result: $('result'),
    history: $('history'),
    historyEmpty: $('history-empty'),
    odds: { success: $('success-pct'), meta: $('odds-meta'), chart: $('chart'), table: $('outcomes-body') },
  };
  const state = { catalog: null, system: null, kind: null, fields: [], odds: null, hot: null, history: [] };
  const oddsCall = latestOnly(api.odds);

  function showErrors(messages) {
    ui.error.hidden = messages.length === 0;
    ui.error.replaceChildren(...messages.map((m) => Object.assign(doc.createElement('p'), { textContent: m })));
  }

  /** Reads the form into a request, or shows what to fix and returns null. */
  function currentRequest() {
    const { values, errors } = readValues(ui.fields, state.fields);
    markInvalid(ui.fields, errors.map((e) => e.field));
    if (errors.length) {
      showErrors(errors.map((e) => e.message));
      return null;
    }
    const request = buildRequest(state.system.id, state.kind.id, state.fields, values);
    ui.requestJson.textContent = JSON.stringify(request);
    return request;
  }

  function showEngineError(error) {
    const field = fieldOfError(error.message, state.fields);
    markInvalid(ui.fields, field ? [field] : []);
    const label = state.fields.find((f) => f.name === field)?.label;
    showErrors([label ? `${label} — ${error.message}` : error.message]);
  }

  async function updateOdds() {
    const request = currentRequest();
    if (!request) {
      markStale(ui.odds);
      return;
    }
    markStale(ui.odds);
    const answer = await oddsCall(request);
    if (answer.superseded) return;
    if (answer.error) {
      showEngineError(answer.error);
      return;
    }
    showErrors([]);
    state.odds = answer.value;
    renderOdds(ui.odds, state.odds, state.hot);
  }
  const scheduleOdds = debounce(updateOdds, ODDS_DELAY_MS);

  function fillSelect(select, items) {
    select.replaceChildren(...items.map((item) => Object.assign(doc.createElement('option'), { value: item.id, textContent: item.name })));
  }

  function selectKind(kindId) {
    state.kind = state.system.kinds.find((k) => k.id === kindId) ?? state.system.kinds[0];
    ui.kind.value = state.kind.id;
    ui.summary.textContent = state.kind.summary ?? '';
    const rulings = state.kind.rulings ?? [];
    ui.rulings.hidden = rulings.length === 0;
    ui.rulingsList.replaceChildren(...rulings.map((text) => {
      const item = doc.createElement('li');
      const badge = Object.assign(doc.createElement('span'), { className: 'ruling-badge', textContent: 'Ruling' });
      item.append(badge, Object.assign(doc.createElement('span'), { textContent: text }));
      item.title = `Ruling: ${text}`;
      return item;
    }));
    state.fields = state.kind.fields.map(fieldModel);
    state.hot = null;
    renderFields(ui.fields, state.fields, initialValues(state.fields), scheduleOdds);
    showErrors([]);
    updateOdds();
  }

  function selectSystem(systemId) {
    state.system = state.catalog.systems.find((s) => s.id === systemId) ?? state.catalog.systems[0];
    ui.system.value = state.system.id;
    fillSelect(ui.kind, state.system.kinds);
    selectKind(state.system.kinds[0]?.id);
  }

  async function doRoll() {
    scheduleOdds.cancel();
    const request = currentRequest();
    const seed = readSeed(ui.seed.value);
    ui.seed.toggleAttribute('aria-invalid', Boolean(seed.error));
    if (!request || seed.error) {
      if (seed.error) showErrors([seed.error]);
      return;
    }
    ui.rollButton.disabled = true;
    try {
      const result = await api.roll(request, seed.value);
      showErrors([]);
      renderResult(ui.result, result);
      state.hot = result.outcome;
      if (state.odds) renderOdds(ui.odds, state.odds, state.hot);
      state.history = pushHistory(state.history, historyEntry({
        systemName: state.system.name,
        kindName: state.kind.name,
        outcomeText: outcomeTextFor(result),
        result,
        time: new Date(),
      }));
      renderHistory(ui.history, ui.historyEmpty, state.history);
      updateOdds();
    } catch (error) {
      showEngineError(api.toCommandError(error));
    } finally {
      ui.rollButton.disabled = false;
    }
  }

  function outcomeTextFor(result) {
    const chance = state.odds?.outcomes?.[result.outcome];
    const label = outcomeLabel(result.outcome);
    return chance === undefined ? label : `${label} (${formatPercent(chance)})`;
  }

  ui.system.addEventListener('change', () => selectSystem(ui.system.value));
  ui.kind.addEventListener('change', () => selectKind(ui.kind.value));
  ui.fields.addEventListener('input', scheduleOdds);
  ui.fields.addEventListener('change', scheduleOdds);
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    doRoll();
  });
  // Enter rolls from anywhere a native form would not submit (selects, checkboxes, the page).
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.isComposing) return;
    const target = event.target;
    const tag = target?.tagName;
    if (tag === 'BUTTON' || tag === 'SUMMARY' || tag === 'A' || tag === 'TEXTAREA') return;
    if (tag === 'INPUT' && target.type !== 'checkbox') return; // the form submits these itself
    event.preventDefault();
    doRoll();
  });
  new ResizeObserver(() => {
    if (state.odds) renderChart(ui.odds.chart, oddsEntries(state.odds), state.hot);
  }).observe(ui.odds.chart);

  return (async () => {
    try {
      state.catalog = await api.catalog();
      fillSelect(ui.system, state.catalog.systems);
      selectSystem(state.catalog.systems[0]?.id);
    } catch (error) {
      showErrors([api.toCommandError(error).message]);
    } finally {
      ui.root.setAttribute('aria-busy', 'false');
    }
  })();
}
