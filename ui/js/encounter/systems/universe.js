// The universe panel of an encounter: the Universe deck's card initiative (each participant's
// card, jokers "act any time", Deal for the first round, deck counts), sides, fate cards with
// their uses (the players' and the GM's negative pool), and small forms for the moves that roll
// (save with augmentation, sudden takedown, group stealth, foot chase) with exact odds first.
// The shell imports mountSystemPanel by this name and calls update() after every change.

import { renderResult } from '../../dice-view.js';
import { el } from '../../dom.js';
import { isolated } from '../../format.js';
import { showNoOdds } from '../../odds-view.js';
import { debounce } from '../../timing.js';
import { adjuster, fieldRange, moveRange, oddsBlock, oddsHold, playMove, rollRow, showPreview } from './panel-parts.js';
import { trackEditor } from './track-edit.js';
import { hitOffer } from './hit-offer.js';
import { turnFollower } from './turn-follow.js';
import { actorOf } from '../turn-focus.js';
import { eventLines } from '../encounter-model.js';
import {
  cardFace, chaseWords, dealState, deckCounts, fateEffect, gmFate, heldBy, jokerOut, participantRows,
  sideWords, universeMove, universeState,
} from './universe-model.js';

const USES = [
  ['attack', 'Attack'],
  ['armor_class', 'AC'],
  ['save', 'Save'],
  ['second_initiative', '2nd initiative'],
];

let instances = 0;

/** A card as the panel shows it: rank and suit symbol, named in words for screen readers. */
function cardNode(doc, code, { big = false } = {}) {
  const face = cardFace(code);
  const classes = ['uv-card', face.red ? 'red' : '', face.joker ? 'joker' : '', big ? 'big' : ''].filter(Boolean).join(' ');
  return el(doc, 'span', { className: classes, 'data-card': code, title: face.words, role: 'img', 'aria-label': face.words }, [
    el(doc, 'span', { className: 'uv-rank', 'aria-hidden': 'true', text: face.rank }),
    el(doc, 'span', { className: 'uv-suit', 'aria-hidden': 'true', text: face.symbol }),
  ]);
}

function select(doc, label, options, props = {}) {
  const node = el(doc, 'select', { 'aria-label': label, className: 'text-input', ...props });
  node.append(...options.map(([value, text]) => el(doc, 'option', { value, text })));
  return node;
}

function field(doc, label, control) {
  return el(doc, 'label', { className: 'tp-field' }, [el(doc, 'span', { text: label }), control]);
}

