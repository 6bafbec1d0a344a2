// The table panel of every system from a file (docs/system-files.md, "The table"): each
// participant's trackers the file names in `[table] trackers` (hp, stress, ammo) as a bar with
// the value out of its maximum, −/+ buttons and the numbers as a button to type a change in
// place (-7, +3, 12). Each change is the file table's `adjust` or `set` move, logged and undone
// with the encounter's Undo like every move. system-host.js picks it for any roster whose
// system is one of the catalog's files; the state is the encounter's `system_state` (file).

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import { meter, playMove } from './panel-parts.js';
import { fileSpecOf, fileTableOf, trackerMove, trackerRows } from './file-model.js';

/**
 * @param {HTMLElement} host
 * @param {any} ctx the shell's panel context: roster, encounter, catalog, play…
 */
export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  let encounter = ctx.encounter;
  const parts = el(doc, 'ul', { className: 'tp-parts file-parts', 'aria-label': 'Trackers' });
  const error = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const title = el(doc, 'h2', { className: 'tp-title', text: 'Trackers' });

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel file-panel', 'aria-label': `${ctx.roster.system} table` }, [
    title,
    error,
    parts,
  ]));

  const specOf = () => {
    const table = fileTableOf(encounter);
    return fileSpecOf(ctx.catalog, table?.id ?? ctx.roster.system, table?.version ?? ctx.roster.system_version);
  };

  /** Plays a change of a tracker; null once played, else the refusal's words (for the typed box). */
  async function change(p, tracker, how) {
    const answer = await playMove(ctx, trackerMove(p.id, tracker, how), { error });
    return answer ? null : error.textContent || 'Refused';
  }

  function trackerBlock(p, row) {
    const who = isolated(p.name);
    const bar = meter(doc, {
      label: `${who}'s ${row.label}`,
      value: { current: row.value, max: row.max },
      text: `${row.value} / ${row.max} ${row.label}`,
      className: 'file-tracker-meter',
      numbersRole: 'tracker',
      edit: { who: p.name, track: row.name, label: row.label, key: [p.id, row.name].join(':'), change: (how) => change(p, row.name, how) },
    });
    const step = (by, text, label) => {
      const button = el(doc, 'button', {
        type: 'button',
        className: 'button quiet',
        'data-role': by < 0 ? 'tracker-down' : 'tracker-up',
        'data-track': row.name,
        'aria-label': `${label} ${who}'s ${row.label}`,
        text,
        disabled: by < 0 ? row.value <= 0 : row.value >= row.max,
      });
      button.addEventListener('click', () => change(p, row.name, { by }));
      return button;
    };
    return el(doc, 'div', { className: 'tp-row file-tracker', 'data-tracker': row.name }, [
      el(doc, 'span', { className: 'file-tracker-label', text: row.label }),
      step(-1, '−', 'One less'),
      bar,
      step(1, '+', 'One more'),
    ]);
  }

  function partRow(p, table, spec) {
    const row = el(doc, 'li', { className: 'tp-part file-part', 'data-participant-id': p.id });
    const trackers = trackerRows(table, p.id, spec);
    row.append(el(doc, 'div', { className: 'tp-part-head' }, [el(doc, 'span', { className: 'tp-name', text: p.name })]));
    if (!trackers) {
      row.append(el(doc, 'span', { className: 'tp-muted', text: 'No trackers yet.' }));
    } else if (!trackers.length) {
      row.append(el(doc, 'span', { className: 'tp-muted', text: 'The file tracks nothing at the table.' }));
    } else {
      row.append(...trackers.map((t) => trackerBlock(p, t)));
    }
    return row;
  }

  function render() {
    const table = fileTableOf(encounter);
    const spec = specOf();
    title.textContent = spec?.name ? `${isolated(spec.name)}: trackers` : 'Trackers';
    const order = encounter.state.order;
    parts.replaceChildren(...order.map((p) => partRow(p, table, spec)));
    if (!order.length) parts.append(el(doc, 'li', { className: 'tp-muted', text: 'Add characters or NPCs to track them here.' }));
  }

  render();

  return {
    update(next) {
      encounter = next;
      render();
    },
  };
}
