// "Compare": a roll panel's choices side by side. The GM picks one of the kind's comparisons
// (the catalog's `compare`, declared in Rust), and the exact odds of each alternative show in
// one chart, one column per choice, the best one marked, and a table with every figure. Quick
// roll, the sheet's roll panel and the table panels' odds blocks each mount one; the owner hands
// it every new request. A kind's plans (choices that are not one field: a fate card on the attack
// or kept for AC, augmentation before or after the roll) are in the same list, answered by the
// rules with every alternative's requests and the best; the ruling each rests on is shown.

import { renderCompareChart } from './chart.js';
import {
  columnWords, compareChartLabel, compareColumns, compareEntries, compareVerdict, planChartLabel, planColumns, planColumnWords,
  planVerdict, resolveAlternatives,
} from './compare.js';
import { el } from './dom.js';
import { formatNumber, formatPercent } from './format.js';
import { latestOnly } from './timing.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Builds the Compare block. `call(request, field, values)` → `Promise<Odds[]>` (api.oddsCompare
 * with the panel's roster); `callPlan(plan)` → `Promise<PlanAnswer>` (api.oddsPlan), without it
 * no plan is offered; `planInputs(spec, request)` → what a plan needs besides the roll
 * (`{this?, later?, card?}`, or a sentence saying why it cannot be had): without it only the
 * plans that need nothing are offered. `errorText(error)` words a refusal. Returns `{element,
 * setKind(kind), update(request | null), close()}`: `setKind` with the catalog kind (no
 * comparisons: the block hides), `update` with the request the panel's odds are now for (null
 * while the form has an error). Nothing is asked of the engine while the block is closed.
 */
