// The sheet models and the editor's draft. A system's model (systems/*.js) declares the sheet
// as nodes: scalars (`int`, `text`, `bool`, `choice`), `object` groups, `list`s of items and
// `map`s of name -> value (attributes). The draft is what the form edits: the sheet with every
// map as a list of `{key, value}` entries (so a half-typed name may equal another one without
// losing a row) and every number as typed until it reads as one. Pure: no DOM.

import { readInt } from '../form.js';
import { formatPath } from './paths.js';


/** The children of an object node; a child without `key` is an inline group of its own children. */
export function flatChildren(node) {
  return node.children.flatMap((child) => (child.type === 'object' && !child.key ? flatChildren(child) : [child]));
}

/** The sheet value of `node` as the form edits it. */
export function toDraft(node, value) {
  switch (node.type) {
    case 'object': {
      const out = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
      for (const child of flatChildren(node)) out[child.key] = toDraft(child, out[child.key]);
      return out;
    }
    case 'list':
      return (Array.isArray(value) ? value : []).map((item) => toDraft(node.item, item));
    case 'map':
      return Object.entries(value && typeof value === 'object' ? value : {}).map(([key, v]) => ({ key, value: toDraft(node.value, v) }));
    case 'int':
      return typeof value === 'number' ? value : (value ?? '');
    case 'bool':
      return Boolean(value);
    case 'choice':
      return value ?? '';
    default:
      return value ?? '';
  }
}

/**
 * The sheet value of a draft, and the problems only the form can see (a number that is not
 * one, a name given twice to a map): `{value, problems: [{path, message}]}`. `segments` is
 * where the node sits (`['sheet']` for a sheet).
 */
export function fromDraft(node, draft, segments = ['sheet']) {
  const problems = [];
  const value = read(node, draft, segments, problems);
  return { value, problems };
}

function read(node, draft, segments, problems) {
  switch (node.type) {
    case 'object': {
      const out = draft && typeof draft === 'object' ? { ...draft } : {};
      for (const child of flatChildren(node)) {
        const v = read(child, out[child.key], [...segments, child.key], problems);
        if (v === undefined) delete out[child.key];
        else out[child.key] = v;
      }
      return out;
    }
    case 'list':
      return (draft ?? []).map((item, i) => read(node.item, item, [...segments, i], problems));
    case 'map': {
      const out = {};
      for (const entry of draft ?? []) {
        const at = [...segments, entry.key];
        if (Object.hasOwn(out, entry.key)) {
          // About the entry's name (placement.js mapProblemTarget), as the roster's own check says.
          problems.push({ path: formatPath(at), message: `"${entry.key}" is listed twice`, key: true });
          continue;
        }
        out[entry.key] = read(node.value, entry.value, at, problems);
      }
      return out;
    }
    case 'int': {
      if (typeof draft === 'number') return draft;
      const typed = readInt(draft);
      if ('reason' in typed) {
        problems.push({ path: formatPath(segments), message: typed.reason });
        return draft;
      }
      return typed.value;
    }
    case 'choice':
      return node.optional !== undefined && draft === '' ? undefined : draft;
    case 'bool':
      return Boolean(draft);
    default:
      return draft ?? '';
  }
}

/** The choices of a choice node: a fixed list, or computed from the editor's env and draft. */
export function choicesOf(node, env, draft) {
  return typeof node.choices === 'function' ? node.choices(env, draft) : [...(node.choices ?? [])];
}

/** "0–4", "−10 to 10", "1 or more": the range a number takes, for the label beside it. */
export function rangeText(node) {
  const minus = (n) => String(n).replace('-', '\u2212');
  const hasMin = Number.isFinite(node.min);
  const hasMax = Number.isFinite(node.max);
  if (hasMin && hasMax) return node.min < 0 ? `${minus(node.min)} to ${minus(node.max)}` : `${node.min}–${node.max}`;
  if (hasMin) return `${minus(node.min)} or more`;
  if (hasMax) return `up to ${minus(node.max)}`;
  return '';
}

/**
 * A problem's message as a sentence beside its field. Messages that continue the field's name
 * ("is empty; …", "has 3 items; …") get the name in front; the others are already sentences
 * ("5 is over the limit of 4") and only gain a capital.
 */
