// The d12 table panel: every participant's health (a bar and the numbers), effects and conditions
// with the time left, healing (a day of rest, Healing Salve, an ability check to remove an
// effect) and a quick NPC's health and ranks; and the attack chain as one guided form — attacker,
// defender, kind, ability and weapon → exact odds → Roll attack → Damage Dice → exact odds →
// Roll damage → the row the attacker picks (any up to the one reached) → applied. State comes
// from the encounter's `system_state` (d12); every change is a move the shell plays.

import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import {
  adjuster, intOf, meter, moveRange, numberField, oddsBlock, oddsHold, panelPlayer, selectField, setOptions, showPreview,
} from './panel-parts.js';
import { turnFollower } from './turn-follow.js';
import { maxLength } from '../../text-limits.js';

const KINDS = [['physical', 'Physical (Dodge, then Toughness)'], ['mental', 'Mental (Mind, then Will Power)']];
const COLUMNS = [['damage', 'Damage'], ['effect', 'Effect'], ['condition', 'Condition']];
const CONDITIONS = [['memory', 'Memory'], ['command', 'Command'], ['dominate', 'Dominate'], ['limb', 'Limb']];
const OTHER = '__other__';

/** The d12 table of an encounter, or null before the first action. */
function tableOf(encounter) {
  const table = encounter.state.system_state;
  return table?.system === 'd12' ? table : null;
}

/**
 * Where an attack stands, in words for the form's heading. `view` is what the rules serve of it
 * (the encounter's `view.attack`): how many of the Damage Dice the weapon's cap lets roll.
 */
export function stageWords(attack, view) {
  const stage = attack.chain.stage;
  if (stage.stage === 'attack') return 'Roll the attack';
  if (stage.stage === 'damage') {
    const rolled = view?.damage_dice_rolled;
    const capped = Number.isFinite(rolled) && rolled < stage.damage_dice ? ` (the weapon's cap: ${rolled} rolled)` : '';
    return `${stage.damage_dice} Damage Dice${capped}: roll the damage`;
  }
  if (stage.stage === 'choose_row') {
    const limb = stage.limb ? ` · only natural 1s on the defence: ${stage.limb} limb` : '';
    return `Row ${stage.reached} reached: choose the row${limb}`;
  }
  return 'Over';
}

/**
 * The weapons a participant attacks with, as the rules serve them (the encounter's
 * `view.weapons`: the sheet's weapons RULES.md names, then Unarmed); none before it is served.
 * @param {any} encounter @param {string} participantId
 * @returns {string[]}
 */
export function weaponsOf(encounter, participantId) {
  const view = encounter?.view;
  if (view?.system !== 'd12') return [];
  return view.weapons.find((w) => w.participant_id === participantId)?.weapons ?? [];
}

