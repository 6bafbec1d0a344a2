// The roll log's Luck panel: the verdict in words, a chart of the rolls' percentiles in tenths
// against what fair dice give, and a table per character and per evening. DOM only; the words
// and numbers come from luck-model.js (and those from Rust).

import { el } from '../dom.js';
import { chartGeometry, luckView } from './luck-model.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(doc, tag, attrs = {}, children = []) {
  const node = doc.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children) node.append(child);
  return node;
}

function chart(doc, bars) {
  const g = chartGeometry(bars);
  const title = bars.map((b) => `${b.label}: ${b.count} (fair dice ${b.fair.toFixed(1)})`).join('; ');
  return svg(doc, 'svg', { class: 'luck-chart', id: 'luck-chart', viewBox: `0 0 ${g.width} ${g.height}`, role: 'img', 'aria-label': `Rolls by percentile, in tenths: ${title}` }, [
    svg(doc, 'line', { class: 'luck-axis', x1: g.left, x2: g.width, y1: g.baseline, y2: g.baseline }),
    svg(doc, 'text', { class: 'luck-tick', x: g.left - 6, y: g.top + 10, 'text-anchor': 'end' }, [String(Math.round(g.most))]),
    svg(doc, 'text', { class: 'luck-tick', x: g.left - 6, y: g.baseline, 'text-anchor': 'end' }, ['0']),
    ...g.rects.map((r, i) => svg(doc, 'g', { class: 'luck-bar', 'data-tenth': i }, [
      svg(doc, 'rect', { x: r.x.toFixed(1), y: r.y.toFixed(1), width: r.width.toFixed(1), height: r.height.toFixed(1), rx: 2 }),
      svg(doc, 'title', {}, [`${r.label}: ${r.count} roll${r.count === 1 ? '' : 's'}; fair dice ${r.fair.toFixed(1)}`]),
      svg(doc, 'text', { class: 'luck-tick', x: (r.x + r.width / 2).toFixed(1), y: g.height - 6, 'text-anchor': 'middle' }, [`${i * 10}`]),
    ])),
    ...g.fairMarks.map((m) => svg(doc, 'line', {
      class: 'luck-fair', 'data-tenth': m.tenth, x1: m.x1.toFixed(1), x2: m.x2.toFixed(1), y1: m.y.toFixed(1), y2: m.y.toFixed(1),
    })),
  ]);
}

function table(doc, id, heading, rows) {
  return el(doc, 'table', { className: 'luck-table', id, 'aria-label': `Luck by ${heading.toLowerCase()}` }, [
    el(doc, 'thead', {}, [el(doc, 'tr', {}, ['', 'Rolls', 'Mean', 'Verdict'].map((h, i) => el(doc, 'th', { scope: 'col', text: i === 0 ? heading : h })))]),
    el(doc, 'tbody', {}, rows.map((row) => el(doc, 'tr', { className: row.hot ? 'hot' : row.cold ? 'cold' : '' }, [
      el(doc, 'th', { scope: 'row', text: row.label }),
      el(doc, 'td', { className: 'luck-num', text: String(row.rolls) }),
      el(doc, 'td', { className: 'luck-num', text: row.mean }),
      el(doc, 'td', { className: 'luck-verdict', title: row.words, text: row.verdict }),
    ]))),
  ]);
}

/** The panel, empty. Returns `{element, show(report), busy(), failed(message)}`. */
export function buildLuckPanel(doc) {
  const words = el(doc, 'p', { className: 'luck-words', id: 'luck-words', 'aria-live': 'polite' });
  const summary = el(doc, 'p', { className: 'luck-summary', id: 'luck-summary' });
  const body = el(doc, 'div', { className: 'luck-body' });
  const element = el(doc, 'div', { className: 'luck-panel', id: 'luck-panel' }, [words, summary, body]);

  return {
    element,
    busy() {
      element.setAttribute('aria-busy', 'true');
    },
    failed(message) {
      element.removeAttribute('aria-busy');
      words.textContent = `How lucky the dice were could not be worked out: ${message}`;
      words.dataset.verdict = '';
      summary.textContent = '';
      body.replaceChildren();
    },
    show(report) {
      const view = luckView(report);
      element.removeAttribute('aria-busy');
      words.textContent = view.words;
      words.dataset.verdict = view.verdict;
      summary.textContent = [view.summary, view.unjudged].filter(Boolean).join(' ');
      if (report.overall.rolls === 0) {
        body.replaceChildren();
        return;
      }
      body.replaceChildren(
        el(doc, 'figure', { className: 'luck-figure' }, [
          chart(doc, view.bars),
          el(doc, 'figcaption', {}, [
            el(doc, 'span', { className: 'luck-key-bar', 'aria-hidden': 'true' }),
            ' rolls in each tenth of their percentile, lowest first · ',
            el(doc, 'span', { className: 'luck-key-fair', 'aria-hidden': 'true' }),
            ' what fair dice would give',
          ]),
        ]),
        el(doc, 'div', { className: 'luck-tables' }, [
          table(doc, 'luck-characters', 'Character', view.characters),
          table(doc, 'luck-evenings', 'Evening', view.evenings),
        ]),
      );
    },
  };
}
