// The marks table panel: every running task with the dice it has left, its attempts (or Marks
// so far against the plateau), the exact odds of its next roll and Attempt / Step / Close; and
// a form that starts a task (static, contested or extended) from one of the character's sheet
// rolls or from dice entered for a quick NPC. State is the encounter's `system_state` (marks).

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import {
  fieldRange, intOf, numberField, oddsBlock, oddsHold, playMove, previewer, rollRow, selectField, setOptions, showPlay,
} from './panel-parts.js';
import { turnFollower } from './turn-follow.js';
import { actorOf } from '../turn-focus.js';
import { maxLength } from '../../text-limits.js';

const ENTERED = '';

/** The open tasks of the encounter's marks table. */
function tasksOf(encounter) {
  const table = encounter.state.system_state;
  return table?.system === 'marks' ? table.tasks ?? [] : [];
}

/**
 * What the rules say of each task's next roll, by task id: the encounter's `view` (Rust removes
 * the penalty dice in RULES.md's order; the panel only shows what is left).
 */
function taskViewsOf(encounter) {
  const view = encounter.view;
  return new Map((view?.system === 'marks' ? view.tasks : []).map((v) => [v.task_id, v]));
}

/** "5d6 keep 3, 2d10 keep 1" for a pool `[attribute, skill, super, super skill]`. @param {number[]} pool */
export function poolWords(pool) {
  const [a, s, sup, ss] = pool;
  const human = `${a + s}d6 keep ${a}`;
  return sup + ss > 0 ? `${human}, ${sup + ss}d10 keep ${sup}` : human;
}

/**
 * The lines a task shows and whether it can be rolled now, from the task and what the rules
 * serve of its next roll (`view`: `{penalty, dice_left, rollable}`; missing, nothing is rolled).
 */
export function taskFacts(running, view, nameOf) {
  const { kind } = running;
  const t = kind.task;
  const next = view ?? { penalty: 0, dice_left: [0, 0, 0, 0], rollable: false };
  if (kind.type === 'extended') {
    const status = t.status.status === 'completed'
      ? `Completed on step ${t.status.on_step}`
      : t.status.status === 'failed' ? 'Failed: the maximum steps passed short of the plateau' : 'Running';
    return {
      rollable: next.rollable,
      button: 'Step',
      lines: [
        `Marks ${t.marks} of ${t.plateau} (plateau)`,
        `Step ${t.steps} · ${t.min_steps} to ${t.max_steps} steps`,
        `Rolls ${poolWords(next.dice_left)}${next.penalty ? ` (−${next.penalty} dice)` : ''}`,
        status,
      ],
    };
  }
  const empty = next.dice_left.every((n) => n === 0);
  const against = t.defender ? ` against ${isolated(nameOf(kind.defender_id) ?? 'the defender')}` : '';
  return {
    rollable: next.rollable,
    button: 'Attempt',
    lines: [
      `Dice left: ${poolWords(next.dice_left)}${against}`,
      `−${next.penalty} dice (difficulty ${t.difficulty} + ${t.failed_attempts} failed)`,
      `${kind.attempts} attempt${kind.attempts === 1 ? '' : 's'}${t.defender ? '' : ` · ${t.needed} Mark${t.needed === 1 ? '' : 's'} needed`}`,
      t.done ? 'Succeeded' : empty ? 'No dice left: it cannot be tried again' : 'Open',
    ],
  };
}

