// The universe panel's model: cards in words, rows in turn order with this round's cards, deck
// counts and the chase, from an encounter shaped as the store sends it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cardFace, chaseWords, dealState, deckCounts, fateEffect, gmFate, heldBy, jokerOut, participantRows, universeMove,
} from '../../ui/js/encounter/systems/universe-model.js';
import { eventLines } from '../../ui/js/encounter/encounter-model.js';

const ann = 'a-1';
const goon = 'g-1';

// The served view's facts are made up where they would be the rules' (a limit of 3, a Deal
// refused for nobody seated): the model words what it is served and works none of it out.
function encounter({ round = 2, dealtRound = 2, dealt = [[goon, 'JK1'], [ann, '10H']], dealBar = { reason: 'dealt', round: 2 } } = {}) {
  const effect = { effect: 'attack_bonus', value: 1 };
  const card = (code, holder) => ({ card: code, holder, attack: effect, armor_class: effect, save: effect });
  return {
    view: {
      system: 'universe',
      fate: [card('QS', { holder: 'player', participant_id: ann }), card('5D', { holder: 'gm' }), card('9C', { holder: 'second_entry' })],
      players: [{ participant_id: ann, lucky: true, limit: 3 }],
      gm_limit: 4,
      deal_bar: dealBar,
    },
    state: {
      round,
      order: [{ id: goon, name: 'Goon 1', character_id: null }, { id: ann, name: 'Ann', character_id: 'c-1' }],
      system_state: {
        system: 'universe',
        dealt_round: dealtRound,
        parts: {
          [ann]: { side: 'pc', hp: 9, sanity: 7, condition: null, note: null },
          [goon]: { side: 'hostile_npc', hp: 10, sanity: 10, condition: 'dead', note: null },
        },
        table: {
          deck: { draw: ['2C', '3C'], discard: ['4C'], round: 2, dealt: dealt.map(([id, card]) => ({ combatant: { id, side: 'pc' }, card })) },
          players: { [ann]: { lucky: true, cards: ['QS'] } },
          gm: ['5D'],
          second_entries: [],
        },
        pending_save: null,
        chase: null,
      },
    },
  };
}

test('cards read as rank and suit, jokers as jokers, red suits marked', () => {
  assert.deepEqual(cardFace('QH'), { code: 'QH', joker: false, rank: 'Q', symbol: '♥', words: 'Queen of hearts', red: true });
  assert.equal(cardFace('10S').words, '10 of spades');
  assert.equal(cardFace('AC').words, 'Ace of clubs');
  assert.equal(cardFace('AC').red, false);
  assert.equal(cardFace('JK2').joker, true);
});

test('a fate card reads as what the served view says it does for each use', () => {
  // Made-up effects: the rules (RULES.md's numbered and face cards) are Rust's (universe_fate).
  const bonus = (effect, value) => ({ effect, value });
  const encounter = { view: { system: 'universe', fate: [
    { card: '7S', attack: bonus('attack_bonus', 7), armor_class: bonus('armor_class_bonus', 7), save: bonus('save_bonus', 7) },
    { card: 'KD', attack: bonus('attack_bonus', 10), armor_class: bonus('armor_class_bonus', 12), save: { effect: 'save_succeeds' } },
  ] } };
  assert.equal(fateEffect(encounter, '7S', 'attack'), '+7 to one attack');
  assert.equal(fateEffect(encounter, '7S', 'save'), '+7 to one save');
  assert.equal(fateEffect(encounter, 'KD', 'save'), 'the save succeeds');
  assert.equal(fateEffect(encounter, 'KD', 'armor_class'), '+12 AC against one attack');
  assert.equal(fateEffect(encounter, 'KD', 'second_initiative'), 'enter initiative again at this card (wins ties)');
  assert.equal(fateEffect(encounter, 'QH', 'attack'), '', 'a card the view does not hold');
});

test('rows follow the turn order with this round\'s cards, fate and limits', () => {
  const rows = participantRows(encounter());
  assert.deepEqual(rows.map((r) => [r.name, r.card, r.side]), [['Goon 1', 'JK1', 'hostile_npc'], ['Ann', '10H', 'pc']]);
  assert.deepEqual([rows[1].fate, rows[1].limit, rows[1].lucky], [['QS'], 3, true]);
  assert.equal(rows[0].player, false);
  assert.equal(rows[0].condition, 'dead');
  const stale = participantRows(encounter({ round: 3, dealtRound: 2 }));
  assert.ok(stale.every((r) => r.card === null), 'cards of an earlier round are not shown as this round\'s');
});

test('deck counts, joker out and whether Deal can be pressed', () => {
  const e = encounter();
  assert.deepEqual(deckCounts(e.state.system_state), { draw: 2, discard: 1, dealt: 2, held: 2 });
  assert.equal(jokerOut(e.state.system_state), true);
  assert.equal(jokerOut(encounter({ dealt: [[ann, '2H']] }).state.system_state), false);
  assert.deepEqual(dealState(e), { dealable: false, dealt: true });
  assert.deepEqual(dealState(encounter({ dealBar: null })), { dealable: true, dealt: false });
  assert.deepEqual(dealState(encounter({ dealBar: { reason: 'nobody_seated' } })), { dealable: false, dealt: false });
  assert.deepEqual(dealState({ state: { order: [], round: 1 }, view: null }), { dealable: false, dealt: false }, 'nothing served: no Deal');
  assert.equal(deckCounts(null), null);
});

test('who holds each fate card and the GM\'s limit are the served view\'s', () => {
  const e = encounter();
  assert.deepEqual(heldBy(e, ann), ['QS']);
  assert.deepEqual(heldBy(e, goon), [], 'an NPC holds no fate');
  assert.deepEqual(gmFate(e), { cards: ['5D'], limit: 4 });
  assert.deepEqual(gmFate({ view: null }), { cards: [], limit: 0 });
});

test('the chase, events and moves in words', () => {
  assert.equal(chaseWords({ rounds_left: 3, length: { rounds: 5, dice: [2, 3] }, participant_ids: [], rounds: [] }), '3 of 5 rounds left (2d4: 2 + 3)');
  assert.equal(chaseWords(null), null);
  assert.deepEqual(eventLines([{ text: 'Round 2: cards dealt.', ruling: null }, { text: 'Jokers act first.', ruling: 'universe_jokers_first' }]), [
    { ruling: false, text: 'Round 2: cards dealt.' },
    { ruling: true, text: 'Jokers act first.' },
  ]);
  assert.deepEqual(universeMove('deal'), { system: 'universe', move: 'deal' });
});
