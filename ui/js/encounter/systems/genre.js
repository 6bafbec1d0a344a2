// The genre table panel: every participant's Glory Points (award, spend as the opposing side),
// pending Grunt penalties, Grunts since rest against Stamina, Bust A Nut uses against level and
// its rounds of -1 die; an Act form (a sheet roll of the character, Grunt, Bust A Nut, Glory,
// patience) with the exact odds of the request the table will roll — penalties included — and
// Rest / End adventure for everyone. State comes from the encounter's `system_state` (genre).

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import {
  confirmButton, eventList, fieldRange, intOf, moveRange, numberField, oddsBlock, oddsHold, playMove, previewer, rollRow, selectField, setOptions, showPlay,
} from './panel-parts.js';
import { turnFollower } from './turn-follow.js';

const NPC_ROLL = '';

/** The genre part of a participant: `{character: {level, stamina}, state: {glory, trackers}}`. */
function partOf(encounter, participantId) {
  const table = encounter.state.system_state;
  return table?.system === 'genre' ? table.parts?.[participantId] ?? null : null;
}

/**
 * What the rules say of a participant's next action: the encounter's `view` part
 * `{penalty, dice, grunt_bar, grunt_bar_with_bust_a_nut, grunt_bar_on_patience}`, or null.
 */
function viewOf(encounter, participantId) {
  const view = encounter.view;
  return view?.system === 'genre' ? view.parts.find((p) => p.participant_id === participantId) ?? null : null;
}

/** "−2, then −1" for the pending penalties. */
function penaltiesText(penalties) {
  if (!penalties.length) return 'none';
  const [next, ...rest] = penalties.map((p) => `${p}`.replace('-', '−'));
  return rest.length ? `${next} next, then ${rest.join(', ')}` : `${next} next`;
}

/** Bust A Nut's -1 die: not yet (the nut's own round), the rounds left, or none. */
export function nutAftermathText(state) {
  const left = state.trackers.nut_rounds_left;
  if (left <= 0) return 'none';
  if (state.nut_this_round) return '−1 die from next round, for 2 rounds';
  return `−1 die, ${left} round${left === 1 ? '' : 's'} left`;
}

/** A served reason against a Grunt (`GruntBar`), in the GM's words. */
function gruntBarWords(bar) {
  switch (bar.reason) {
    case 'penalties_pending': return `No Grunt until the last one's penalties are spent (${bar.left} left)`;
    case 'rest_needed': return `No Grunt: ${bar.grunts} since rest, Stamina ${bar.stamina} (an hour of rest resets the count)`;
    case 'bust_a_nut': return 'No Grunt with Bust A Nut on the same action';
    case 'patience': return 'No Grunt on an action of patience';
    default: return 'No Grunt';
  }
}

/**
 * Why no Grunt may be offered on the next action, or null when one is allowed: the rules decide
 * (the encounter's `view`, one answer per kind of action), the panel picks the one for the form.
 */
export function gruntBarred(view, { bustANut = false, patience = false } = {}) {
  if (!view) return 'No Grunt: this participant has no genre state yet';
  const bar = bustANut ? view.grunt_bar_with_bust_a_nut : patience ? view.grunt_bar_on_patience : view.grunt_bar;
  return bar ? gruntBarWords(bar) : null;
}

/** What the table adds to the next action, in words (empty when nothing), from the served view. */
export function pendingWords(view) {
  if (!view) return [];
  const out = [];
  if (view.penalty < 0) out.push(`Grunt penalty ${`${view.penalty}`.replace('-', '−')}`);
  if (view.dice < 0) out.push(`Bust A Nut aftermath ${`${view.dice}`.replace('-', '−')} die`);
  return out;
}

