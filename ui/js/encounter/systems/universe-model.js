// What the universe panel shows, worked out from the encounter's running state. Pure: Node's
// test runner imports it. Cards travel as the roster format's codes (`QH`, `10S`, `JK1`).

const RANKS = { A: 'Ace', J: 'Jack', Q: 'Queen', K: 'King' };
const SUITS = {
  S: { name: 'spades', symbol: '♠', red: false },
  H: { name: 'hearts', symbol: '♥', red: true },
  D: { name: 'diamonds', symbol: '♦', red: true },
  C: { name: 'clubs', symbol: '♣', red: false },
};

/**
 * A card code in the ways the panel shows it: `{code, joker, rank, symbol, words, red}`, e.g.
 * QH → rank "Q", symbol "♥", words "Queen of hearts". Jokers: rank "Joker", words "Joker".
 * @param {string} code
 */
export function cardFace(code) {
  if (/^JK\d$/.test(code)) return { code, joker: true, rank: 'Joker', symbol: '★', words: 'Joker', red: false };
  const rank = code.slice(0, -1);
  const suit = SUITS[code.slice(-1)] ?? { name: '?', symbol: '?', red: false };
  return { code, joker: false, rank, symbol: suit.symbol, words: `${RANKS[rank] ?? rank} of ${suit.name}`, red: suit.red };
}

/**
 * What playing a held fate card for `use` does, in words: the rules work it out (RULES.md's
 * numbered and face cards) and serve it with the encounter (`view.fate`); '' when not served.
 */
export function fateEffect(encounter, code, use) {
  if (use === 'second_initiative') return 'enter initiative again at this card (wins ties)';
  const view = encounter?.view;
  const effect = view?.system === 'universe' ? view.fate.find((f) => f.card === code)?.[use] : null;
  switch (effect?.effect) {
    case 'attack_bonus': return `+${effect.value} to one attack`;
    case 'armor_class_bonus': return `+${effect.value} AC against one attack`;
    case 'save_bonus': return `+${effect.value} to one save`;
    case 'save_succeeds': return 'the save succeeds';
    default: return '';
  }
}

/** The universe running state of an encounter, or null before anyone sat down. */
export function universeState(encounter) {
  const state = encounter?.state?.system_state;
  return state && state.system === 'universe' ? state : null;
}

/** What the rules serve of the universe table (`view`), or null before anyone sat down. */
function universeView(encounter) {
  const view = encounter?.view;
  return view?.system === 'universe' ? view : null;
}

/** The fate cards `participantId` holds, as the rules serve them (in the order held). */
export function heldBy(encounter, participantId) {
  return (universeView(encounter)?.fate ?? [])
    .filter((f) => f.holder.holder === 'player' && f.holder.participant_id === participantId)
    .map((f) => f.card);
}

/** The GM's negative fate: the cards held and how many the rules allow. */
export function gmFate(encounter) {
  const view = universeView(encounter);
  return { cards: (view?.fate ?? []).filter((f) => f.holder.holder === 'gm').map((f) => f.card), limit: view?.gm_limit ?? 0 };
}

/**
 * One row per participant in turn order: card dealt this round (null when none), side, fate held
 * and the rules' limit, hp/Sanity, condition and any note.
 */
export function participantRows(encounter) {
  const state = universeState(encounter);
  const table = state?.table ?? null;
  const dealt = new Map((table?.deck.dealt ?? []).map((d) => [d.combatant.id, d.card]));
  const fresh = state?.dealt_round === encounter.state.round;
  const players = new Map((universeView(encounter)?.players ?? []).map((p) => [p.participant_id, p]));
  return encounter.state.order.map((p) => {
    const part = state?.parts?.[p.id] ?? null;
    const player = players.get(p.id) ?? null;
    return {
      id: p.id,
      name: p.name,
      card: fresh ? dealt.get(p.id) ?? null : null,
      side: part?.side ?? null,
      player: Boolean(player),
      lucky: Boolean(player?.lucky),
      fate: heldBy(encounter, p.id),
      limit: player?.limit ?? 0,
      hp: part?.hp ?? null,
      sanity: part?.sanity ?? null,
      condition: part?.condition ?? null,
      note: part?.note ?? null,
    };
  });
}

/** The deck's piles: cards to draw, discarded, dealt this round, held as fate. */
export function deckCounts(state) {
  const table = state?.table;
  if (!table) return null;
  const held = Object.values(table.players).reduce((n, p) => n + p.cards.length, 0) + table.gm.length + table.second_entries.length;
  return { draw: table.deck.draw.length, discard: table.deck.discard.length, dealt: table.deck.dealt.length, held };
}

/** True when this round dealt a joker (the deck is reshuffled before the next deal). */
export function jokerOut(state) {
  return Boolean(state?.table?.deck.dealt.some((d) => /^JK/.test(d.card)));
}

/**
 * Deal as the rules serve it (`view.deal_bar`): `dealable` when it may be pressed, `dealt` when
 * this round's cards are out already.
 */
export function dealState(encounter) {
  const view = universeView(encounter);
  const bar = view ? view.deal_bar : { reason: 'nobody_seated' };
  return { dealable: bar === null, dealt: bar?.reason === 'dealt' };
}

/** `side` in words. */
export function sideWords(side) {
  return { pc: 'PC', hostile_npc: 'Hostile NPC', friendly_npc: 'Friendly NPC' }[side] ?? '—';
}

/** The chase in words: "3 of 5 rounds left (2d4: 2 + 3)". */
export function chaseWords(chase) {
  if (!chase) return null;
  const { rounds_left: left, length } = chase;
  return `${left} of ${length.rounds} rounds left (2d4: ${length.dice[0]} + ${length.dice[1]})`;
}

/** The universe move sent through ctx.play: `{system: "universe", move, ...fields}`. */
export function universeMove(move, fields = {}) {
  return { system: 'universe', move, ...fields };
}
