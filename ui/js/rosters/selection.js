// Which characters of the list are selected. Immutable values: `{ids: string[], anchor}` where
// `anchor` is where a Shift-click range starts. Pure: Node's test runner imports it.

export const EMPTY_SELECTION = Object.freeze({ ids: Object.freeze([]), anchor: null });

export function isSelected(selection, id) {
  return selection.ids.includes(id);
}

/** The ids from `a` to `b` (either order) in the list's visible `order`; [b] if `a` is not shown. */
export function rangeBetween(order, a, b) {
  const from = order.indexOf(a);
  const to = order.indexOf(b);
  if (to < 0) return [];
  if (from < 0) return [b];
  return order.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/** Ids in list order, each once. */
function ordered(order, ids) {
  const wanted = new Set(ids);
  return order.filter((id) => wanted.has(id));
}

/** Ctrl-click or a checkbox: `id` in or out; it becomes the anchor. */
export function toggle(selection, order, id) {
  const ids = isSelected(selection, id) ? selection.ids.filter((x) => x !== id) : [...selection.ids, id];
  return { ids: ordered(order, ids), anchor: id };
}

/**
 * Shift-click: everything from the anchor to `id` is selected, added to what was selected
 * already; the anchor stays, so a second Shift-click moves the range's far end.
 */
export function extendTo(selection, order, id) {
  if (selection.anchor === null || !order.includes(selection.anchor)) return toggle(selection, order, id);
  return { ids: ordered(order, [...selection.ids, ...rangeBetween(order, selection.anchor, id)]), anchor: selection.anchor };
}

/** A click with the keys held: `{shift, toggle}` (Ctrl/Cmd or a checkbox). */
export function clickSelection(selection, order, id, { shift = false } = {}) {
  return shift ? extendTo(selection, order, id) : toggle(selection, order, id);
}

export function selectAll(order) {
  return { ids: [...order], anchor: order[0] ?? null };
}

/** Keeps only ids still in the list (after a filter, a delete, a move). */
export function keepShown(selection, order) {
  // Nothing selected: nothing to look for in a list of 10,000 at every filter keystroke.
  if (selection.ids.length === 0 && selection.anchor === null) return selection;
  const ids = ordered(order, selection.ids);
  const anchor = order.includes(selection.anchor) ? selection.anchor : null;
  return ids.length === selection.ids.length && anchor === selection.anchor ? selection : { ids, anchor };
}

/** "all", "some" or "none" of `order` selected: the state of the select-all checkbox. */
export function coverage(selection, order) {
  if (selection.ids.length === 0) return 'none';
  // A Set: with every one of 10,000 characters selected, `includes` per id took seconds.
  const chosen = new Set(selection.ids);
  const shown = order.filter((id) => chosen.has(id)).length;
  if (shown === 0) return 'none';
  return shown === order.length ? 'all' : 'some';
}
