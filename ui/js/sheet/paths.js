// JSON paths as the Rust side writes them (`sheet.abilities[1].ranks`, `sheet.attributes["Will
// Power"]`) and reading/writing a value at a path. Pure: Node's test runner imports it.

const IDENTIFIER = /^[A-Za-z0-9_-]+$/;

/**
 * A path as its segments: `sheet.abilities[1].ranks` -> ['sheet', 'abilities', 1, 'ranks'].
 * Keys that are not identifiers come as JSON strings in brackets (`attributes["Will Power"]`).
 * Returns null for text that is not a path.
 */
export function parsePath(text) {
  const segments = [];
  let rest = String(text ?? '');
  let first = true;
  while (rest.length) {
    let match;
    if ((match = /^\[(\d+)\]/.exec(rest))) segments.push(Number(match[1]));
    else if ((match = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest))) segments.push(JSON.parse(match[1]));
    else if ((match = (first ? /^([A-Za-z0-9_-]+)/ : /^\.([A-Za-z0-9_-]+)/).exec(rest))) segments.push(match[1]);
    else return null;
    rest = rest.slice(match[0].length);
    first = false;
  }
  return segments;
}

/** Segments back to the path text the Rust side writes (the inverse of parsePath). */
export function formatPath(segments) {
  let text = '';
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}

/** The value at `segments` inside `value`, or undefined when the path leads nowhere. */
export function getAt(value, segments) {
  let node = value;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[segment];
  }
  return node;
}

/**
 * A copy of `value` with `next` at `segments`; only the objects and arrays on the way are
 * copied, so the old value (kept by the undo history) never changes.
 */
export function setAt(value, segments, next) {
  if (segments.length === 0) return next;
  const [head, ...tail] = segments;
  const copy = Array.isArray(value) ? [...value] : { ...(value ?? {}) };
  copy[head] = setAt(copy[head], tail, next);
  return copy;
}

/**
 * The nearest of `known` paths at or above `path`: `sheet.attributes.Domination` with only
 * `sheet.attributes` known gives `{path: 'sheet.attributes', rest: ['Domination']}` (what is
 * left is what the message is about). Null when not even the root is known.
 */
export function nearestKnown(path, known) {
  const segments = parsePath(path);
  if (!segments) return known.has(path) ? { path, rest: [] } : null;
  for (let n = segments.length; n > 0; n -= 1) {
    const candidate = formatPath(segments.slice(0, n));
    if (known.has(candidate)) return { path: candidate, rest: segments.slice(n) };
  }
  return null;
}
