// The table panel of every system from a file (docs/system-files.md, "The table"): each
// participant's trackers the file names in `[table] trackers` (hp, stress, ammo) as a bar with
// the value out of its maximum, −/+ buttons and the numbers as a button to type a change in
// place (-7, +3, 12). Each change is the file table's `adjust` or `set` move, logged and undone
// with the encounter's Undo like every move. Above them, "Roll initiative" when the file declares
// one (the `initiative` move: everyone rolls, the turn order follows) and the Roll form
// (file-roll.js). system-host.js picks it for any roster whose system is one of the catalog's
// files; the state is the encounter's `system_state` (file).

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import { eventList, meter, playMove } from './panel-parts.js';
import { fileSpecOf } from '../../sheet/systems/index.js';
import { fileTableOf, trackerMove, trackerRows } from './file-model.js';
import { initiativeMove, initiativeOf } from './file-roll-model.js';
import { mountRollForm } from './file-roll.js';

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
  const initiative = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'file-initiative', text: 'Roll initiative', hidden: true });
  const initiativeResult = el(doc, 'div', { className: 'tp-result', 'data-role': 'file-initiative-result', hidden: true, 'aria-live': 'polite' });

  const specOf = () => {
    const table = fileTableOf(encounter);
    return fileSpecOf(ctx.catalog, table?.id ?? ctx.roster.system, table?.version ?? ctx.roster.system_version);
  };
  const rollForm = mountRollForm(doc, ctx, { encounter, spec: specOf() });

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel file-panel', 'aria-label': `${ctx.roster.system} table` }, [
    el(doc, 'div', { className: 'tp-part-head file-head' }, [title, initiative]),
    initiativeResult,
    error,
    rollForm.element,
    parts,
  ]));

  // Everyone rolls; the turn order the shell shows is the encounter's, redrawn by the move.
  initiative.addEventListener('click', async () => {
    initiative.disabled = true;
    await playMove(ctx, initiativeMove(), {
      error,
      shown: (answer) => {
        initiativeResult.replaceChildren(eventList(doc, answer.entry.events));
        initiativeResult.hidden = false;
      },
    });
    initiative.disabled = false;
  });

  /**
   * Plays a change of a tracker; null once played, else the refusal's words, which the typed box
   * shows beside itself (the shell toasts them too: the panel's own error line stays quiet, so
   * a refusal is not said three times, as the five's `adjuster` does).
   */
  async function change(p, tracker, how) {
    try {
      await ctx.play(trackerMove(p.id, tracker, how));
      return null;
    } catch (e) {
      return e?.message ?? String(e);
    }
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
    // The numbers keep the width of the widest they can say, so − bar + stay put as they change.
    const numbers = /** @type {HTMLElement} */ (bar.querySelector('.tp-meter-numbers'));
    numbers.style.minWidth = `${`${row.max} / ${row.max} ${row.label}`.length}ch`;
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
    // The view's heading names the system ("D20 Heroes table"): the panel does not say it again.
    title.textContent = 'Rolls and trackers';
    const rolled = initiativeOf(spec);
    initiative.hidden = !rolled;
    initiative.title = rolled ? `Everyone rolls ${isolated(rolled.name)}; the turn order becomes highest first` : '';
    const order = encounter.state.order;
    initiative.disabled = order.length === 0;
    parts.replaceChildren(...order.map((p) => partRow(p, table, spec)));
    if (!order.length) parts.append(el(doc, 'li', { className: 'tp-muted', text: 'Add characters or NPCs to track them here.' }));
  }

  render();

  return {
    update(next) {
      encounter = next;
      render();
      rollForm.update(next, specOf());
    },
  };
}
