// "Compare": a roll panel's choices side by side. The GM picks one of the kind's comparisons
// (the catalog's `compare`, declared in Rust), and the exact odds of each alternative show in
// one chart, one column per choice, the best one marked, and a table with every figure. Quick
// roll and the sheet's roll panel each mount one; the panel hands it every new request.

import { renderCompareChart } from './chart.js';
import { columnWords, compareChartLabel, compareChoices, compareColumns, compareVerdict, resolveAlternatives } from './compare.js';
import { el } from './dom.js';
import { formatNumber, formatPercent } from './format.js';
import { latestOnly } from './timing.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * Builds the Compare block. `call(request, field, values)` → `Promise<Odds[]>` (api.oddsCompare
 * with the panel's roster); `errorText(error)` words a refusal. Returns `{element, setKind(kind),
 * update(request | null), close()}`: `setKind` with the catalog kind (no comparisons: the block
 * hides), `update` with the request the panel's odds are now for (null while the form has an
 * error). Nothing is asked of the engine while the block is closed.
 */
export function mountCompare(doc, { prefix, call, errorText = (e) => e?.message ?? String(e) }) {
  const state = { kind: null, choices: [], request: null, open: false, result: null, choice: null };
  const ask = latestOnly(call);
  const regionId = `${prefix}-compare`;
  const selectId = `${prefix}-compare-field`;
  const toggle = el(doc, 'button', { type: 'button', className: 'button compare-toggle', 'aria-expanded': 'false', 'aria-controls': regionId, text: 'Compare choices' });
  const select = el(doc, 'select', { id: selectId, className: 'compare-field', 'aria-describedby': `${selectId}-help` });
  const help = el(doc, 'p', { className: 'compare-help', id: `${selectId}-help` });
  const chart = doc.createElementNS(SVG, 'svg');
  chart.setAttribute('class', 'chart compare-chart');
  chart.setAttribute('role', 'img');
  chart.setAttribute('aria-label', 'Choices side by side');
  const verdict = el(doc, 'p', { className: 'compare-verdict', role: 'status', 'aria-live': 'polite' });
  const body = el(doc, 'tbody');
  const table = el(doc, 'table', { className: 'outcomes compare-table', 'aria-label': 'Each choice\'s odds' }, [
    el(doc, 'thead', {}, [el(doc, 'tr', {}, [
      el(doc, 'th', { scope: 'col', text: 'Choice' }),
      el(doc, 'th', { scope: 'col', className: 'num', text: 'Success' }),
      el(doc, 'th', { scope: 'col', className: 'num', text: 'Average' }),
    ])]),
    body,
  ]);
  const region = el(doc, 'div', { className: 'compare-body', id: regionId, role: 'region', 'aria-label': 'Choices side by side', hidden: true }, [
    el(doc, 'div', { className: 'compare-pick' }, [
      el(doc, 'label', { className: 'label', for: selectId, text: 'Vary' }),
      select,
    ]),
    help,
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
    renderCompareChart(chart, state.result.columns, compareChartLabel(state.choice, state.result));
  }

  function showRows(result) {
    body.replaceChildren(...result.columns.map((column, index) => {
      const name = el(doc, 'td', {}, [el(doc, 'span', { className: 'compare-label', text: column.label })]);
      if (column.current) name.append(el(doc, 'span', { className: 'compare-tag now', text: 'now' }));
      if (column.best) name.append(el(doc, 'span', { className: 'compare-tag best', text: 'best' }));
      const row = el(doc, 'tr', { 'data-choice': index, 'data-value': JSON.stringify(column.value), 'data-success': column.success, className: column.best ? 'best' : '', title: columnWords(column, result.metric) }, [
        name,
        el(doc, 'td', { className: 'num pct', text: formatPercent(column.success) }),
        el(doc, 'td', { className: 'num mean', text: column.mean === null ? '—' : formatNumber(column.mean) }),
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
    if (!state.request) {
      ask.invalidate();
      showNothing('No comparison until the roll is fixed.');
      return;
    }
    const request = state.request;
    const field = state.kind.fields.find((f) => f.name === picked.field);
    const alternatives = resolveAlternatives(picked, request, field);
    if (alternatives.length < 2) {
      ask.invalidate();
      showNothing(`Nothing to compare: at most one of ${picked.label.toLowerCase()}'s choices fits this roll.`);
      return;
    }
    element.setAttribute('aria-busy', 'true');
    region.classList.add('stale');
    const answer = await ask(request, picked.field, alternatives.map((a) => a.value));
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
    element.dataset.field = picked.field;
    element.setAttribute('aria-busy', 'false');
    verdict.textContent = compareVerdict(state.result);
    showRows(state.result);
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
      state.choices = compareChoices(kind);
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
