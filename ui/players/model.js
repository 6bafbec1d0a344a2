// The players' page, the parts with no DOM: what each piece of a PlayersView (docs/players-view.md)
// reads as, whose turn is pinned, and how a new view's rows map onto the ones on screen.
// The view is already public and already in words: nothing here works a rule out again.

export const HEALTH_WORDS = ['unhurt', 'hurt', 'bloodied', 'down'];

/** Dice shown as faces per roll; the rest are counted ("+5"). */
export const MAX_DICE = 10;

/** The last public rolls the page lists (the projection sends at most 6). */
export const MAX_ROLLS = 6;

/**
 * A chance of success (0…1) as a percentage: whole when it is whole, else one decimal ("45%",
 * "12.5%", "66.7%"). A chance that is neither 0 nor 1 never reads as either ("< 0.1%", "> 99.9%").
 * `null` (a roll with no success) → null.
 */
export function formatChance(chance) {
  if (chance === null || chance === undefined || !Number.isFinite(chance)) return null;
  if (chance <= 0) return '0%';
  if (chance >= 1) return '100%';
  const tenths = Math.round(chance * 1000);
  if (tenths === 0) return '< 0.1%';
  if (tenths === 1000) return '> 99.9%';
  return tenths % 10 === 0 ? `${tenths / 10}%` : `${(tenths / 10).toFixed(1)}%`;
}

/** "45% chance", or null for a roll with no chance of success. */
export function chanceText(chance) {
  const pct = formatChance(chance);
  return pct === null ? null : `${pct} chance`;
}

/**
 * What a participant's health shows, or null when there is none to show (a system that tracks
 * none, or hidden by the GM). `{shown, word, text, fraction, label}`: `text` is "9 / 14 hp" for
 * numbers and the word for words; `fraction` (0…1) sizes the bar, numbers only; `label` is the
 * accessible wording ("9 of 14 hp, hurt").
 */
export function healthView(health) {
  if (!health || health.shown === 'hidden') return null;
  const word = HEALTH_WORDS.includes(health.word) ? health.word : null;
  const unit = health.label ? ` ${health.label}` : '';
  if (health.shown === 'numbers' && Number.isFinite(health.value) && Number.isFinite(health.max)) {
    const fraction = health.max > 0 ? Math.min(1, Math.max(0, health.value / health.max)) : 0;
    return {
      shown: 'numbers', word, fraction,
      text: `${health.value} / ${health.max}${unit}`,
      label: `${health.value} of ${health.max}${unit}${word ? `, ${word}` : ''}`,
    };
  }
  if (!word) return null;
  return { shown: 'words', word, fraction: null, text: word, label: word };
}

export function sideText(side) {
  return side === 'pc' ? 'PC' : 'NPC';
}

function byId(view, id) {
  if (!view || id === null || id === undefined) return null;
  return view.participants.find((p) => p.id === id) ?? null;
}

/** Whose turn it is, among those shown; null when nobody has it. (A hidden participant's
 * turn is never in the view: the projection keeps the last shown turn.) */
export function currentParticipant(view) {
  if (!view) return null;
  return byId(view, view.turn?.current) ?? view.participants.find((p) => p.current) ?? null;
}

/** Who goes next, among those shown (the projection skips hidden ones). */
export function nextParticipant(view) {
  if (!view) return null;
  return byId(view, view.turn?.next) ?? view.participants.find((p) => p.next) ?? null;
}

/**
 * What the pinned turn banner shows: `{kind, participant, next}` with kind
 * `"current"` (someone shown has the turn), `"empty"` (nobody has joined) or `"none"`
 * (nobody has the turn yet).
 */
export function pinned(view) {
  const next = nextParticipant(view);
  if (!view || view.participants.length === 0) return { kind: 'empty', participant: null, next: null };
  const participant = currentParticipant(view);
  return participant ? { kind: 'current', participant, next } : { kind: 'none', participant: null, next };
}

export function possessive(name) {
  return `${name}'s`;
}

/** The turn in words, as the banner heads it and the live region announces it. */
export function turnText(view) {
  const pin = pinned(view);
  switch (pin.kind) {
    case 'current': return `${possessive(pin.participant.name)} turn`;
    case 'empty': return 'Nobody has joined yet';
    default: return 'Nobody has the turn yet';
  }
}