export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  let encounter = ctx.encounter;
  const rollsCache = new Map();

  const parts = el(doc, 'ul', { className: 'tp-parts', 'aria-label': 'Glory and trackers' });

  // The Act form.
  const who = selectField(doc, { label: 'Who acts', name: 'participant' });
  const rollPick = selectField(doc, { label: 'Roll', name: 'roll' });
  // The numbers' ranges are the action request's fields they fill (the catalog's genre kind).
  const range = (field) => fieldRange(ctx.catalog, 'genre', 'action', field);
  const npcDice = numberField(doc, { label: 'Dice', name: 'dice', value: 2, ...range('dice') });
  const difficulty = numberField(doc, { label: 'Difficulty dice', name: 'difficulty', value: 3, ...range('difficulty') });
  const situational = numberField(doc, { label: 'Situational ±', name: 'modifier', value: 0, min: -5, max: 5 });
  // None, then every Grunt the served range takes (+1 to +3).
  const grunts = moveRange(ctx.catalog, 'genre', 'act', 'plan.grunt');
  const gruntOptions = [['0', 'None']];
  for (let n = Math.max(1, grunts.min ?? 1); n <= (grunts.max ?? 0); n += 1) gruntOptions.push([String(n), `+${n}`]);
  const grunt = selectField(doc, { label: 'Grunt', name: 'grunt', options: gruntOptions });
  const noGrunt = el(doc, 'span', { className: 'tp-muted tp-no-grunt', 'data-role': 'no-grunt', hidden: true });
  const nut = el(doc, 'input', { type: 'checkbox', name: 'bust_a_nut' });
  const patience = el(doc, 'input', { type: 'checkbox', name: 'patience' });
  const glory = numberField(doc, { label: 'Glory to spend', name: 'glory', value: 0, ...range('glory') });
  const opposing = numberField(doc, { label: 'Opposing Glory', name: 'opposing_glory', value: 0, ...range('opposing_glory') });
  opposing.field.title = "Glory the opposing side spends against this roll; take it off the opposing participant's card with Spend opposing";
  const applied = el(doc, 'p', { className: 'tp-applied', 'data-role': 'applied', 'aria-live': 'polite' });
  const odds = oddsBlock(doc, undefined, { compare: ctx.compare });
  const hold = oddsHold(odds);
  const previewAct = previewer(odds, ctx.preview);
  const follow = turnFollower(ctx.characters);
  follow.actor(who.select);
  const rollButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'act-roll', text: 'Roll' });
  const formError = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const result = el(doc, 'div', { className: 'tp-result', 'data-role': 'act-result', hidden: true, 'aria-live': 'polite' });
  const actHeading = el(doc, 'h3', { className: 'tp-heading', 'data-role': 'act-heading', text: 'Act' });
  const form = el(doc, 'form', { className: 'tp-act', novalidate: true, autocomplete: 'off', 'aria-label': 'Act' }, [
    actHeading,
    el(doc, 'div', { className: 'tp-row' }, [who.field, rollPick.field, npcDice.field, difficulty.field, situational.field]),
    el(doc, 'div', { className: 'tp-row' }, [
      grunt.field,
      noGrunt,
      el(doc, 'label', { className: 'tp-check' }, [nut, el(doc, 'span', { text: 'Bust A Nut' })]),
      glory.field,
      opposing.field,
      el(doc, 'label', { className: 'tp-check' }, [patience, el(doc, 'span', { text: 'Action of patience' })]),
    ]),
    applied,
    odds.panel,
    rollRow(doc, [rollButton], result),
    formError,
  ]);

  const rest = confirmButton(doc, {
    label: 'Rest an hour', role: 'rest', yes: 'Rest', question: 'Everyone rests an hour: Grunt counts start again.',
    run: () => playForEveryone({ system: 'genre', move: 'rest' }),
  });
  const endAdventure = confirmButton(doc, {
    label: 'End adventure', role: 'end-adventure', yes: 'End it', question: 'End the adventure for everyone: Bust A Nut uses, Grunts and penalties reset (Glory is kept).',
    run: () => playForEveryone({ system: 'genre', move: 'end_adventure' }),
  });
  const everyoneEvents = el(doc, 'div', { className: 'tp-everyone-events', 'aria-live': 'polite' });

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel genre-panel', 'aria-label': 'Genre table' }, [
    el(doc, 'h2', { className: 'tp-title', text: 'Glory, Grunts and Bust A Nut' }),
    form,
    parts,
    el(doc, 'div', { className: 'tp-row tp-everyone' }, [rest, endAdventure]),
    everyoneEvents,
  ]));

  const play = (move) => playMove(ctx, move, { error: formError });

  async function playForEveryone(move) {
    const answer = await play(move);
    if (answer) everyoneEvents.replaceChildren(eventList(doc, answer.entry.events));
  }

  const participant = () => encounter.state.order.find((p) => p.id === who.select.value) ?? null;

  async function sheetRollsOf(p) {
    if (!p?.character_id) return [];
    if (!rollsCache.has(p.character_id)) {
      const rolls = await ctx.sheetRolls(p.character_id).catch(() => []);
      rollsCache.set(p.character_id, rolls.filter((r) => r.request?.system === 'genre' && r.request?.roll === 'action'));
    }
    return rollsCache.get(p.character_id);
  }

  async function refreshRolls() {
    const p = participant();
    const rolls = await sheetRollsOf(p);
    const options = rolls.map((r) => [r.label, `${r.group}: ${isolated(r.label)}`]);
    if (!p?.character_id || !options.length) options.push([NPC_ROLL, 'Dice entered here']);
    setOptions(rollPick.select, options);
    npcDice.field.hidden = rollPick.select.value !== NPC_ROLL;
  }

  /** The Act move as the form says, or null without a participant. */
  async function actMove() {
    const p = participant();
    if (!p) return null;
    const label = rollPick.select.value;
    const sheetRoll = (await sheetRollsOf(p)).find((r) => r.label === label);
    const base = sheetRoll
      ? { ...sheetRoll.request }
      : { system: 'genre', roll: 'action', dice: intOf(npcDice.input), modifier: 0 };
    base.difficulty = intOf(difficulty.input, 3);
    base.opposing_glory = intOf(opposing.input);
    base.modifier = (base.modifier ?? 0) + intOf(situational.input);
    const move = {
      system: 'genre',
      move: 'act',
      participant_id: p.id,
      plan: { grunt: intOf(grunt.select), bust_a_nut: nut.checked, glory: intOf(glory.input), patience: patience.checked },
      request: base,
    };
    if (sheetRoll) move.roll = sheetRoll.label;
    return move;
  }

  /** The Grunt picker only when a Grunt is allowed; else why not, in its place. */
  function offerGrunt() {
    const p = participant();
    const barred = gruntBarred(p && viewOf(encounter, p.id), { bustANut: nut.checked, patience: patience.checked });
    if (barred) grunt.select.value = '0';
    grunt.field.hidden = Boolean(barred);
    noGrunt.hidden = !barred;
    noGrunt.textContent = barred ?? '';
  }

  let previewTicket = 0;
  async function refreshPreview() {
    offerGrunt();
    // The odds the last roll was made with stay until the GM changes the form or the turn.
    if (hold.held) return;
    const ticket = ++previewTicket;
    const move = await actMove();
    const p = participant();
    const pending = pendingWords(p && viewOf(encounter, p.id));
    applied.textContent = pending.length ? `The table applies: ${pending.join(', ')}.` : 'No Grunt penalty or Bust A Nut aftermath pending.';
    if (!move) return;
    const request = await previewAct(move);
    if (ticket !== previewTicket || !request) return;
    const mod = request.modifier ?? 0;
    applied.textContent += ` Rolls ${request.dice + (request.bust_a_nut ? 1 : 0)}d6 ${mod < 0 ? '−' : '+'} ${Math.abs(mod)}${request.grunt ? ` + Grunt ${request.grunt}` : ''} against ${request.difficulty}d6.`;
    applied.dataset.modifier = String(mod);
    applied.dataset.dice = String(request.dice);
  }

  form.addEventListener('input', (event) => {
    if (event.target === who.select) return;
    hold.release();
    npcDice.field.hidden = rollPick.select.value !== NPC_ROLL;
    refreshPreview();
  });
  who.select.addEventListener('change', async () => {
    hold.release();
    await refreshRolls();
    refreshPreview();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = await actMove();
    if (!move) return;
    rollButton.disabled = true;
    const p = participant();
    const what = `${isolated(p.name)} · ${rollPick.select.value || 'action'}`;
    // Held before the roll: the redraw the roll causes must not preview the next action.
    hold.hold();
    const answer = await play(move);
    rollButton.disabled = false;
    if (!answer) hold.release();
    if (answer) {
      showPlay(result, answer, what);
      follow.release(who.select);
      // A plan is for one action: the next starts plain.
      grunt.select.value = '0';
      nut.checked = false;
      glory.input.value = '0';
      opposing.input.value = '0';
      refreshPreview();
    }
  });

  /** A quick NPC's level and Stamina (a stored character's come from its sheet). */
  function npcStats(p, part) {
    const level = numberField(doc, { label: 'Level', name: 'level', value: part.character.level, ...moveRange(ctx.catalog, 'genre', 'set_stats', 'level') });
    const stamina = numberField(doc, { label: 'Stamina', name: 'stamina', value: part.character.stamina, ...moveRange(ctx.catalog, 'genre', 'set_stats', 'stamina') });
    const set = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'set-stats', text: 'Set' });
    set.addEventListener('click', () => play({ system: 'genre', move: 'set_stats', participant_id: p.id, level: intOf(level.input, 1), stamina: intOf(stamina.input) }));
    return el(doc, 'details', { className: 'tp-npc-stats' }, [
      el(doc, 'summary', { text: `NPC level ${part.character.level}, Stamina ${part.character.stamina}` }),
      el(doc, 'div', { className: 'tp-row' }, [level.field, stamina.field, set]),
    ]);
  }

  function partRow(p) {
    const part = partOf(encounter, p.id);
    const row = el(doc, 'li', { className: 'tp-part', 'data-participant-id': p.id });
    if (!part) {
      row.append(el(doc, 'span', { className: 'tp-name', text: p.name }), el(doc, 'span', { className: 'tp-muted', text: 'No genre state yet.' }));
      return row;
    }
    const t = part.state.trackers;
    const { level, stamina } = part.character;
    // Award and Spend opposing take the same served range (gain_glory / spend_opposing_glory).
    const points = numberField(doc, { label: 'Glory points', name: 'points', value: 1, ...moveRange(ctx.catalog, 'genre', 'gain_glory', 'points') });
    points.field.firstChild.className = 'visually-hidden';
    const award = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'award', text: 'Award' });
    const spend = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'spend-opposing', text: 'Spend opposing', title: 'Spent as the opposing side to negate the challenger\'s successes' });
    award.addEventListener('click', () => play({ system: 'genre', move: 'gain_glory', participant_id: p.id, points: intOf(points.input, 1) }));
    spend.addEventListener('click', () => play({ system: 'genre', move: 'spend_opposing_glory', participant_id: p.id, points: intOf(points.input, 1) }));
    const stat = (label, value, role, warn = false) => el(doc, 'div', { className: `tp-stat${warn ? ' warn' : ''}`, 'data-role': role }, [
      el(doc, 'dt', { text: label }),
      el(doc, 'dd', { text: value }),
    ]);
    if (!p.character_id) row.append(npcStats(p, part));
    row.prepend(
      el(doc, 'div', { className: 'tp-part-head' }, [
        el(doc, 'span', { className: 'tp-name', text: p.name }),
        el(doc, 'span', { className: 'tp-glory', 'data-role': 'glory', text: `${part.state.glory} Glory` }),
        el(doc, 'span', { className: 'tp-glory-actions' }, [points.field, award, spend]),
      ]),
      el(doc, 'dl', { className: 'tp-stats' }, [
        stat('Grunt penalties', penaltiesText(t.grunt_penalties), 'penalties', t.grunt_penalties.length > 0),
        stat('Grunts since rest', `${t.grunts_since_rest} of ${stamina} (Stamina)`, 'grunts', t.grunts_since_rest >= stamina),
        stat('Bust A Nut uses', `${t.nuts_used} of ${level} (level)`, 'nuts', t.nuts_used >= level),
        stat('Nut aftermath', nutAftermathText(part.state), 'nut-rounds', t.nut_rounds_left > 0),
      ]),
    );
    return row;
  }

  function render() {
    const order = encounter.state.order;
    parts.replaceChildren(...order.map(partRow));
    if (!order.length) parts.append(el(doc, 'li', { className: 'tp-muted', text: 'Add characters or NPCs to track their Glory and trackers.' }));
    setOptions(who.select, order.map((p) => [p.id, isolated(p.name)]));
    // Whose turn it is acts; a new turn puts the last roll (and its odds) away.
    if (follow.apply(encounter)) {
      hold.release();
      result.hidden = true;
    }
    const acting = participant();
    actHeading.textContent = acting ? `Act · ${isolated(acting.name)}` : 'Act';
    form.hidden = order.length === 0;
  }

  render();
  refreshRolls().then(refreshPreview);

  return {
    update(next) {
      encounter = next;
      render();
      refreshRolls().then(refreshPreview);
    },
  };
}