/** @param {HTMLElement} host @param {any} ctx */
export function mountSystemPanel(host, ctx) {
  const doc = host.ownerDocument;
  const prefix = `uv${++instances}`;
  let encounter = ctx.encounter;

  // "Last move" shows this panel's own last move; any other change (next round, undo, a
  // generic action) clears it, as the shell's log tells those.
  let playing = 0;
  // `from` is the form that played it: its result goes beside its Roll button; any other move's
  // at the top, under whose turn it is.
  const play = async (move, from = null) => {
    playing += 1;
    try {
      // A refusal: the shell has shown it.
      return await playMove(ctx, move, {
        shown: (played) => {
          (from ?? topResult).append(last);
          last.open = from !== null;
          showPlay(played);
        },
      });
    } finally {
      playing -= 1;
    }
  };

  // ---- deck and initiative
  const dealButton = el(doc, 'button', { type: 'button', className: 'button primary uv-deal', text: 'Deal' });
  const deckStatus = el(doc, 'p', { className: 'uv-deck-status', role: 'status' });
  const counts = el(doc, 'p', { className: 'uv-counts' });
  const rows = el(doc, 'ol', { className: 'uv-initiative', 'aria-label': 'Card initiative this round, in acting order' });
  const initiative = rows;
  const seconds = el(doc, 'ul', { className: 'uv-seconds', 'aria-label': 'Second initiative entries from fate cards' });
  const gmPool = el(doc, 'div', { className: 'uv-gm-pool' });
  dealButton.addEventListener('click', () => play(universeMove('deal')));

  // ---- last play: what happened, rulings, dice
  const lastEvents = el(doc, 'ul', { className: 'tp-events uv-events', 'aria-label': 'What the last move did' });
  const lastDice = el(doc, 'div', { className: 'uv-dice result-body' });
  // One line (its first event) until opened when it sits above the forms; open beside the Roll
  // button of the form that played it, where the GM looks for the dice.
  const lastSummary = el(doc, 'span', { className: 'uv-last-summary' });
  const last = el(doc, 'details', { className: 'uv-last', 'aria-label': 'Last universe move', 'aria-live': 'polite', hidden: true }, [
    el(doc, 'summary', { className: 'uv-last-head' }, [el(doc, 'span', { className: 'tp-heading', text: 'Last move' }), lastSummary]),
    lastEvents, lastDice,
  ]);

  // ---- forms
  const forms = el(doc, 'div', { className: 'uv-forms' });
  const follow = turnFollower(ctx.characters);

  // ---- whose turn: their name and the actions that are theirs, at the top
  const turnName = el(doc, 'span', { className: 'tp-turn-name', 'data-role': 'turn-name' });
  const nat20 = el(doc, 'button', { type: 'button', className: 'button quiet uv-nat20', text: 'Nat 20', title: 'Rolled a natural 20: fate for a PC, the GM\'s for a hostile NPC' });
  nat20.addEventListener('click', () => {
    const id = actorOf(encounter);
    if (id) play(universeMove('natural_twenty', { participant_id: id }));
  });
  const turnBar = el(doc, 'div', { className: 'tp-turn uv-turn-bar', 'aria-label': 'Whose turn it is' }, [
    turnName, el(doc, 'span', { className: 'tp-turn-actions' }, [nat20]),
  ]);
  const topResult = el(doc, 'div', { className: 'uv-top-result' }, [last]);

  const panel = el(doc, 'section', { className: 'tp-panel uv-panel', 'aria-label': 'Universe deck and fate' }, [
    el(doc, 'header', { className: 'uv-head' }, [
      el(doc, 'h2', { className: 'tp-title', text: 'Universe deck' }),
      counts,
      dealButton,
    ]),
    deckStatus,
    turnBar,
    topResult,
    forms,
    initiative,
    seconds,
    gmPool,
  ]);
  host.replaceChildren(panel);

  /** The damage a hit offers, under the attack that hit, until the next move. */
  let offer = null;

  function showPlay(played) {
    offer?.remove();
    offer = null;
    const lines = eventLines(played.entry?.events);
    lastEvents.replaceChildren(...lines.map(({ ruling, text }) => el(doc, 'li', { className: ruling ? 'ruled' : '' }, ruling
      ? [el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' }), el(doc, 'span', { className: 'ruling-text', text })]
      : [el(doc, 'span', { text })])));
    lastDice.replaceChildren();
    (played.rolls ?? []).forEach((roll, i) => {
      const box = el(doc, 'div', { className: 'uv-roll' });
      renderResult(box, roll.result, roll.character_name ? `${isolated(roll.character_name)}: ${roll.detail}` : roll.detail, { idPrefix: `${prefix}-roll${i}` });
      lastDice.append(box);
    });
    lastSummary.textContent = lines[0]?.text ?? '';
    last.hidden = lines.length === 0;
  }

  /** The use picker and Play button of one held card. */
  function fateControls(code, holderId, whoseName) {
    const face = cardFace(code);
    const use = select(doc, `Use of ${face.words}`, USES.map(([v, t]) => [v, t]));
    const controls = [cardNode(doc, code), use];
    let combatant = null;
    if (!holderId) {
      combatant = select(doc, `Whose second initiative ${face.words} makes`, encounter.state.order.map((p) => [p.id, isolated(p.name)]));
      combatant.hidden = true;
      use.addEventListener('change', () => { combatant.hidden = use.value !== 'second_initiative'; });
      controls.push(combatant);
    }
    const button = el(doc, 'button', { type: 'button', className: 'button uv-play-card', text: 'Play', 'aria-label': `Play ${face.words} (${isolated(whoseName)})` });
    button.title = fateEffect(encounter, code, use.value);
    use.addEventListener('change', () => { button.title = fateEffect(encounter, code, use.value); });
    button.addEventListener('click', () => {
      const fields = { card: code, use: use.value };
      if (holderId) fields.participant_id = holderId;
      if (combatant && use.value === 'second_initiative') fields.combatant_id = combatant.value;
      play(universeMove('use_fate', fields));
    });
    controls.push(button);
    return el(doc, 'span', { className: 'uv-fate', 'data-card': code }, controls);
  }

  function sideControl(row) {
    if (row.side === 'pc' || row.side === null) return el(doc, 'span', { className: 'uv-side', text: sideWords(row.side) });
    const picker = select(doc, `Side of ${isolated(row.name)}`, [['hostile_npc', 'Hostile NPC'], ['friendly_npc', 'Friendly NPC']], { className: 'text-input uv-side' });
    picker.value = row.side;
    picker.addEventListener('change', () => play(universeMove('set_side', { participant_id: row.id, side: picker.value })));
    return picker;
  }

  /** hp or Sanity of a row, changed in place (type -7, +3 or 12). */
  function pool(row, track, label, value) {
    const participant = { id: row.id, name: row.name };
    return trackEditor(doc, { ...adjuster(ctx, 'universe', participant, track, label), value, text: `${label} ${value}`, role: `uv-${track}` });
  }

  function render() {
    const state = universeState(encounter);
    const acting = encounter.state.order.find((p) => p.id === actorOf(encounter));
    turnBar.hidden = !acting;
    turnName.textContent = acting ? `${isolated(acting.name)}'s turn` : '';
    // The name starts with what the button shows (axe: label-content-name-mismatch; a voice
    // user says "click Nat 20").
    nat20.setAttribute('aria-label', acting ? `Nat 20: ${isolated(acting.name)} rolled a natural 20` : 'Nat 20');
    const round = encounter.state.round;
    const c = deckCounts(state);
    counts.textContent = c ? `Draw ${c.draw} · Discard ${c.discard} · Dealt ${c.dealt} · Held as fate ${c.held}` : 'No deck yet: add participants';
    const { dealable, dealt } = dealState(encounter);
    dealButton.disabled = !dealable;
    // "Dealt" only after a deal; before one that cannot be made yet, the status says why.
    dealButton.hidden = !dealable && !dealt;
    dealButton.textContent = dealable ? `Deal round ${round}` : 'Dealt';
    dealButton.title = dealable ? 'Deal everyone a card for this round (combat starts)' : 'Next round deals new cards';
    deckStatus.textContent = !dealt
      ? (encounter.state.order.length ? `Round ${round}: no cards dealt yet. Deal when combat starts; every next round deals itself.` : 'Add PCs and NPCs, then deal.')
      : jokerOut(state)
        ? `Round ${round} dealt. A joker is out: it acts any time, and the deck is reshuffled before the next deal.`
        : `Round ${round} dealt: act from the top (jokers, then Ace high down to 2; ties ♠ > ♥ > ♦ > ♣).`;
    const list = participantRows(encounter);
    rows.replaceChildren(...list.map((row, i) => {
      const joker = Boolean(row.card && cardFace(row.card).joker);
      const cardCell = row.card
        ? [cardNode(doc, row.card, { big: true }), joker ? el(doc, 'span', { className: 'uv-any-time', text: 'acts any time' }) : '']
        : [el(doc, 'span', { className: 'uv-no-card', title: 'No card this round', text: '—' })];
      const head = [el(doc, 'span', { className: 'uv-name', text: row.name })];
      if (row.condition) head.push(el(doc, 'span', { className: 'uv-condition', text: row.condition }));
      const facts = el(doc, 'div', { className: 'uv-facts' }, [
        sideControl(row),
        el(doc, 'span', { className: 'uv-pools' }, row.hp === null ? [`hp — · Sanity —`] : [
          pool(row, 'hp', 'hp', row.hp), ' · ', pool(row, 'sanity', 'Sanity', row.sanity),
        ]),
        el(doc, 'span', { className: 'uv-limit', text: row.player ? `Fate ${row.fate.length}/${row.limit}${row.lucky ? ' (Lucky)' : ''}` : 'No fate (NPC)' }),
      ]);
      const body = [el(doc, 'div', { className: 'uv-row-head' }, head), facts];
      if (row.fate.length) body.push(el(doc, 'div', { className: 'uv-fate-list' }, row.fate.map((code) => fateControls(code, row.id, row.name))));
      if (row.note) body.push(el(doc, 'p', { className: 'uv-note', text: row.note }));
      return el(doc, 'li', { className: `uv-row${joker ? ' uv-joker-row' : ''}`, 'data-participant-id': row.id, 'data-card': row.card ?? '' }, [
        el(doc, 'span', { className: 'uv-place', 'aria-hidden': 'true', text: String(i + 1) }),
        el(doc, 'div', { className: 'uv-card-cell' }, cardCell),
        el(doc, 'div', { className: 'uv-row-body' }, body),
      ]);
    }));
    const names = new Map(encounter.state.order.map((p) => [p.id, p.name]));
    const entries = state?.table?.second_entries ?? [];
    seconds.hidden = entries.length === 0;
    seconds.replaceChildren(...entries.map((entry) => el(doc, 'li', {}, [
      el(doc, 'span', { text: `${isolated(names.get(entry.combatant.id) ?? 'Someone who left')} acts again at ` }),
      cardNode(doc, entry.card),
    ])));
    const { cards: gm, limit: gmLimit } = gmFate(encounter);
    gmPool.replaceChildren(
      el(doc, 'h3', { className: 'tp-heading', text: `GM's negative fate (${gm.length} of at most ${gmLimit})` }),
      gm.length ? el(doc, 'div', { className: 'uv-gm-cards' }, gm.map((code) => fateControls(code, null, 'GM'))) : el(doc, 'p', { className: 'empty', text: 'None held: a joker dealt to a hostile NPC gives the GM one.' }),
    );
    refreshForms();
  }

  // ---- forms with preview odds
  const formViews = [];

  /** A collapsible form whose move is read by `read()`; `rolls` forms preview odds first. */
  function moveForm(title, controls, read, { rolls = true, button = 'Roll', extra = [], planInputs = null, after = null } = {}) {
    const odds = rolls ? oddsBlock(doc, undefined, { compare: ctx.compare, planInputs }) : null;
    const hold = odds ? oddsHold(odds) : null;
    const submit = el(doc, 'button', { type: 'submit', className: 'button primary', text: button });
    const resultSpot = el(doc, 'div', { className: 'tp-result uv-form-result' });
    const form = el(doc, 'form', { className: 'uv-form', novalidate: true, autocomplete: 'off' }, [
      el(doc, 'div', { className: 'tp-row' }, controls),
      ...extra,
      rollRow(doc, [submit], resultSpot),
      odds ? odds.panel : '',
    ]);
    const details = el(doc, 'details', { className: 'uv-move' }, [el(doc, 'summary', { text: title }), form]);
    // Only the latest preview counts: an older answer arriving late never settles, so it is
    // never shown over a newer one.
    let ticket = 0;
    const latestPreview = async (move) => {
      const mine = ++ticket;
      let answer;
      try {
        answer = await ctx.preview(move);
      } catch (error) {
        if (mine === ticket) throw error;
      }
      return mine === ticket ? answer : new Promise(() => {});
    };
    const refreshOdds = debounce(async () => {
      // The odds of the roll just made stay beside its result until the GM moves on.
      if (!odds || !details.open || hold.held) return;
      const move = read();
      if (!move) {
        showNoOdds(odds, 'Fill in the form to see the odds.');
        odds.compared?.(null);
        return;
      }
      await showPreview(odds, latestPreview, move);
    }, 120);
    const movedOn = () => {
      hold?.release();
      refreshOdds();
    };
    form.addEventListener('input', movedOn);
    form.addEventListener('change', movedOn);
    details.addEventListener('toggle', refreshOdds);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const move = read();
      if (!move) return;
      // Held before the roll: the redraw the roll causes must not preview the next one.
      hold?.hold();
      const played = await play(move, resultSpot);
      if (!played) hold?.release();
      else after?.(played, move, resultSpot);
    });
    forms.append(details);
    const view = { details, refreshOdds, release: () => hold?.release() };
    formViews.push(view);
    return view;
  }

  const participantSelect = (label) => select(doc, label, []);
  const fillParticipants = (node, { blank = null } = {}) => {
    const keep = node.value;
    const options = encounter.state.order.map((p) => [p.id, isolated(p.name)]);
    if (blank) options.unshift(['', blank]);
    node.replaceChildren(...options.map(([value, text]) => el(doc, 'option', { value, text })));
    if (options.some(([v]) => v === keep)) node.value = keep;
  };
  const number = (label, value, props = {}) => el(doc, 'input', { type: 'number', 'aria-label': label, value, className: 'text-input tp-num narrow', ...props });
  const intOf = (input) => (input.value.trim() === '' ? null : Number.parseInt(input.value, 10));

  // Attack, with fate cards on both sides
  const atkWho = participantSelect('Attacker');
  const atkTarget = participantSelect('Target');
  follow.actor(atkWho);
  follow.target(atkTarget, atkWho);
  const atkAc = number('AC to beat (blank: the target\'s)', '', { placeholder: 'sheet', ...fieldRange(ctx.catalog, 'universe', 'attack', 'ac') });
  const atkAdvantage = el(doc, 'input', { type: 'checkbox', 'aria-label': 'Advantage (a completely unguarded target)' });
  const atkCard = select(doc, 'Fate card on the attack', [['', 'No fate card']]);
  const atkTargetCard = select(doc, 'Fate card on AC', [['', 'No fate card']]);
  /** The cards `participantId` can play: a player's own, the GM's for a hostile NPC. */
  const playableCards = (participantId, use) => {
    const state = universeState(encounter);
    const own = state?.table?.players?.[participantId]?.cards;
    const cards = own ?? (state?.parts?.[participantId]?.side === 'hostile_npc' ? state?.table?.gm ?? [] : []);
    const whose = own ? '' : ' (GM)';
    return [['', 'No fate card'], ...cards.map((code) => [code, `${cardFace(code).words}${whose}: ${fateEffect(encounter, code, use)}`])];
  };
  const fillAttackCards = () => {
    for (const [node, id, use] of [[atkCard, atkWho.value, 'attack'], [atkTargetCard, atkTarget.value, 'armor_class']]) {
      const keep = node.value;
      const options = playableCards(id, use);
      node.replaceChildren(...options.map(([value, text]) => el(doc, 'option', { value, text })));
      if (options.some(([v]) => v === keep)) node.value = keep;
    }
  };
  atkWho.addEventListener('change', fillAttackCards);
  /**
   * What the fate card plan needs, each request previewed by the rules as the table would roll
   * it: this attack without the attacker's card, the target's attack on the attacker later (its
   * sheet against the attacker's AC, no advantage), and the card (the one picked, else the first
   * the attacker can play). A sentence when there is none to weigh.
   */
  async function fatePlanInputs() {
    const attacker = atkWho.value;
    const target = atkTarget.value;
    if (!attacker || !target) return 'Pick the attacker and the target first.';
    const card = atkCard.value || playableCards(attacker, 'attack')[1]?.[0];
    const name = encounter.state.order.find((p) => p.id === attacker)?.name ?? 'The attacker';
    if (!card) return `${isolated(name)} holds no fate card to play or keep.`;
    const fields = { attacker_id: attacker, target_id: target, advantage: atkAdvantage.checked };
    const ac = intOf(atkAc);
    if (ac !== null) fields.ac = ac;
    if (atkTargetCard.value) fields.target_fate_card = atkTargetCard.value;
    const [now, later] = await Promise.all([
      ctx.preview(universeMove('attack', fields)),
      ctx.preview(universeMove('attack', { attacker_id: target, target_id: attacker, advantage: false })),
    ]);
    return { this: now.request, later: later.request, card };
  }
  atkTarget.addEventListener('change', fillAttackCards);
  moveForm('Attack', [
    field(doc, 'Attacker', atkWho), field(doc, 'Target', atkTarget), field(doc, 'AC', atkAc),
    field(doc, 'Advantage', atkAdvantage), field(doc, 'Card on the attack', atkCard), field(doc, 'Card on AC', atkTargetCard),
  ], () => {
    if (!atkWho.value || !atkTarget.value) return null;
    const fields = { attacker_id: atkWho.value, target_id: atkTarget.value, advantage: atkAdvantage.checked };
    const ac = intOf(atkAc);
    if (ac !== null) fields.ac = ac;
    if (atkCard.value) fields.fate_card = atkCard.value;
    if (atkTargetCard.value) fields.target_fate_card = atkTargetCard.value;
    return universeMove('attack', fields);
  }, {
    extra: [el(doc, 'p', { className: 'uv-help', text: 'Combat skill + attack bonus from the sheet. A natural 20 hits and brings fate; a natural 1 misses with a complication. A completely unguarded target gives advantage.' })],
    planInputs: fatePlanInputs,
    // A hit offers its damage at once, typed (the system leaves it to the GM), for the target.
    after: (played, move, spot) => {
      if (!played.rolls?.[0]?.success || !move.target_id) return;
      const name = encounter.state.order.find((p) => p.id === move.target_id)?.name ?? 'the target';
      offer = hitOffer(doc, {
        heading: `A hit on ${isolated(name)}: apply its damage`,
        targets: encounter.state.order.map((p) => [p.id, isolated(p.name)]),
        target: move.target_id,
        points: moveRange(ctx.catalog, 'universe', 'damage', 'points'),
        actions: [{ text: 'Apply damage', role: 'apply-damage', typed: true, run: (id, points) => play(universeMove('damage', { participant_id: id, points }), spot) }],
      });
      spot.append(offer);
      offer.querySelector('input')?.focus();
    },
  });

  // Save with augmentation
  const saveWho = participantSelect('Who saves');
  follow.actor(saveWho);
  const saveKind = select(doc, 'Save type', [['physical', 'Physical (hp)'], ['mental', 'Mental (Sanity)'], ['luck', 'Luck (fate only)']]);
  const saveDc = number('DC (blank: the sheet\'s)', '', { placeholder: 'sheet', ...fieldRange(ctx.catalog, 'universe', 'save', 'dc') });
  const saveBefore = number('Augmentation bought before the roll', '0', fieldRange(ctx.catalog, 'universe', 'augmented_save', 'before'));
  const saveCard = select(doc, 'Fate card played on the save', [['', 'No fate card']]);
  const saveCost = el(doc, 'p', { className: 'uv-cost', 'aria-live': 'polite' });
  const turnButton = el(doc, 'button', { type: 'button', className: 'button uv-turn', hidden: true });
  turnButton.addEventListener('click', () => {
    const pending = universeState(encounter)?.pending_save;
    if (pending) play(universeMove('augment_after', { participant_id: pending.participant_id }));
  });
  const readSave = () => {
    if (!saveWho.value) return null;
    const fields = { participant_id: saveWho.value, save: saveKind.value, before: intOf(saveBefore) ?? 0 };
    const dc = intOf(saveDc);
    if (dc !== null) fields.dc = dc;
    if (saveCard.value) fields.fate_card = saveCard.value;
    return universeMove('save', fields);
  };
  const showSaveCost = () => {
    const before = intOf(saveBefore) ?? 0;
    const unit = saveKind.value === 'physical' ? 'hp' : saveKind.value === 'mental' ? 'Sanity' : null;
    saveCost.textContent = unit
      ? `Costs ${2 * before} ${unit} now (2 per +1); after a failed roll each +1 costs 4 ${unit}.`
      : 'A Luck save is helped only by fate cards.';
  };
  saveBefore.addEventListener('input', showSaveCost);
  saveKind.addEventListener('change', showSaveCost);
  saveWho.addEventListener('change', () => fillSaveCards());
  const fillSaveCards = () => {
    const keep = saveCard.value;
    const held = heldBy(encounter, saveWho.value);
    saveCard.replaceChildren(el(doc, 'option', { value: '', text: 'No fate card' }), ...held.map((code) => el(doc, 'option', { value: code, text: `${cardFace(code).words}: ${fateEffect(encounter, code, 'save')}` })));
    if (held.includes(keep)) saveCard.value = keep;
  };
  moveForm('Save (with augmentation)', [
    field(doc, 'Who', saveWho), field(doc, 'Save', saveKind), field(doc, 'DC', saveDc),
    field(doc, 'Bought before (+)', saveBefore), field(doc, 'Fate card', saveCard),
  ], readSave, { extra: [saveCost, turnButton] });

  // Sudden takedown
  const tdAttacker = participantSelect('Attacker');
  const tdTarget = participantSelect('Unguarded target');
  follow.actor(tdAttacker);
  follow.target(tdTarget, tdAttacker);
  const tdNonlethal = el(doc, 'input', { type: 'checkbox', 'aria-label': 'Nonlethal' });
  moveForm('Sudden takedown', [
    field(doc, 'Attacker (hit an unguarded target)', tdAttacker), field(doc, 'Target', tdTarget), field(doc, 'Nonlethal', tdNonlethal),
  ], () => (tdAttacker.value && tdTarget.value
    ? universeMove('sudden_takedown', { attacker_id: tdAttacker.value, target_id: tdTarget.value, nonlethal: tdNonlethal.checked })
    : null), { extra: [el(doc, 'p', { className: 'uv-help', text: 'The target makes a Physical save at minus the attacker\'s combat skill; failing, they die (or fall unconscious).' })] });

  // Group stealth
  const gsLeader = participantSelect('Leader');
  follow.actor(gsLeader);
  const gsMembers = el(doc, 'fieldset', { className: 'uv-members' }, [el(doc, 'legend', { text: 'Teammates' })]);
  const gsDifficulty = number('Stealth difficulty', '8', fieldRange(ctx.catalog, 'universe', 'group_stealth', 'difficulty'));
  const fillMembers = () => {
    const checked = new Set([...gsMembers.querySelectorAll('input:checked')].map((i) => i.value));
    // The leader is not their own teammate.
    gsMembers.replaceChildren(el(doc, 'legend', { text: 'Teammates' }), ...encounter.state.order.filter((p) => p.id !== gsLeader.value).map((p) => el(doc, 'label', { className: 'tp-check' }, [
      el(doc, 'input', { type: 'checkbox', value: p.id, checked: checked.has(p.id) }), el(doc, 'span', { text: p.name }),
    ])));
  };
  gsLeader.addEventListener('change', () => fillMembers());
  moveForm('Group stealth', [field(doc, 'Leader', gsLeader), field(doc, 'Difficulty', gsDifficulty), gsMembers], () => {
    if (!gsLeader.value) return null;
    const members = [...gsMembers.querySelectorAll('input:checked')].map((i) => i.value).filter((id) => id !== gsLeader.value);
    return universeMove('group_stealth', { leader_id: gsLeader.value, member_ids: members, difficulty: intOf(gsDifficulty) ?? 8 });
  });

  // Foot chase
  const chaseStatus = el(doc, 'p', { className: 'uv-chase-status', role: 'status' });
  const chaseRounds = el(doc, 'ol', { className: 'uv-chase-rounds', 'aria-label': 'Chase rounds played' });
  const chaseRunners = el(doc, 'fieldset', { className: 'uv-members' }, [el(doc, 'legend', { text: 'Runners' })]);
  const chaseFirst = participantSelect('First runner');
  const chaseSecond = participantSelect('Second runner');
  const chaseFirstFeet = number('First runner\'s move in feet', '30', moveRange(ctx.catalog, 'universe', 'chase_round', 'first_move_feet'));
  const chaseSecondFeet = number('Second runner\'s move in feet', '30', moveRange(ctx.catalog, 'universe', 'chase_round', 'second_move_feet'));
  const startChase = el(doc, 'button', { type: 'button', className: 'button uv-start-chase', text: 'Start chase (roll 2d4 rounds)' });
  const chaseRound = el(doc, 'button', { type: 'button', className: 'button primary uv-chase-round', text: 'Roll chase round' });
  const endChase = el(doc, 'button', { type: 'button', className: 'button quiet uv-end-chase', text: 'End chase' });
  startChase.addEventListener('click', () => {
    const ids = [...chaseRunners.querySelectorAll('input:checked')].map((i) => i.value);
    play(universeMove('start_chase', { participant_ids: ids }));
  });
  chaseRound.addEventListener('click', () => play(universeMove('chase_round', {
    first_id: chaseFirst.value, second_id: chaseSecond.value,
    first_move_feet: intOf(chaseFirstFeet) ?? 30, second_move_feet: intOf(chaseSecondFeet) ?? 30,
  })));
  endChase.addEventListener('click', () => play(universeMove('end_chase')));
  const chaseStart = el(doc, 'div', { className: 'uv-chase-start' }, [chaseRunners, startChase]);
  const chaseOn = el(doc, 'div', { className: 'uv-chase-on' }, [
    chaseRounds,
    el(doc, 'div', { className: 'tp-row' }, [
      field(doc, 'First', chaseFirst), field(doc, 'Move (ft)', chaseFirstFeet),
      field(doc, 'Second', chaseSecond), field(doc, 'Move (ft)', chaseSecondFeet),
    ]),
    el(doc, 'p', { className: 'uv-help', text: 'Opposed Athletics: 2d6 + Athletics + move/10 each; the higher may attack or try to trip. Ties win nothing (ruling).' }),
    chaseRound, endChase,
  ]);
  // Closed until a chase starts, so the cards in acting order stay in sight below the forms.
  const chase = el(doc, 'details', { className: 'uv-move uv-chase' }, [el(doc, 'summary', { text: 'Foot chase' }), chaseStatus, chaseStart, chaseOn]);
  forms.append(chase);

  function refreshForms() {
    for (const node of [saveWho, atkWho, atkTarget, tdAttacker, tdTarget, gsLeader]) fillParticipants(node);
    // Whose turn it is acts, an opponent is the target; a new turn puts the last roll's odds away.
    if (follow.apply(encounter)) for (const view of formViews) view.release();
    fillAttackCards();
    fillSaveCards();
    showSaveCost();
    fillMembers();
    const state = universeState(encounter);
    const pending = state?.pending_save;
    turnButton.hidden = !pending;
    if (pending) {
      const who = encounter.state.order.find((p) => p.id === pending.participant_id)?.name ?? 'Someone';
      const unit = pending.save === 'physical' ? 'hp' : 'Sanity';
      turnButton.textContent = `Turn ${isolated(who)}'s failed save: spend ${pending.cost} ${unit}`;
    }
    const running = state?.chase ?? null;
    if (running && chaseStart.hidden === false) chase.open = true;
    chaseStart.hidden = Boolean(running);
    chaseOn.hidden = !running;
    chaseStatus.textContent = running ? `Chase under way: ${chaseWords(running)}.` : 'No chase. Pick the runners and start: it lasts 2d4 rounds, counted down each new round.';
    const names = new Map(encounter.state.order.map((p) => [p.id, p.name]));
    const checked = new Set([...chaseRunners.querySelectorAll('input:checked')].map((i) => i.value));
    chaseRunners.replaceChildren(el(doc, 'legend', { text: 'Runners' }), ...encounter.state.order.map((p) => el(doc, 'label', { className: 'tp-check' }, [
      el(doc, 'input', { type: 'checkbox', value: p.id, checked: checked.has(p.id) }), el(doc, 'span', { text: p.name }),
    ])));
    if (running) {
      const runners = running.participant_ids.map((id) => [id, isolated(names.get(id) ?? '?')]);
      for (const [node, at] of [[chaseFirst, 0], [chaseSecond, 1]]) {
        const keep = node.value;
        node.replaceChildren(...runners.map(([value, text]) => el(doc, 'option', { value, text })));
        node.value = runners.some(([v]) => v === keep) ? keep : runners[Math.min(at, runners.length - 1)]?.[0] ?? '';
      }
      chaseRounds.replaceChildren(...running.rounds.map((r) => el(doc, 'li', {
        text: `Round ${r.round}: ${isolated(names.get(r.runners[0]) ?? '?')} ${r.totals[0]} vs ${isolated(names.get(r.runners[1]) ?? '?')} ${r.totals[1]}: ${r.winner ? `${isolated(names.get(r.winner) ?? '?')} wins` : 'tie, nobody wins'}`,
      })));
    }
    for (const view of formViews) view.refreshOdds();
  }

  render();
  return {
    update(next) {
      encounter = next;
      if (!playing) last.hidden = true;
      render();
    },
  };
}
