// The stunt table panel: every participant's HTK (a bar and the numbers, damage and healing in
// points, Minor Damage, HTK set outright) with their running Doubles Only / Double Six Only tasks
// (doubles so far, time steps, Throw with the exact odds of the throw and of the whole task,
// Close); a chart check on the roster's own chart, a form to start a task and one to roll dice
// damage, each with its exact odds. State comes from the encounter's `system_state` (stunt);
// every change is a move the shell plays.

import { el } from '../../dom.js';
import { formatPercent, isolated } from '../../format.js';
import {
  adjuster, fieldRange, intOf, meter, moveRange, numberField, oddsBlock, oddsHold, panelPlayer, rollRow, selectField, setOptions, showPreview,
} from './panel-parts.js';
import { turnFollower } from './turn-follow.js';
import { hitOffer } from './hit-offer.js';
import { isHouseRuled, numberValue } from '../../house-rules/numbers-model.js';
import { currentParticipant } from '../encounter-model.js';
import { maxLength } from '../../text-limits.js';

/** @typedef {import('../../../types/bindings').Catalog} Catalog */
/** @typedef {import('../../../types/bindings').RulingId} RulingId */

/**
 * The rulings the panel names where the GM acts on them, by their ids in the catalog's
 * `table_rulings` (the words are the catalog's, written once in the rules crate); typed, so
 * `npm run typecheck` refuses an id the Rust `RulingId` does not have.
 * @type {{minor: RulingId, minorHouse: RulingId, clamp: RulingId, throw: RulingId, reset: RulingId, barred: RulingId}}
 */
const TABLE_RULINGS = {
  minor: 'stunt_minor_damage',
  minorHouse: 'stunt_minor_damage_house_rule',
  clamp: 'stunt_htk_bounds',
  throw: 'stunt_doubles_throw',
  reset: 'stunt_doubles_reset',
  barred: 'stunt_double_six_barred',
};

/**
 * The words of the panel's rulings from the catalog: each of TABLE_RULINGS's by its id, and
 * `chart`, the stunt check kind's own rulings (how the chart is read). `minor` is the house
 * rule's words when the roster's Minor Damage dice (`houseRules`) differ from RULES.md's.
 * @param {Catalog | null | undefined} catalog
 * @param {object} [houseRules] the roster's house rules
 * @returns {{minor: string, clamp: string, throw: string, reset: string, barred: string, chart: string[]}}
 */
export function rulingTexts(catalog, houseRules = undefined) {
  const table = catalog?.table_rulings ?? {};
  const text = (key) => table[TABLE_RULINGS[key]] ?? '';
  const check = catalog?.systems?.find((s) => s.id === 'stunt')?.kinds.find((k) => k.id === 'check');
  const minor = isHouseRuled(catalog, houseRules, 'minor_damage_dice') ? text('minorHouse') : text('minor');
  return {
    minor, clamp: text('clamp'), throw: text('throw'), reset: text('reset'), barred: text('barred'),
    chart: check?.rulings ?? [],
  };
}

/** The stunt table of an encounter, or null before the first action. */
function tableOf(encounter) {
  const table = encounter.state.system_state;
  return table?.system === 'stunt' ? table : null;
}

/** A task's progress in words: "1 of 3 doubles · 4 time steps · set back once". */
export function taskWords(task) {
  const t = task.task;
  const steps = `${t.time_steps} time step${t.time_steps === 1 ? '' : 's'}`;
  const parts = t.kind === 'doubles_only' ? [`${t.doubles} of ${t.needed} doubles`, steps] : ['until 6-6 or 1-1', steps];
  if (t.resets) parts.push(`set back ${t.resets === 1 ? 'once' : `${t.resets} times`} by 1-1`);
  return parts.join(' · ');
}

/** A task's state as a word for its badge. */
export function statusWord(task) {
  return { running: 'Running', succeeded: 'Succeeded', failed: 'Failed for good' }[task.task.status] ?? task.task.status;
}

/** A button's title naming its ruling ("4d6 damage. Ruling: …"), or just `what` without the words. */
function rulingTitle(what, ruling) {
  return [what, ruling ? `Ruling: ${ruling}` : ''].filter(Boolean).join(' ');
}

