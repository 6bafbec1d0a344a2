// Moving through a list with the keyboard. Pure: Node's test runner imports it.

/**
 * The index focus moves to when `key` is pressed on item `index` of `count` items, or null
 * when the key does not move (focus stops at the ends rather than wrapping, like a file list).
 */
export function nextIndex(key, index, count, page = 10) {
  if (count <= 0) return null;
  // Nothing focused yet (or the item is gone): down-ish keys start at the top, up-ish at the end.
  if (index < 0 || index >= count) {
    if (key === 'ArrowDown' || key === 'Home' || key === 'PageDown') return 0;
    if (key === 'ArrowUp' || key === 'End' || key === 'PageUp') return count - 1;
    return null;
  }
  const at = index;
  switch (key) {
    case 'ArrowDown': return Math.min(at + 1, count - 1);
    case 'ArrowUp': return Math.max(at - 1, 0);
    case 'Home': return 0;
    case 'End': return count - 1;
    case 'PageDown': return Math.min(at + page, count - 1);
    case 'PageUp': return Math.max(at - page, 0);
    default: return null;
  }
}