export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  let encounter = ctx.encounter;
  const rollsCache = new Map();

  const list = el(doc, 'ul', { className: 'tp-tasks', 'aria-label': 'Running tasks' });
  const formError = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const lastRoll = el(doc, 'div', { className: 'tp-result', 'data-role': 'task-result', hidden: true, 'aria-live': 'polite' });

  // The start form.
  const kind = selectField(doc, { label: 'Kind', name: 'kind', options: [['task', 'Task'], ['contest', 'Contested'], ['extended', 'Extended']] });
  const who = selectField(doc, { label: 'Who', name: 'participant' });
  // Whose turn it is starts the task, against an opponent, unless the GM picks others.
  const follow = turnFollower(ctx.characters);
  follow.actor(who.select);
  const label = el(doc, 'input', { type: 'text', name: 'label', className: 'text-input', placeholder: 'Pick the lock', ...maxLength(ctx, 'task_label') });
  const labelField = el(doc, 'label', { className: 'tp-field wide' }, [el(doc, 'span', { text: 'Task' }), label]);
  const roll = selectField(doc, { label: 'Pool', name: 'roll' });
  // Every number's range is the request field's it fills (the catalog's marks kinds).
  const range = (kind, field) => fieldRange(ctx.catalog, 'marks', kind, field);
  const POOL = ['attribute_dice', 'skill_dice', 'super_dice', 'super_skill_dice'];
  const entered = ['Attribute dice', 'Skill dice', 'Super dice', 'Super skill dice'].map((text, i) => numberField(doc, { label: text, name: `dice${i}`, value: i === 0 ? 2 : 0, ...range('pool', POOL[i]) }));
  const enteredRow = el(doc, 'div', { className: 'tp-row' }, entered.map((f) => f.field));
  const difficulty = numberField(doc, { label: 'Difficulty (−dice)', name: 'difficulty', value: 0, ...range('pool', 'penalty') });
  const needed = numberField(doc, { label: 'Marks needed', name: 'needed', value: 1, ...range('pool', 'needed') });
  const defender = selectField(doc, { label: 'Defender', name: 'defender' });
  follow.target(defender.select, who.select);
  const defenderRoll = selectField(doc, { label: 'Defender pool', name: 'defender_roll' });
  const defenderPenalty = numberField(doc, { label: 'Defender −dice', name: 'defender_penalty', value: 0, ...range('contested', 'defender_penalty') });
  const defenderEntered = ['Defender attribute dice', 'Defender skill dice', 'Defender super dice', 'Defender super skill dice'].map((text, i) => numberField(doc, { label: text, name: `defender_dice${i}`, value: i === 0 ? 2 : 0, ...range('contested', `defender_${POOL[i]}`) }));
  const defenderEnteredRow = el(doc, 'div', { className: 'tp-row' }, defenderEntered.map((f) => f.field));
  const plateau = numberField(doc, { label: 'Plateau', name: 'plateau', value: 5, ...range('extended', 'plateau') });
  const minSteps = numberField(doc, { label: 'Min steps', name: 'min_steps', value: 1, ...range('extended', 'min_steps') });
  const maxSteps = numberField(doc, { label: 'Max steps', name: 'max_steps', value: 5, ...range('extended', 'max_steps') });
  const taskRow = el(doc, 'div', { className: 'tp-row' }, [difficulty.field, needed.field]);
  const contestRow = el(doc, 'div', { className: 'tp-row' }, [defender.field, defenderRoll.field, defenderPenalty.field]);
  const extendedRow = el(doc, 'div', { className: 'tp-row' }, [plateau.field, minSteps.field, maxSteps.field]);
  const start = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'task-start', text: 'Start' });
  const form = el(doc, 'form', { className: 'tp-start', novalidate: true, autocomplete: 'off', 'aria-label': 'Start a task' }, [
    el(doc, 'h3', { className: 'tp-heading', text: 'Start a task' }),
    el(doc, 'div', { className: 'tp-row' }, [kind.field, who.field, labelField]),
    el(doc, 'div', { className: 'tp-row' }, [roll.field]),
    enteredRow,
    taskRow,
    contestRow,
    defenderEnteredRow,
    extendedRow,
    el(doc, 'div', { className: 'tp-row' }, [start]),
  ]);

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel marks-panel', 'aria-label': 'Marks table' }, [
    el(doc, 'h2', { className: 'tp-title', text: 'Running tasks' }),
    form,
    formError,
    lastRoll,
    list,
  ]));
  /** The task whose last roll is on show, with the odds it was made with, until the GM moves on. */
  let held = null;
  const releaseHeld = () => {
    if (!held) return;
    held = null;
    lastRoll.hidden = true;
    list.before(lastRoll);
  };

  const play = (move) => playMove(ctx, move, { error: formError });

  const participant = (id) => encounter.state.order.find((p) => p.id === id) ?? null;
  const nameOf = (id) => participant(id)?.name ?? null;

  async function poolRolls(p) {
    if (!p?.character_id) return [];
    if (!rollsCache.has(p.character_id)) {
      const rolls = await ctx.sheetRolls(p.character_id).catch(() => []);
      rollsCache.set(p.character_id, rolls.filter((r) => r.request?.system === 'marks' && r.request?.roll === 'pool'));
    }
    return rollsCache.get(p.character_id);
  }

  async function rollOptions(p) {
    const options = (await poolRolls(p)).map((r) => [r.label, `${r.group}: ${isolated(r.label)}`]);
    options.push([ENTERED, 'Dice entered here']);
    return options;
  }

  /** The pool choices of participant `id`; a choice made for someone else is not kept. */
  async function fillPool(select, id) {
    const options = await rollOptions(participant(id));
    setOptions(select, options, select.dataset.for === id);
    select.dataset.for = id;
  }

  async function refreshForm() {
    const order = encounter.state.order;
    setOptions(who.select, order.map((p) => [p.id, isolated(p.name)]));
    // A new turn: whose it is acts, and the last roll is put away.
    if (follow.apply(encounter) && held) {
      releaseHeld();
      render();
    }
    const others = order.filter((p) => p.id !== who.select.value);
    setOptions(defender.select, others.map((p) => [p.id, isolated(p.name)]));
    follow.apply(encounter);
    await fillPool(roll.select, who.select.value);
    await fillPool(defenderRoll.select, defender.select.value);
    const k = kind.select.value;
    taskRow.hidden = k === 'extended';
    needed.field.hidden = k !== 'task';
    contestRow.hidden = k !== 'contest';
    extendedRow.hidden = k !== 'extended';
    enteredRow.hidden = roll.select.value !== ENTERED;
    defenderEnteredRow.hidden = k !== 'contest' || defenderRoll.select.value !== ENTERED;
    form.hidden = order.length === 0;
  }

  /** A task pool: the sheet roll chosen in `select`, or the dice entered in `fields`. */
  const pool = (select, fields) => select.value === ENTERED
    ? { attribute_dice: intOf(fields[0].input), skill_dice: intOf(fields[1].input), super_dice: intOf(fields[2].input), super_skill_dice: intOf(fields[3].input) }
    : { roll: select.value };

  function startMove() {
    const base = { system: 'marks', participant_id: who.select.value, label: label.value, pool: pool(roll.select, entered) };
    switch (kind.select.value) {
      case 'contest':
        return {
          ...base, move: 'task_contest', difficulty: intOf(difficulty.input), defender_id: defender.select.value,
          defender_pool: pool(defenderRoll.select, defenderEntered), defender_penalty: intOf(defenderPenalty.input),
        };
      case 'extended':
        return { ...base, move: 'extended_start', penalty: intOf(difficulty.input), plateau: intOf(plateau.input, 1), min_steps: intOf(minSteps.input, 1), max_steps: intOf(maxSteps.input, 1) };
      default:
        return { ...base, move: 'task_start', difficulty: intOf(difficulty.input), needed: intOf(needed.input, 1) };
    }
  }

  form.addEventListener('change', () => {
    if (held) {
      releaseHeld();
      render();
    }
    refreshForm();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (await play(startMove())) label.value = '';
  });

  function taskRowNode(running, views) {
    const facts = taskFacts(running, views.get(running.id), nameOf);
    const owner = nameOf(running.participant_id) ?? 'Someone who left';
    const rollMove = running.kind.type === 'extended'
      ? { system: 'marks', move: 'extended_step', task_id: running.id }
      : { system: 'marks', move: 'task_attempt', task_id: running.id };
    // The odds the last roll of this task was made with, while held; else the next roll's.
    const keep = held?.taskId === running.id ? held : null;
    const odds = keep?.odds ?? oddsBlock(doc, 'Next roll succeeds', { compare: ctx.compare });
    const button = el(doc, 'button', { type: 'button', className: 'button primary', 'data-role': 'task-roll', text: keep && facts.rollable ? 'Next roll odds' : facts.button, disabled: !facts.rollable });
    const close = el(doc, 'button', { type: 'button', className: 'button quiet', 'data-role': 'task-close', text: 'Close' });
    button.addEventListener('click', async () => {
      if (keep) {
        // The GM moves on: the next roll's odds, then its Attempt / Step.
        releaseHeld();
        render();
        return;
      }
      button.disabled = true;
      const hold = oddsHold(odds);
      hold.hold();
      held = { taskId: running.id, odds };
      const answer = await play(rollMove);
      if (answer) {
        showPlay(lastRoll, answer, `${isolated(owner)} · ${isolated(running.label)}`);
        render();
      } else {
        held = null;
        hold.release();
        button.disabled = false;
      }
    });
    close.addEventListener('click', () => play({ system: 'marks', move: 'task_close', task_id: running.id }));
    const row = el(doc, 'li', { className: 'tp-task', 'data-task-id': String(running.id), 'data-participant-id': running.participant_id }, [
      el(doc, 'div', { className: 'tp-part-head' }, [
        el(doc, 'span', { className: 'tp-name', text: `${isolated(owner)} · ${isolated(running.label)}` }),
        el(doc, 'span', { className: 'tp-muted', text: running.source }),
      ]),
      el(doc, 'ul', { className: 'tp-facts' }, facts.lines.map((text) => el(doc, 'li', { text }))),
      rollRow(doc, [button, close], keep ? lastRoll : ''),
    ]);
    if (keep) row.append(odds.panel);
    else if (facts.rollable) {
      row.append(odds.panel);
      previewer(odds, ctx.preview)(rollMove);
    }
    return row;
  }

  function render() {
    // The acting participant's tasks first: their actions are at the top.
    const actor = actorOf(encounter);
    const tasks = [...tasksOf(encounter)].sort((a, b) => Number(b.participant_id === actor) - Number(a.participant_id === actor));
    const views = taskViewsOf(encounter);
    list.replaceChildren(...tasks.map((running) => taskRowNode(running, views)));
    if (!tasks.length) list.append(el(doc, 'li', { className: 'tp-muted', text: 'No task running: start one below.' }));
  }

  render();
  refreshForm();

  return {
    update(next) {
      encounter = next;
      render();
      refreshForm();
    },
  };
}
