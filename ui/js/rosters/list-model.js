// The character list's filtering and sorting. Pure: Node's test runner imports it.

/** The sort orders the list offers, in the order of its menu. */
export const SORTS = [
  { id: 'name', label: 'By name' },
  { id: 'player', label: 'By player' },
  { id: 'kind', label: 'PCs first' },
  { id: 'updated', label: 'Last edited first' },
];

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Lower case without accents, so "eowyn" finds "Éowyn". */
export function fold(text) {
  return String(text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The words of a filter: plain words match the name, player, tags or kind; `tag:x`,
 * `player:x`, `name:x` look in that field only; `"two words"` stays one word.
 */
export function parseFilter(text) {
  const terms = [];
  for (const [, field, quoted, bare] of String(text ?? '').matchAll(/(?:(name|player|tags?|kind):)?(?:"([^"]*)"?|(\S+))/gi)) {
    const word = fold(quoted ?? bare ?? '').trim();
    if (word) terms.push({ field: field ? field.toLowerCase().replace(/^tags$/, 'tag') : null, word });
  }
  return terms;
}

function fieldTexts(character) {
  return {
    name: [fold(character.name)],
    player: [fold(character.player)],
    tag: (character.tags ?? []).map(fold),
    kind: [fold(character.kind)],
  };
}

/** Does the character match every term of the filter? */
export function matchesFilter(character, terms) {
  const texts = fieldTexts(character);
  return terms.every(({ field, word }) => {
    const where = field ? texts[field] : [...texts.name, ...texts.player, ...texts.tag, ...texts.kind];
    return where.some((text) => text.includes(word));
  });
}

export function filterCharacters(characters, filterText) {
  const terms = parseFilter(filterText);
  return terms.length ? characters.filter((c) => matchesFilter(c, terms)) : [...characters];
}

const byName = (a, b) => collator.compare(a.name, b.name) || String(a.id).localeCompare(String(b.id));

const COMPARE = {
  name: byName,
  // Characters with no player (most NPCs) go last, whatever the direction.
  player: (a, b) => (Number(!a.player) - Number(!b.player)) || collator.compare(a.player, b.player) || byName(a, b),
  // Player characters first: they are the ones at the table.
  kind: (a, b) => (a.kind === b.kind ? 0 : a.kind === 'pc' ? -1 : 1) || byName(a, b),
  // Newest first: the one just edited is the one the GM is looking for.
  updated: (a, b) => String(b.updated_at).localeCompare(String(a.updated_at)) || byName(a, b),
};

/** A sorted copy; an unknown sort id sorts by name. */
export function sortCharacters(characters, sortId) {
  return [...characters].sort(COMPARE[sortId] ?? COMPARE.name);
}

/** What the list shows: filtered, then sorted. */
export function visibleCharacters(characters, { filter = '', sort = 'name' } = {}) {
  return sortCharacters(filterCharacters(characters, filter), sort);
}

/** Every tag used by these characters, once, sorted (for the tag picker's suggestions). */
export function allTags(characters) {
  const seen = new Map();
  for (const character of characters) {
    for (const tag of character.tags ?? []) if (!seen.has(fold(tag))) seen.set(fold(tag), tag);
  }
  return [...seen.values()].sort(collator.compare);
}