export function mountCompare(doc, { prefix, call, callPlan = null, planInputs = null, errorText = (e) => e?.message ?? String(e) }) {
  const state = { kind: null, choices: [], request: null, open: false, result: null, choice: null };
  // One ticket for both kinds of question: only the newest answer is shown.
  const ask = latestOnly((how, ...args) => (how === 'plan' ? planAnswer(...args) : call(...args)));
  const regionId = `${prefix}-compare`;
  const selectId = `${prefix}-compare-field`;
  const toggle = el(doc, 'button', { type: 'button', className: 'button compare-toggle', 'aria-expanded': 'false', 'aria-controls': regionId, text: 'Compare choices' });
  const select = el(doc, 'select', { id: selectId, className: 'compare-field', 'aria-describedby': `${selectId}-help` });
  const help = el(doc, 'p', { className: 'compare-help', id: `${selectId}-help` });
  const ruling = el(doc, 'p', { className: 'compare-ruling', hidden: true });
  const chart = doc.createElementNS(SVG, 'svg');
  chart.setAttribute('class', 'chart compare-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', 'Choices side by side');
  const verdict = el(doc, 'p', { className: 'compare-verdict', role: 'status', 'aria-live': 'polite' });
  const body = el(doc, 'tbody');
  const head = el(doc, 'tr');
  const table = el(doc, 'table', { className: 'outcomes compare-table', 'aria-label': 'Each choice\'s odds' }, [
    el(doc, 'thead', {}, [head]),
    body,
  ]);
  const heading = (texts) => head.replaceChildren(...texts.map((text, i) => el(doc, 'th', { scope: 'col', className: i ? 'num' : '', text })));
  const region = el(doc, 'div', { className: 'compare-body', id: regionId, role: 'region', 'aria-label': 'Choices side by side', hidden: true }, [
    el(doc, 'div', { className: 'compare-pick' }, [
      el(doc, 'label', { className: 'label', for: selectId, text: 'Vary' }),
      select,
    ]),
    help,
    ruling,
    el(doc, 'div', { className: 'chart-wrap compare-chart-wrap' }, [chart]),
    verdict,
    el(doc, 'div', { className: 'compare-table-wrap' }, [table]),
  ]);
  const element = el(doc, 'section', { className: 'compare', 'aria-label': 'Compare choices', hidden: true }, [toggle, region]);

  function choice() {
    return state.choices.find((c) => c.id === select.value) ?? state.choices[0] ?? null;
  }

  function draw() {
    if (!state.result || !state.choice) return;
    const label = state.choice.plan ? planChartLabel(state.choice.label, state.result) : compareChartLabel(state.choice, state.result);
    renderCompareChart(chart, state.result.columns, label);
  }

  async function planAnswer(spec, request) {
    const inputs = planInputs ? await planInputs(spec, request) : {};
    if (typeof inputs === 'string') return { unavailable: inputs };
    return callPlan({ plan: spec.id, this: request, ...inputs });
  }

  function showPlanRows(result) {
    const headings = ['Choice', ...result.rolls];
    const costs = result.columns.some((c) => c.cost !== null);
    if (costs) headings.push('Points (avg)');
    heading(headings);
    body.replaceChildren(...result.columns.map((column, index) => {
      const name = el(doc, 'td', {}, [el(doc, 'span', { className: 'compare-label', text: column.label })]);
      if (column.best) name.append(el(doc, 'span', { className: 'compare-tag best', text: 'best' }));
      name.append(el(doc, 'span', { className: 'compare-choice-help', text: column.help }));
      const cells = [name, el(doc, 'td', { className: 'num pct', text: formatPercent(column.success) })];
      if (column.later !== null) cells.push(el(doc, 'td', { className: 'num pct later', text: formatPercent(column.later) }));
      if (costs) cells.push(el(doc, 'td', { className: 'num cost', text: column.cost === null ? '—' : formatNumber(column.cost) }));
      return el(doc, 'tr', { 'data-choice': index, 'data-value': JSON.stringify(index), 'data-rolls': JSON.stringify(column.requests), 'data-success': column.success, className: column.best ? 'best' : '', title: planColumnWords(column, result.rolls) }, cells);
    }));
  }

  function showRows(result) {
    // A column of dashes says nothing: Average only for kinds whose answers have a mean.
    const means = result.columns.some((c) => c.mean !== null);
    heading(means ? ['Choice', 'Success', 'Average'] : ['Choice', 'Success']);
    body.replaceChildren(...result.columns.map((column, index) => {
      const name = el(doc, 'td', {}, [el(doc, 'span', { className: 'compare-label', text: column.label })]);
      if (column.current) name.append(el(doc, 'span', { className: 'compare-tag now', text: 'now' }));
      if (column.best) name.append(el(doc, 'span', { className: 'compare-tag best', text: 'best' }));
      const row = el(doc, 'tr', { 'data-choice': index, 'data-value': JSON.stringify(column.value), 'data-success': column.success, className: column.best ? 'best' : '', title: columnWords(column, result.metric) }, [
        name,
        el(doc, 'td', { className: 'num pct', text: formatPercent(column.success) }),
        ...(means ? [el(doc, 'td', { className: 'num mean', text: column.mean === null ? '—' : formatNumber(column.mean) })] : []),
      ]);
      if (column.current) row.setAttribute('aria-current', 'true');
      return row;
    }));
  }

  function showNothing(why) {
    state.result = null;
    delete element.dataset.request;
    delete element.dataset.field;
    element.setAttribute('aria-busy', 'false');
    region.classList.add('blocked');
    verdict.textContent = why;
    body.replaceChildren();
    renderCompareChart(chart, [], '');
  }

  async function refresh() {
    if (!state.open) return;
    const picked = choice();
    if (!picked) return;
    help.textContent = picked.help;
    ruling.hidden = !picked.plan;
    ruling.replaceChildren(...(picked.plan ? [el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' }), el(doc, 'span', { text: picked.plan.ruling })] : []));
    if (!state.request) {
      ask.invalidate();
      showNothing('No comparison until the roll is fixed.');
      return;
    }
    if (picked.plan) {
      await refreshPlan(picked);
      return;
    }
    const request = state.request;
    const field = state.kind.fields.find((f) => f.name === picked.choice.field);
    const alternatives = resolveAlternatives(picked.choice, request, field);
    if (alternatives.length < 2) {
      ask.invalidate();
      showNothing(`Nothing to compare: at most one of ${picked.label.toLowerCase()}'s choices fits this roll.`);
      return;
    }
    element.setAttribute('aria-busy', 'true');
    region.classList.add('stale');
    const answer = await ask('field', request, picked.choice.field, alternatives.map((a) => a.value));
    if (answer.superseded) return;
    region.classList.remove('stale');
    if (answer.error) {
      showNothing(`No comparison: ${errorText(answer.error)}`);
      return;
    }
    region.classList.remove('blocked');
    state.choice = picked;
    state.result = compareColumns(alternatives, answer.value);
    element.dataset.request = JSON.stringify(request);
    element.dataset.field = picked.choice.field;
    element.setAttribute('aria-busy', 'false');
    verdict.textContent = compareVerdict(state.result);
    showRows(state.result);
    draw();
  }

  async function refreshPlan(picked) {
    const request = state.request;
    element.setAttribute('aria-busy', 'true');
    region.classList.add('stale');
    const answer = await ask('plan', picked.plan, request);
    if (answer.superseded) return;
    region.classList.remove('stale');
    if (answer.error || answer.value?.unavailable) {
      showNothing(answer.error ? `No comparison: ${errorText(answer.error)}` : answer.value.unavailable);
      return;
    }
    region.classList.remove('blocked');
    state.choice = picked;
    state.result = planColumns(answer.value);
    element.dataset.request = JSON.stringify(request);
    element.dataset.field = picked.id;
    element.setAttribute('aria-busy', 'false');
    verdict.textContent = planVerdict(state.result);
    showPlanRows(state.result);
    draw();
  }

  function setOpen(open) {
    state.open = open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.textContent = open ? 'Hide the comparison' : 'Compare choices';
    region.hidden = !open;
    if (open) refresh();
    else ask.invalidate();
  }

  toggle.addEventListener('click', () => {
    setOpen(!state.open);
    if (state.open) region.scrollIntoView?.({ block: 'nearest' });
  });
  select.addEventListener('change', () => refresh());
  const resize = new ResizeObserver(() => draw());
  resize.observe(chart);

  return {
    element,
    setKind(kind) {
      state.kind = kind;
      state.choices = compareEntries(kind, Boolean(planInputs)).filter((c) => !c.plan || callPlan);
      state.result = null;
      element.hidden = state.choices.length === 0;
      select.replaceChildren(...state.choices.map((c) => el(doc, 'option', { value: c.id, text: c.label })));
      if (!state.choices.length) setOpen(false);
    },
    update(request) {
      state.request = request;
      refresh();
    },
    close() {
      ask.invalidate();
      resize.disconnect();
    },
  };
}