/** A rulings note as the rest of the app shows one; `show(texts)` fills it in (hidden while empty). */
function rulingsNote(doc) {
  const list = el(doc, 'ul');
  const note = el(doc, 'div', { className: 'rulings stunt-rulings', hidden: true }, [list]);
  const show = (texts) => {
    const said = texts.filter(Boolean);
    list.replaceChildren(...said.map((text) => el(doc, 'li', {}, [
      el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' }),
      el(doc, 'span', { className: 'ruling-text', text }),
    ])));
    note.hidden = said.length === 0;
  };
  return { note, show };
}

export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  let encounter = ctx.encounter;

  const parts = el(doc, 'ul', { className: 'tp-parts stunt-parts', 'aria-label': 'HTK and running tasks' });
  const error = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const result = el(doc, 'div', { className: 'tp-result', 'data-role': 'stunt-result', hidden: true, 'aria-live': 'polite' });
  // Whose turn it is checks and tries; damage goes to an opponent of theirs (issue 17).
  const follow = turnFollower(ctx.characters);
  const turnName = el(doc, 'p', { className: 'tp-turn tp-turn-name', 'data-role': 'turn-name' });
  // Where a move's result shows: beside the Roll button of the form that played it, else here.
  const topSpot = el(doc, 'div', { className: 'stunt-top-result' });
  const spots = { check: el(doc, 'div', { className: 'tp-result-spot' }), start: el(doc, 'div', { className: 'tp-result-spot' }), damage: el(doc, 'div', { className: 'tp-result-spot' }) };

  // The rulings' words come with the catalog; until then (or without it) the notes stay hidden.
  const house = ctx.roster?.house_rules;
  // Minor Damage as the roster rolls it ("4d6" under a house rule): the roster's number, else
  // the served ruling once the catalog is read.
  const minorOf = (catalog) => {
    const dice = house?.minor_damage_dice ?? numberValue(catalog, house, 'minor_damage_dice');
    return dice == null ? 'Minor Damage' : `${dice}d6`;
  };
  let rulings = rulingTexts(null);
  let minorDice = minorOf(null);
  const taskRulings = rulingsNote(doc);
  const chartRulings = rulingsNote(doc);
  Promise.resolve(ctx.catalog).then((catalog) => {
    rulings = rulingTexts(catalog, house);
    minorDice = minorOf(catalog);
    taskRulings.show([rulings.throw, rulings.reset, rulings.barred]);
    chartRulings.show(rulings.chart);
    render();
  }).catch(() => {});

  // Start a task.
  const taskWho = selectField(doc, { label: 'Who tries', name: 'participant' });
  follow.actor(taskWho.select);
  const label = el(doc, 'input', { type: 'text', name: 'label', className: 'text-input', ...maxLength(ctx, 'task_label'), placeholder: 'Pick the lock', required: true });
  const kind = selectField(doc, { label: 'Roll', name: 'kind', options: [['doubles_only', 'Doubles Only'], ['double_six_only', 'Double Six Only']] });
  const needed = numberField(doc, { label: 'Doubles needed', name: 'needed', value: 3, ...fieldRange(ctx.catalog, 'stunt', 'doubles', 'needed') });
  const startButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'task-start', text: 'Start task' });
  const startForm = el(doc, 'form', { className: 'tp-act stunt-start', novalidate: true, autocomplete: 'off', 'aria-label': 'Start a task' }, [
    el(doc, 'h3', { className: 'tp-heading', text: 'Start a task without the skill' }),
    el(doc, 'div', { className: 'tp-row' }, [
      taskWho.field,
      el(doc, 'label', { className: 'tp-field stunt-label' }, [el(doc, 'span', { text: 'Task' }), label]),
      kind.field,
      needed.field,
    ]),
    rollRow(doc, [startButton], spots.start),
    taskRulings.note,
  ]);

  // Roll damage dice.
  const hitWho = selectField(doc, { label: 'Target', name: 'target' });
  follow.target(hitWho.select);
  const dice = numberField(doc, { label: 'Dice', name: 'dice', value: 2, ...fieldRange(ctx.catalog, 'stunt', 'damage', 'dice') });
  const sides = numberField(doc, { label: 'Sides', name: 'sides', value: 6, ...fieldRange(ctx.catalog, 'stunt', 'damage', 'sides') });
  const bonus = numberField(doc, { label: 'Bonus', name: 'bonus', value: 0, ...fieldRange(ctx.catalog, 'stunt', 'damage', 'bonus') });
  const odds = oddsBlock(doc, 'Chance this takes the target to 0', { compare: ctx.compare });
  const damageHold = oddsHold(odds);
  const damageButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'damage-roll', text: 'Roll damage' });
  const damageForm = el(doc, 'form', { className: 'tp-act stunt-damage', novalidate: true, autocomplete: 'off', 'aria-label': 'Roll damage' }, [
    el(doc, 'h3', { className: 'tp-heading', text: 'Roll damage (NdS+K)' }),
    el(doc, 'div', { className: 'tp-row' }, [hitWho.field, dice.field, sides.field, bonus.field]),
    rollRow(doc, [damageButton], spots.damage),
    odds.panel,
  ]);

  // A chart check: Active Level (the character's rated stats and abilities first) against a
  // Defending Level, on the roster's own chart.
  const levels = ctx.roster?.house_rules?.stunt?.levels ?? [];
  const checkWho = selectField(doc, { label: 'Who', name: 'checker' });
  follow.actor(checkWho.select);
  const active = selectField(doc, { label: 'Active level', name: 'active' });
  const defending = selectField(doc, { label: 'Defending level', name: 'defending', options: levels.map((l) => [l, l]) });
  if (levels.includes('Average')) defending.select.value = 'Average';
  const checkOdds = oddsBlock(doc, undefined, { compare: ctx.compare });
  const checkHold = oddsHold(checkOdds);
  const checkButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'check-roll', text: 'Roll check' });
  const checkForm = el(doc, 'form', { className: 'tp-act stunt-check', novalidate: true, autocomplete: 'off', 'aria-label': 'Chart check' }, [
    el(doc, 'h3', { className: 'tp-heading', text: 'Chart check (2d6 multiplied)' }),
    el(doc, 'div', { className: 'tp-row' }, [checkWho.field, active.field, defending.field]),
    rollRow(doc, [checkButton], spots.check),
    checkOdds.panel,
    chartRulings.note,
  ]);

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel stunt-panel', 'aria-label': 'Stunt table' }, [
    el(doc, 'h2', { className: 'tp-title', text: 'HTK and running tasks' }),
    turnName,
    checkForm,
    damageForm,
    startForm,
    error,
    topSpot,
    parts,
  ]));
  topSpot.append(result);
  const nameOf = (participantId) => encounter.state.order.find((p) => p.id === participantId)?.name ?? 'Someone';

  const playHere = panelPlayer(ctx, { system: 'stunt', result, error });
  /** Plays a move with its result shown in `spot` (the top one by default). */
  const play = (move, what, spot = topSpot) => {
    spot.append(result);
    return playHere(move, what);
  };

  function htkBlock(p, htk) {
    return meter(doc, {
      label: `${isolated(p.name)}'s HTK`,
      value: htk,
      text: `${htk.current} / ${htk.max} HTK`,
      className: 'stunt-htk',
      numbersRole: 'htk-numbers',
      edit: adjuster(ctx, 'stunt', p, 'htk', 'HTK'),
    });
  }

  function htkControls(p, htk) {
    const points = numberField(doc, { label: 'Points', name: 'points', value: 1, ...moveRange(ctx.catalog, 'stunt', 'damage', 'points') });
    points.field.firstChild.className = 'visually-hidden';
    points.input.setAttribute('aria-label', `Points of damage or healing for ${isolated(p.name)}`);
    const damage = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'damage', text: 'Damage', title: rulingTitle('', rulings.clamp) });
    const heal = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'heal', text: 'Heal', title: rulingTitle('', rulings.clamp) });
    const minor = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'minor-damage', text: 'Minor Damage', title: rulingTitle(`${minorDice} damage.`, rulings.minor) });
    damage.addEventListener('click', () => play({ system: 'stunt', move: 'damage', participant_id: p.id, points: Math.max(0, intOf(points.input, 0)) }, `${isolated(p.name)} · damage`));
    heal.addEventListener('click', () => play({ system: 'stunt', move: 'heal', participant_id: p.id, points: Math.max(0, intOf(points.input, 0)) }, `${isolated(p.name)} · heal`));
    minor.addEventListener('click', () => play({ system: 'stunt', move: 'minor_damage', participant_id: p.id }, `${isolated(p.name)} · Minor Damage (${minorDice})`));

    const current = numberField(doc, { label: 'Current', name: 'current', value: htk.current, ...moveRange(ctx.catalog, 'stunt', 'set_htk', 'current') });
    const max = numberField(doc, { label: 'Max', name: 'max', value: htk.max, ...moveRange(ctx.catalog, 'stunt', 'set_htk', 'max') });
    const set = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'set-htk', text: 'Set HTK' });
    set.addEventListener('click', () => play({ system: 'stunt', move: 'set_htk', participant_id: p.id, current: Math.max(0, intOf(current.input, 0)), max: Math.max(0, intOf(max.input, 1)) }, `${isolated(p.name)} · HTK`));
    const setHtk = el(doc, 'details', { className: 'stunt-set-htk' }, [
      el(doc, 'summary', { text: 'Set HTK…' }),
      el(doc, 'div', { className: 'tp-row' }, [current.field, max.field, set]),
    ]);
    return el(doc, 'div', { className: 'tp-row stunt-htk-actions' }, [points.field, damage, heal, minor, setHtk]);
  }

  /** The exact odds of a throw and of finishing the task, filled in from previews. */
  function throwOdds(task, out) {
    const running = task.task.status === 'running';
    if (!running) return;
    const throwMove = { system: 'stunt', move: 'task_throw', task_id: task.id };
    const ask = (move) => ctx.preview(move).then((a) => a?.odds?.success ?? null, () => null);
    const wholeTask = task.task.kind === 'doubles_only'
      ? ask({ ...throwMove, to_the_end: true })
      : Promise.resolve(null);
    Promise.all([ask(throwMove), wholeTask]).then(([next, whole]) => {
      const words = [];
      if (task.task.kind === 'doubles_only') {
        if (next !== null) words.push(`next double ${formatPercent(next)}`);
        if (whole !== null) words.push(`the whole task ${formatPercent(whole)}`);
      } else if (next !== null) {
        words.push(`6-6 before 1-1 ${formatPercent(next)}`);
      }
      out.textContent = words.length ? `Chance: ${words.join(' · ')}` : '';
    });
  }

  function taskRow(task) {
    const t = task.task;
    const pips = t.kind === 'doubles_only' && t.needed <= 12
      ? el(doc, 'span', { className: 'stunt-pips', 'aria-hidden': 'true' }, Array.from({ length: t.needed }, (_, i) => el(doc, 'span', { className: `stunt-pip${i < t.doubles ? ' on' : ''}` })))
      : null;
    const chance = el(doc, 'span', { className: 'stunt-chance tp-muted', 'data-role': 'task-odds' });
    const buttons = [];
    if (t.status === 'running') {
      const throwButton = el(doc, 'button', { type: 'button', className: 'button primary', 'data-role': 'task-throw', text: t.kind === 'doubles_only' ? 'Throw to the next double' : 'Throw' });
      throwButton.addEventListener('click', () => play({ system: 'stunt', move: 'task_throw', task_id: task.id }, `${isolated(nameOf(task.participant_id))} · ${isolated(task.label)}`));
      buttons.push(throwButton);
      if (t.kind === 'doubles_only' && t.needed - t.doubles > 1) {
        const toEnd = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'task-throw-all', text: 'Throw to the end' });
        toEnd.addEventListener('click', () => play({ system: 'stunt', move: 'task_throw', task_id: task.id, to_the_end: true }, `${isolated(nameOf(task.participant_id))} · ${isolated(task.label)}`));
        buttons.push(toEnd);
      }
    }
    const close = el(doc, 'button', { type: 'button', className: 'button quiet', 'data-role': 'task-close', text: t.status === 'running' ? 'Give up' : 'Close' });
    close.addEventListener('click', () => play({ system: 'stunt', move: 'task_close', task_id: task.id }, task.label));
    buttons.push(close);
    const row = el(doc, 'li', { className: `stunt-task ${t.status}`, 'data-task-id': String(task.id) }, [
      el(doc, 'div', { className: 'stunt-task-head' }, [
        el(doc, 'span', { className: 'stunt-task-label', text: task.label }),
        el(doc, 'span', { className: 'stunt-task-kind tp-muted', text: t.kind === 'doubles_only' ? 'Doubles Only' : 'Double Six Only' }),
        el(doc, 'span', { className: `stunt-status ${t.status}`, 'data-role': 'task-status', text: statusWord(task) }),
      ]),
      el(doc, 'div', { className: 'stunt-task-progress' }, [
        ...(pips ? [pips] : []),
        el(doc, 'span', { 'data-role': 'task-progress', text: taskWords(task) }),
      ]),
      chance,
      el(doc, 'div', { className: 'tp-row stunt-task-actions' }, buttons),
    ]);
    throwOdds(task, chance);
    return row;
  }

  function partRow(p, table) {
    const part = table?.parts?.[p.id];
    const row = el(doc, 'li', { className: 'tp-part stunt-part', 'data-participant-id': p.id });
    if (!part) {
      row.append(el(doc, 'span', { className: 'tp-name', text: p.name }), el(doc, 'span', { className: 'tp-muted', text: 'No HTK yet.' }));
      return row;
    }
    const tasks = (table.tasks ?? []).filter((t) => t.participant_id === p.id && !t.closed);
    row.append(
      el(doc, 'div', { className: 'tp-part-head stunt-part-head' }, [
        el(doc, 'span', { className: 'tp-name', text: p.name }),
        htkBlock(p, part.htk),
      ]),
      htkControls(p, part.htk),
    );
    if (tasks.length) row.append(el(doc, 'ul', { className: 'stunt-tasks', 'aria-label': `${isolated(p.name)}'s running tasks` }, tasks.map(taskRow)));
    return row;
  }

  function damageMove() {
    const target = hitWho.select.value;
    if (!target) return null;
    return {
      system: 'stunt',
      move: 'damage',
      participant_id: target,
      dice: { dice: intOf(dice.input, 0), sides: intOf(sides.input, 6), bonus: intOf(bonus.input, 0) },
    };
  }

  function refreshDamagePreview() {
    // The odds the last damage was rolled with stay until the GM changes the form or the turn.
    if (damageHold.held) return;
    const move = damageMove();
    if (move) showPreview(odds, ctx.preview, move);
  }

  kind.select.addEventListener('change', () => {
    needed.field.hidden = kind.select.value !== 'doubles_only';
  });
  startForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const participantId = taskWho.select.value;
    if (!participantId) return;
    const move = { system: 'stunt', move: 'task_start', participant_id: participantId, label: label.value, kind: kind.select.value };
    if (kind.select.value === 'doubles_only') move.needed = Math.max(0, intOf(needed.input, 0));
    startButton.disabled = true;
    const answer = await play(move, label.value, spots.start);
    startButton.disabled = false;
    if (answer) label.value = '';
  });
  damageForm.addEventListener('input', () => {
    damageHold.release();
    refreshDamagePreview();
  });
  damageForm.addEventListener('change', (event) => {
    if (event.target !== hitWho.select) return;
    damageHold.release();
    refreshDamagePreview();
  });
  damageForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = damageMove();
    if (!move) return;
    damageButton.disabled = true;
    const d = move.dice;
    damageHold.hold();
    const played = await play(move, `${isolated(nameOf(move.participant_id))} · ${d.dice}d${d.sides}${d.bonus ? `${d.bonus > 0 ? '+' : '−'}${Math.abs(d.bonus)}` : ''} damage`, spots.damage);
    if (!played) damageHold.release();
    damageButton.disabled = false;
  });

  const sheetLevels = new Map();
  /** The Active level choices for a participant: the sheet's rated checks, then every level. */
  async function activeOptions(participant) {
    const characterId = participant?.character_id;
    if (characterId && !sheetLevels.has(characterId)) {
      const rolls = await ctx.sheetRolls(characterId).catch(() => []);
      sheetLevels.set(characterId, rolls
        .filter((r) => r.request?.system === 'stunt' && r.request?.roll === 'check')
        .map((r) => [r.request.active, `${r.label} · ${r.request.active}`]));
    }
    return [...(sheetLevels.get(characterId) ?? []), ...levels.map((l) => [l, l])];
  }

  function checkMove() {
    if (!checkWho.select.value || !active.select.value) return null;
    return { system: 'stunt', move: 'check', participant_id: checkWho.select.value, active: active.select.value, defending: defending.select.value };
  }

  async function refreshCheck() {
    const participant = encounter.state.order.find((p) => p.id === checkWho.select.value);
    setOptions(active.select, await activeOptions(participant));
    if (checkHold.held) return;
    const move = checkMove();
    if (move) showPreview(checkOdds, ctx.preview, move);
  }

  const checkMovedOn = () => {
    checkHold.release();
    refreshCheck();
  };
  checkWho.select.addEventListener('change', checkMovedOn);
  active.select.addEventListener('change', checkMovedOn);
  defending.select.addEventListener('change', checkMovedOn);
  checkForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = checkMove();
    if (!move) return;
    checkButton.disabled = true;
    checkHold.hold();
    const played = await play(move, `${isolated(nameOf(move.participant_id))} · ${move.active} vs ${move.defending}`, spots.check);
    if (!played) checkHold.release();
    else if (played.rolls?.[0]?.success) offerDamage(move.participant_id);
    checkButton.disabled = false;
  });

  /**
   * A check that succeeded offers its damage at once to an opponent of the one who checked
   * (the damage form's target by default): Minor Damage rolled, or points typed; the offer sits
   * in the check's result, so the next move's result replaces it.
   */
  function offerDamage(checker) {
    const order = encounter.state.order;
    const others = order.filter((p) => p.id !== checker).map((p) => [p.id, isolated(p.name)]);
    if (!others.length) return;
    const damage = (id, points) => play({ move: 'damage', participant_id: id, points }, `${isolated(nameOf(id))} · damage`, spots.check);
    const minor = (id) => play({ move: 'minor_damage', participant_id: id }, `${isolated(nameOf(id))} · Minor Damage (${minorDice})`, spots.check);
    const offer = hitOffer(doc, {
      heading: `${isolated(nameOf(checker))} succeeded: apply the damage`,
      targets: others,
      target: hitWho.select.value,
      points: moveRange(ctx.catalog, 'stunt', 'damage', 'points'),
      actions: [
        { text: `Minor Damage (${minorDice})`, role: 'apply-minor-damage', typed: false, run: (id) => minor(id) },
        { text: 'Apply points', role: 'apply-damage', typed: true, run: (id, points) => damage(id, points) },
      ],
    });
    result.append(offer);
  }

  function render() {
    const table = tableOf(encounter);
    const order = encounter.state.order;
    parts.replaceChildren(...order.map((p) => partRow(p, table)));
    if (!order.length) parts.append(el(doc, 'li', { className: 'tp-muted', text: 'Add characters or NPCs to track their HTK and running tasks.' }));
    const options = order.map((p) => [p.id, isolated(p.name)]);
    setOptions(taskWho.select, options);
    setOptions(hitWho.select, options);
    setOptions(checkWho.select, options);
    if (follow.apply(encounter)) {
      // A new turn: the last roll and its odds are put away.
      damageHold.release();
      checkHold.release();
      result.hidden = true;
    }
    const acting = currentParticipant(encounter);
    turnName.textContent = acting ? `${isolated(acting.name)}'s turn` : '';
    turnName.hidden = !acting;
    startForm.hidden = order.length === 0;
    checkForm.hidden = order.length === 0 || levels.length === 0;
    damageForm.hidden = order.length === 0;
    refreshDamagePreview();
    refreshCheck();
  }

  render();

  return {
    update(next) {
      encounter = next;
      render();
    },
  };
}
