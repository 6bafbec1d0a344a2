// The row buttons of the sheet form as changes of the draft: add an entry to a list or map,
// remove a row, move a row up or down. Each answers the new draft and what should have focus
// afterwards, so the keyboard stays where the GM works. Pure: Node's test runner imports it.

import { moveEntry, nodeAt, withNewEntry } from './model.js';
import { getAt, setAt } from './paths.js';

/**
 * Applies `action` (`add` on a list's location; `remove`, `up`, `down` on a row's) to the
 * whole draft (`{…header, sheet}`; locations start with 'sheet'). Returns `{draft, focus}`:
 * `focus` is `{loc, action?}` (an input under `loc`, or the button of `action` at `loc`), or
 * null when the action does not apply.
 */
export function applyRowAction(model, env, draft, action, loc) {
  if (action === 'add') {
    const node = nodeAt(model.root, loc.slice(1));
    if (!node || (node.type !== 'list' && node.type !== 'map')) return null;
    const entries = getAt(draft, loc) ?? [];
    if (Number.isFinite(node.maxItems) && entries.length >= node.maxItems) return null;
    const next = withNewEntry(node, entries, env, draft.sheet);
    return { draft: setAt(draft, loc, next), focus: { loc: [...loc, next.length - 1] } };
  }
  const listLoc = loc.slice(0, -1);
  const index = loc[loc.length - 1];
  const entries = getAt(draft, listLoc);
  if (!Array.isArray(entries) || typeof index !== 'number' || index >= entries.length) return null;
  if (action === 'remove') {
    const next = entries.filter((_, i) => i !== index);
    const focus = next.length ? { loc: [...listLoc, Math.min(index, next.length - 1)], action: 'remove' } : { loc: listLoc, action: 'add' };
    return { draft: setAt(draft, listLoc, next), focus };
  }
  if (action === 'up' || action === 'down') {
    const to = action === 'up' ? index - 1 : index + 1;
    const next = moveEntry(entries, index, to);
    if (next === entries) return null;
    // Keep the same button under the keyboard unless it has just become disabled.
    const atEdge = to === 0 || to === next.length - 1;
    const again = atEdge ? (action === 'up' ? 'down' : 'up') : action;
    return { draft: setAt(draft, listLoc, next), focus: { loc: [...listLoc, to], action: again } };
  }
  return null;
}