export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  let encounter = ctx.encounter;
  const range = (move, field) => moveRange(ctx.catalog, 'd12', move, field);

  const parts = el(doc, 'ul', { className: 'tp-parts d12-parts', 'aria-label': 'Health, effects and conditions' });
  const error = el(doc, 'p', { className: 'form-error', role: 'alert', hidden: true });
  const result = el(doc, 'div', { className: 'tp-result', 'data-role': 'd12-result', hidden: true, 'aria-live': 'polite' });

  // The attack form: who and with what (no attack yet), then one step at a time.
  const attacker = selectField(doc, { label: 'Attacker', name: 'attacker' });
  const defender = selectField(doc, { label: 'Defender', name: 'defender' });
  // Whose turn it is attacks, an opponent defends, unless the GM picks others for this attack.
  const follow = turnFollower(ctx.characters);
  follow.actor(attacker.select);
  follow.target(defender.select, attacker.select);
  const kind = selectField(doc, { label: 'Attack', name: 'kind', options: KINDS });
  const ability = selectField(doc, { label: 'Ability', name: 'ability' });
  const ranks = numberField(doc, { label: 'Ranks', name: 'ranks', value: 1, ...range('attack_start', 'ranks') });
  const weapon = selectField(doc, { label: 'Weapon', name: 'weapon' });
  const otherName = el(doc, 'input', { type: 'text', name: 'weapon-name', className: 'text-input', ...maxLength(ctx, 'name'), placeholder: 'Claws' });
  const otherNameField = el(doc, 'label', { className: 'tp-field' }, [el(doc, 'span', { text: 'Weapon name' }), otherName]);
  const cap = numberField(doc, { label: 'Cap', name: 'cap', value: 2, ...range('attack_start', 'cap') });
  const column = selectField(doc, { label: 'Column', name: 'column', options: COLUMNS });
  const startButton = el(doc, 'button', { type: 'submit', className: 'button primary', 'data-role': 'attack-start', text: 'Start attack' });
  const setup = el(doc, 'form', { className: 'tp-row d12-setup', novalidate: true, autocomplete: 'off', 'aria-label': 'Start an attack' }, [
    attacker.field, defender.field, kind.field, ability.field, ranks.field, weapon.field, otherNameField, cap.field, column.field, startButton,
  ]);

  const stage = el(doc, 'p', { className: 'd12-stage', 'data-role': 'attack-stage' });
  const odds = oddsBlock(doc, undefined, { compare: ctx.compare });
  const hold = oddsHold(odds);
  const rollButton = el(doc, 'button', { type: 'button', className: 'button primary', 'data-role': 'attack-step' });
  const rows = el(doc, 'div', { className: 'd12-rows', role: 'radiogroup', 'aria-label': 'Row to apply' });
  const condition = selectField(doc, { label: 'Condition', name: 'condition', options: CONDITIONS });
  const applyButton = el(doc, 'button', { type: 'button', className: 'button primary', 'data-role': 'choose-row', text: 'Apply row' });
  const cancelButton = el(doc, 'button', { type: 'button', className: 'button quiet', 'data-role': 'attack-cancel', text: 'Cancel attack' });
  const stepButtons = el(doc, 'div', { className: 'tp-row' }, [condition.field, rollButton, applyButton, cancelButton]);
  const steps = el(doc, 'div', { className: 'd12-steps' }, [
    stage,
    odds.panel,
    rows,
    stepButtons,
  ]);
  const attackSection = el(doc, 'section', { className: 'tp-act d12-attack', 'aria-labelledby': 'd12-attack-title' }, [
    el(doc, 'h3', { className: 'tp-heading', id: 'd12-attack-title', text: 'Attack' }),
    el(doc, 'p', { className: 'tp-muted', 'data-role': 'attack-who' }),
    setup,
    steps,
  ]);

  host.replaceChildren(el(doc, 'section', { className: 'tp-panel d12-panel', 'aria-label': 'd12 table' }, [
    el(doc, 'h2', { className: 'tp-title', text: 'Health and the combat chain' }),
    attackSection,
    error,
    parts,
  ]));

  const nameOf = (id) => encounter.state.order.find((p) => p.id === id)?.name ?? 'Someone';
  const characterOf = (id) => {
    const characterId = encounter.state.order.find((p) => p.id === id)?.character_id;
    return characterId ? ctx.characters.get(characterId) ?? null : null;
  };

  const play = panelPlayer(ctx, { system: 'd12', result, error });

  function healthBlock(p, health) {
    return meter(doc, {
      label: `${isolated(p.name)}'s health`,
      value: health,
      text: `${health.current} / ${health.max} health${health.current === 0 ? ' · dead' : ''}`,
      className: 'd12-health',
      numbersRole: 'health',
      edit: adjuster(ctx, 'd12', p, 'health', 'health'),
    });
  }

  /** "Remove…": an ability check against the effect's row, with its odds first. */
  function removeControls(p, index, label) {
    const sheet = characterOf(p.id)?.sheet;
    const abilities = sheet?.abilities?.map((a) => [a.name, `${isolated(a.name)} (${a.ranks})`]) ?? [];
    const check = selectField(doc, { label: 'Check with', name: 'check', options: abilities });
    const npcRanks = numberField(doc, { label: 'Ranks', name: 'ranks', value: 1, ...range('remove', 'ranks') });
    const means = selectField(doc, { label: 'Means', name: 'means', options: [['ordinary', 'Ordinary'], ['extraordinary', 'Extraordinary']] });
    const removeOdds = oddsBlock(doc, 'Chance to remove', { compare: ctx.compare });
    const go = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'remove', text: `Remove ${isolated(label)}` });
    const move = () => ({
      move: 'remove', participant_id: p.id, index, extraordinary: means.select.value === 'extraordinary',
      ability: check.select.value || 'Check', ...(sheet ? {} : { ranks: intOf(npcRanks.input, 0) }),
    });
    const refresh = () => showPreview(removeOdds, ctx.preview, { system: 'd12', ...move() });
    check.field.hidden = !sheet;
    npcRanks.field.hidden = Boolean(sheet);
    const box = el(doc, 'details', { className: 'd12-remove' }, [
      el(doc, 'summary', { text: 'Remove…' }),
      el(doc, 'div', { className: 'tp-row' }, [check.field, npcRanks.field, means.field, go]),
      removeOdds.panel,
    ]);
    box.addEventListener('toggle', () => { if (box.open) refresh(); });
    box.addEventListener('change', refresh);
    go.addEventListener('click', () => play(move(), `${isolated(p.name)} · remove ${isolated(label)}`));
    return box;
  }

  function woundList(p, wounds) {
    const items = [
      ...wounds.effects.map((e, i) => ({ index: i, text: e.name, left: e.remaining })),
      ...wounds.conditions.map((c, i) => ({ index: wounds.effects.length + i, text: `${c.kind}${c.detail ? ` ${c.detail}` : ''}`, left: c.remaining })),
    ];
    if (!items.length) return el(doc, 'p', { className: 'tp-muted', text: 'No effects or conditions.' });
    return el(doc, 'ul', { className: 'd12-wounds', 'aria-label': `${isolated(p.name)}'s effects and conditions` }, items.map((item) => el(doc, 'li', { className: 'd12-wound', 'data-role': 'wound' }, [
      el(doc, 'span', { className: 'd12-wound-name', text: item.text }),
      el(doc, 'span', { className: 'tp-muted', text: item.left }),
      removeControls(p, item.index, item.text),
    ])));
  }

  function npcControls(p, part) {
    const d = part.npc;
    const health = numberField(doc, { label: 'Health', name: 'health', value: part.wounds.health.max, ...range('set_npc', 'health') });
    /** @type {Array<[string, {input: HTMLInputElement, field: HTMLElement}]>} */
    const fields = [['dodge', 'Dodge'], ['mind', 'Mind'], ['toughness', 'Toughness'], ['will_power', 'Will Power']]
      .map(([key, label]) => [key, numberField(doc, { label, name: key, value: d[key], ...range('set_npc', key) })]);
    const set = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'set-npc', text: 'Set' });
    set.addEventListener('click', () => play({
      move: 'set_npc', participant_id: p.id, health: intOf(health.input, 12),
      ...Object.fromEntries(fields.map(([key, f]) => [key, intOf(f.input, 0)])),
    }, `${isolated(p.name)} · health and ranks`));
    return el(doc, 'details', { className: 'd12-npc' }, [
      el(doc, 'summary', { text: `NPC: health ${part.wounds.health.max}, Dodge ${d.dodge}, Mind ${d.mind}, Toughness ${d.toughness}, Will Power ${d.will_power}` }),
      el(doc, 'div', { className: 'tp-row' }, [health.field, ...fields.map(([, f]) => f.field), set]),
    ]);
  }

  function partRow(p, table) {
    const part = table?.parts?.[p.id];
    const row = el(doc, 'li', { className: 'tp-part d12-part', 'data-participant-id': p.id });
    if (!part) {
      row.append(el(doc, 'span', { className: 'tp-name', text: p.name }), el(doc, 'span', { className: 'tp-muted', text: 'No health yet.' }));
      return row;
    }
    const rest = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'heal-day', text: 'Rest a day' });
    rest.addEventListener('click', () => play({ move: 'heal_days', participant_id: p.id, days: 1 }, `${isolated(p.name)} · a day of rest`));
    const salve = el(doc, 'button', { type: 'button', className: 'button', 'data-role': 'salve', text: 'Healing Salve', disabled: part.wounds.salve_used_today, title: part.wounds.salve_used_today ? 'Used today: rest a day first' : '+1 health, once a day' });
    salve.addEventListener('click', () => play({ move: 'salve', participant_id: p.id }, `${isolated(p.name)} · Healing Salve`));
    row.append(
      el(doc, 'div', { className: 'tp-part-head' }, [el(doc, 'span', { className: 'tp-name', text: p.name }), healthBlock(p, part.wounds.health)]),
      woundList(p, part.wounds),
      el(doc, 'div', { className: 'tp-row' }, [rest, salve, ...(part.npc ? [npcControls(p, part)] : [])]),
    );
    return row;
  }

  // The attack form.
  function refreshSetup() {
    const sheet = characterOf(attacker.select.value)?.sheet;
    const abilities = sheet?.abilities ?? [];
    // Attacking abilities first: the defense roles defend.
    const sorted = [...abilities.filter((a) => !a.defense), ...abilities.filter((a) => a.defense)];
    setOptions(ability.select, sorted.map((a) => [a.name, `${isolated(a.name)} (${a.ranks})`]));
    ability.field.hidden = !sheet;
    ranks.field.hidden = Boolean(sheet);
    const carried = weaponsOf(encounter, attacker.select.value);
    setOptions(weapon.select, [...carried.map((w) => [w, w]), [OTHER, 'Other…']]);
    const other = weapon.select.value === OTHER;
    otherNameField.hidden = !other;
    cap.field.hidden = !other;
    column.field.hidden = !other;
  }

  function startMove() {
    const other = weapon.select.value === OTHER;
    const sheet = characterOf(attacker.select.value)?.sheet;
    return {
      move: 'attack_start', attacker_id: attacker.select.value, defender_id: defender.select.value, kind: kind.select.value,
      ability: sheet ? ability.select.value : 'Attack', ...(sheet ? {} : { ranks: intOf(ranks.input, 0) }),
      weapon: other ? otherName.value || 'Weapon' : weapon.select.value,
      ...(other ? { cap: intOf(cap.input, 0), column: column.select.value } : {}),
    };
  }

  setup.addEventListener('change', (event) => {
    if (event.target === attacker.select || event.target === weapon.select) refreshSetup();
  });
  setup.addEventListener('submit', async (event) => {
    event.preventDefault();
    startButton.disabled = true;
    await play(startMove(), 'Attack');
    startButton.disabled = false;
  });

  function chosenRow() {
    return Number(rows.querySelector('input:checked')?.value ?? 0);
  }

  function renderAttack(table) {
    const attack = table?.attack ?? null;
    const order = encounter.state.order;
    attackSection.hidden = order.length < 2;
    setup.hidden = Boolean(attack);
    steps.hidden = !attack;
    const who = attackSection.querySelector('[data-role="attack-who"]');
    // The result of the last step sits beside the buttons of the next one (or of a new attack).
    (attack ? stepButtons : setup).append(result);
    if (!attack) {
      hold.release();
      who.textContent = 'Pick who attacks whom and with what; the exact odds come before every roll.';
      return;
    }
    const w = attack.chain.weapon;
    who.textContent = `${isolated(nameOf(attack.attacker_id))} attacks ${isolated(nameOf(attack.defender_id))} · ${attack.ability} (${attack.ranks}) · ${w.name}, cap ${w.cap}, ${w.column} column`;
    stage.textContent = stageWords(attack, encounter.view?.system === 'd12' ? encounter.view.attack : null);
    const s = attack.chain.stage.stage;
    rollButton.hidden = s === 'choose_row';
    applyButton.hidden = s !== 'choose_row';
    condition.field.hidden = !(s === 'choose_row' && w.column === 'condition');
    rows.hidden = s !== 'choose_row';
    // The last roll's odds stay beside its result until the GM asks for the next step's.
    odds.panel.hidden = s === 'choose_row' && !hold.held;
    if (s === 'attack' || s === 'damage') {
      const move = { system: 'd12', move: s === 'attack' ? 'attack_roll' : 'damage_roll' };
      const roll = s === 'attack' ? 'Roll attack' : 'Roll damage';
      if (hold.held) {
        rollButton.textContent = s === 'attack' ? 'Attack odds' : 'Damage odds';
        rollButton.onclick = () => {
          hold.release();
          renderAttack(tableOf(encounter));
        };
        return;
      }
      rollButton.textContent = roll;
      rollButton.onclick = async () => {
        // Held before the roll: the redraw the roll causes must not preview the next step.
        hold.hold();
        const played = await play({ move: move.move }, s === 'attack' ? `${isolated(nameOf(attack.attacker_id))} · attack` : `${isolated(nameOf(attack.defender_id))} · damage`);
        if (!played) hold.release();
        renderAttack(tableOf(encounter));
      };
      showPreview(odds, ctx.preview, move);
    } else if (s === 'choose_row') {
      const choices = [{ row: 0, name: 'None', does: 'nothing' }, ...attack.choices];
      const top = choices.at(-1).row;
      rows.replaceChildren(...choices.map((c) => el(doc, 'label', { className: 'd12-row' }, [
        el(doc, 'input', { type: 'radio', name: 'd12-row', value: String(c.row), checked: c.row === top }),
        el(doc, 'span', { className: 'd12-row-name', text: c.row ? `Row ${c.row} · ${isolated(c.name)}` : 'No row' }),
        el(doc, 'span', { className: 'tp-muted', text: c.does }),
      ])));
    }
  }

  applyButton.addEventListener('click', () => {
    const table = tableOf(encounter);
    const move = { move: 'choose_row', row: chosenRow() };
    if (table?.attack?.chain.weapon.column === 'condition') move.condition = condition.select.value;
    play(move, 'Row');
  });
  cancelButton.addEventListener('click', () => play({ move: 'attack_cancel' }, 'Cancel'));

  function render() {
    const table = tableOf(encounter);
    const order = encounter.state.order;
    parts.replaceChildren(...order.map((p) => partRow(p, table)));
    if (!order.length) parts.append(el(doc, 'li', { className: 'tp-muted', text: 'Add characters or NPCs to track their health and play attacks.' }));
    const options = order.map((p) => [p.id, isolated(p.name)]);
    setOptions(attacker.select, options);
    setOptions(defender.select, options);
    if (follow.apply(encounter)) {
      hold.release();
      result.hidden = true;
    }
    renderAttack(table);
    refreshSetup();
  }

  render();

  return {
    update(next) {
      encounter = next;
      render();
    },
  };
}