function turnKey(view) {
  if (!view) return 'none';
  const pin = pinned(view);
  return pin.kind === 'current' ? `current:${pin.participant.id}` : pin.kind;
}

/**
 * What the live region says when a new view arrives: the turn in words when whose turn it is
 * changed (or on the first view), else null (a view with the same turn announces nothing).
 * The same participant again in a new round is a new turn.
 */
export function turnAnnouncement(before, after) {
  if (!after) return null;
  if (before && turnKey(before) === turnKey(after) && before.round === after.round) return null;
  return turnText(after);
}

/** Whether the current row should flash: the turn moved to someone shown (not on first load). */
export function turnMoved(before, after) {
  if (!before || !after) return false;
  const now = currentParticipant(after);
  if (!now) return false;
  return turnKey(before) !== turnKey(after) || before.round !== after.round;
}

/**
 * How rows keyed by id go from the ones on screen to a new list: `add` (new keys, in their new
 * order), `remove` (gone), `keep` (in both, new order) and `moved` (whether the kept ones
 * changed order, so the page only moves rows when it must).
 */
export function keyedPlan(oldKeys, newKeys) {
  const before = new Set(oldKeys);
  const after = new Set(newKeys);
  const keep = newKeys.filter((k) => before.has(k));
  const keptBefore = oldKeys.filter((k) => after.has(k));
  return {
    add: newKeys.filter((k) => !before.has(k)),
    remove: oldKeys.filter((k) => !after.has(k)),
    keep,
    moved: keep.some((k, i) => keptBefore[i] !== k),
  };
}

/**
 * A roll as the page lists it: `{id, who, roll, dice, more, outcome, result, resultText, chance,
 * byHand}`. `result` is "success" / "fail", or null for a roll whose odds name no success (its
 * chance is null); `dice` the first MAX_DICE faces as text and `more` how many
 * others there are.
 */
export function rollView(roll) {
  const faces = (roll.dice ?? []).flat(Infinity).map(String);
  const hasChance = roll.chance !== null && roll.chance !== undefined;
  const result = hasChance ? (roll.success ? 'success' : 'fail') : null;
  return {
    id: String(roll.id),
    who: roll.who,
    roll: roll.roll,
    dice: faces.slice(0, MAX_DICE),
    more: Math.max(0, faces.length - MAX_DICE),
    outcome: roll.outcome,
    result,
    resultText: result === 'success' ? 'Success' : result === 'fail' ? 'Fail' : null,
    chance: chanceText(roll.chance),
    byHand: Boolean(roll.by_hand),
  };
}

/** The newest rolls, newest first, at most MAX_ROLLS. */
export function latestRolls(view) {
  return (view?.rolls ?? []).slice(0, MAX_ROLLS).map(rollView);
}

/** A roll's time as "20:14" in the given zone (the viewer's own when none). */
export function clockTime(at, timeZone) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
}

export function roundText(view) {
  return view ? `Round ${view.round}` : '';
}

/** The document's title: the encounter's name first, so a tab or a taskbar says it. */
export function titleText(view) {
  return view ? `${view.encounter} · Round ${view.round} — Rollbook` : "Rollbook — players' view";
}

/** A connection status in words; empty while all is well. */
export function statusText(status) {
  switch (status) {
    case 'connecting': return 'Connecting…';
    case 'reconnecting': return 'Reconnecting…';
    case 'stopped': return 'The GM stopped sharing';
    default: return '';
  }
}

/** How long to wait before the next try to reconnect: 1 s, 2 s, 4 s… at most 30 s. */
export function backoffDelay(attempt) {
  return Math.min(30000, 1000 * 2 ** Math.max(0, Math.min(attempt, 10)));
}

/**
 * How much height the turn order needs, in rows with chips (a row with no stats or effects is
 * one line, about 0.6 of one); the TV layout shares its height by it. At least 4, so a short
 * list does not read absurdly large.
 */
export function rowUnits(participants) {
  const units = participants.reduce((sum, p) => sum + ((p.stats?.length || p.effects?.length) ? 1 : 0.6), 0);
  return Math.max(4, Math.round(units * 100) / 100);
}

/** A cheap signature of a list of label/value pairs, so unchanged chips are not drawn again. */
export function signature(value) {
  return JSON.stringify(value ?? null);
}
