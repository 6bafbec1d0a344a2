// Every number's range on a sheet comes from Rust: the catalog's `sheet_limits` (declared once in
// the rules crate's sheet_limits.rs, enforced by the sheet check). The system models here say
// only where each number sits; `withLimits` gives each `int` node its `min`/`max`, each bounded
// list its `maxItems`, and each help written as a function its words, from the served limits.
// Pure: no DOM.

/**
 * A limit's place as the rules crate writes it: `health.max`, `abilities[].ranks` (every item of
 * a list), `attributes.*` (every value of a map), `trackers.grunt_penalties[]` (every number of a
 * list). A child without `key` is an inline group whose fields sit at its parent's level.
 */
const childPath = (prefix, key) => (prefix ? `${prefix}.${key}` : key);

/**
 * The limits of `system` as a lookup: `limit(path, measure = 'value')` → `{min, max}` (`max`
 * absent when the sheet bounds it itself), or `{}` for a path with no served limit.
 * @param {Array<{system: string, path: string, measure: string, min: number, max: number | null}>} limits
 * @param {string} system
 */
export function limitLookup(limits, system) {
  const mine = (limits ?? []).filter((l) => l.system === system);
  return (path, measure = 'value') => {
    const found = mine.find((l) => l.path === path && l.measure === measure);
    if (!found) return {};
    return found.max === null || found.max === undefined ? { min: found.min } : { min: found.min, max: found.max };
  };
}

function limited(node, path, limit) {
  const out = { ...node };
  if (typeof node.help === 'function') out.help = node.help(limit);
  switch (node.type) {
    case 'object':
      out.children = node.children.map((child) => limited(child, child.key ? childPath(path, child.key) : path, limit));
      break;
    case 'list': {
      const items = limit(path, 'items');
      if (Number.isFinite(items.max)) out.maxItems = items.max;
      out.item = limited(node.item, `${path}[]`, limit);
      break;
    }
    case 'map':
      out.value = limited(node.value, `${path}.*`, limit);
      break;
    case 'int': {
      const { min, max } = limit(path);
      if (Number.isFinite(min)) out.min = min;
      if (Number.isFinite(max)) out.max = max;
      break;
    }
    default:
  }
  return out;
}

/**
 * `model` (a system model of systems/*.js) with the served limits of its system in place.
 * @param {{system: string, root: any}} model
 * @param {Array<{system: string, path: string, measure: string, min: number, max: number | null}>} limits
 */
export function withLimits(model, limits) {
  return { ...model, root: limited(model.root, '', limitLookup(limits, model.system)) };
}