export function problemText(message, subject) {
  const text = String(message ?? '').trim();
  if (/^(is|has|holds|are)\b/.test(text) && subject) return `${subject} ${text}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Tags as typed ("party, tank") -> ['party', 'tank']: trimmed, empty ones dropped. */
export function parseTags(text) {
  return String(text ?? '').split(',').map((t) => t.trim()).filter(Boolean);
}

/**
 * The problems of the fields around the sheet, worded as the Rust side words them, against the
 * text limits Rust serves (the catalog's `text_limits`; without them only an empty name and a
 * repeated tag are found here, and Rust checks the rest on save).
 * @param {{name: string, player: string, tags: string[], notes: string}} header
 * @param {import('../../types/bindings').TextLimits | null} [limits]
 */
export function headerProblems({ name, player, tags, notes }, limits = null) {
  const problems = [];
  const nameLike = (path, text, max) => {
    const length = [...text.trim()].length;
    if (length === 0) problems.push({ path, message: max ? `is empty; a name takes 1 to ${max} characters` : 'is empty' });
    else if (max && length > max) problems.push({ path, message: `is ${length} characters long; the limit is ${max}` });
  };
  nameLike('name', name, limits?.name);
  if (player.trim()) nameLike('player', player, limits?.name);
  if (limits && tags.length > limits.tags) problems.push({ path: 'tags', message: `has ${tags.length} items; the limit is ${limits.tags}` });
  tags.forEach((tag, i) => {
    nameLike(`tags[${i}]`, tag, limits?.tag);
    if (tags.slice(0, i).some((t) => t.toLowerCase() === tag.toLowerCase())) {
      problems.push({ path: `tags[${i}]`, message: `"${tag}" is listed twice` });
    }
  });
  const noteLength = [...notes].length;
  if (limits && noteLength > limits.notes) problems.push({ path: 'notes', message: `is ${noteLength} characters long; the limit is ${limits.notes}` });
  return problems;
}

/** The editor's whole draft of a character: the header fields and the sheet. */
export function characterDraft(model, character) {
  return {
    name: character.name ?? '',
    player: character.player ?? '',
    kind: character.kind ?? 'pc',
    tags: (character.tags ?? []).join(', '),
    notes: character.notes ?? '',
    sheet: toDraft(model.root, character.sheet),
  };
}

/**
 * What saving a draft sends (`character_update`'s patch) and what the form alone finds wrong
 * with it: `{patch, sheet, problems}`.
 */
export function readCharacterDraft(model, draft) {
  const tags = parseTags(draft.tags);
  const header = { name: draft.name, player: draft.player, kind: draft.kind, tags, notes: draft.notes };
  const { value: sheet, problems } = fromDraft(model.root, draft.sheet);
  return { patch: { ...header, sheet }, sheet, problems: [...headerProblems(header, model.text ?? null), ...problems] };
}

/** "1 problem", "3 problems". */
export function problemCount(n) {
  return `${n} ${n === 1 ? 'problem' : 'problems'}`;
}

/**
 * The key a new map entry gets: the first of `suggestions` not used yet, else `base N`.
 */
export function newMapKey(entries, suggestions = [], base = 'New') {
  const used = new Set(entries.map((e) => e.key.trim().toLowerCase()));
  const free = suggestions.find((s) => !used.has(s.toLowerCase()));
  if (free) return free;
  for (let n = 1; ; n += 1) {
    const key = `${base} ${n}`;
    if (!used.has(key.toLowerCase())) return key;
  }
}

/**
 * The model node at a draft location inside the sheet (`['abilities', 2, 'ranks']`; a map's
 * entries are `[i, 'key' | 'value']`). Null when the location is not in the model.
 */
export function nodeAt(root, segments) {
  let node = root;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    if (!node) return null;
    if (node.type === 'object') node = flatChildren(node).find((child) => child.key === segment) ?? null;
    else if (node.type === 'list' && typeof segment === 'number') node = node.item;
    else if (node.type === 'map' && typeof segment === 'number') {
      const part = segments[i + 1];
      if (part === undefined) return { type: 'entry', map: node };
      i += 1;
      node = part === 'value' ? node.value : part === 'key' ? { type: 'text', key: 'key' } : null;
    } else return null;
  }
  return node;
}

/** A draft list or map with one more entry at the end (`node` the list or map model). */
export function withNewEntry(node, entries, env, sheet) {
  if (node.type === 'list') return [...entries, toDraft(node.item, node.newItem(env))];
  const taken = new Set(entries.map((e) => e.key));
  const key = node.keyChoices
    ? choicesOf({ choices: node.keyChoices }, env, sheet).find((k) => !taken.has(k))
    : newMapKey(entries, node.suggestions ?? [], node.itemLabel);
  return [...entries, { key: key ?? newMapKey(entries, [], node.itemLabel), value: toDraft(node.value, node.newValue(env)) }];
}

/** Entries with the one at `from` moved to `to` (both in range); the same array otherwise. */
export function moveEntry(entries, from, to) {
  if (from === to || to < 0 || to >= entries.length || from < 0 || from >= entries.length) return entries;
  const next = [...entries];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/**
 * What a list's Add button shows (`text`) and its accessible name (`name`), and whether the
 * list is `full` at `count` items. The name starts with the words shown (axe:
 * label-content-name-mismatch; a voice user says "click Add skill"), then says where.
 * @param {{label: string, itemLabel: string, maxItems?: number}} node
 * @param {number} count
 */
export function addButtonWords(node, count) {
  const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);
  const full = Number.isFinite(node.maxItems) && count >= Number(node.maxItems);
  const what = lower(node.itemLabel);
  const name = full ? `Add ${what}: ${lower(node.label)} is full (${node.maxItems})` : `Add ${what} to ${lower(node.label)}`;
  return { full, text: `+ Add ${what}`, name };
}
