// The arithmetic of a virtual list (virtual-list.js): where each row of a long list starts,
// which rows a scroll position shows, and the row numbers a screen reader is told. Rows may
// differ in height (tags wrap, a log's detail runs to two lines): each counts as an estimate
// until it has been drawn and measured. Pure: Node's test runner imports it.

/** Rows drawn above and below those in sight, so a short scroll never shows a blank. */
export const OVERSCAN = 6;

/** The heights of a list's rows and where each starts, from the top of the first. */
export class RowHeights {
  /** `estimate`: the height (px) assumed for a row not measured yet. */
  constructor(estimate, count = 0) {
    this.estimate = estimate;
    this.heights = new Float64Array(count).fill(estimate);
    this.measured = new Uint8Array(count);
    // offsets[i] is the top of row i, offsets[count] the height of them all; entries past
    // `valid` are stale (a measurement changed a row above them) and are worked out on demand.
    this.offsets = new Float64Array(count + 1);
    this.valid = 0;
  }

  get count() {
    return this.heights.length;
  }

  /** Another list's rows (a new filter, new data): `count` rows, none measured. */
  reset(count, estimate = this.estimate) {
    this.estimate = estimate;
    this.heights = new Float64Array(count).fill(estimate);
    this.measured = new Uint8Array(count);
    this.offsets = new Float64Array(count + 1);
    this.valid = 0;
  }

  /**
   * The rows not measured yet are assumed as tall as the average of those measured (the first
   * screenful tells more than the guess the list started from); answers the new estimate.
   */
  reestimate() {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < this.count; i += 1) {
      if (this.measured[i]) {
        sum += this.heights[i];
        n += 1;
      }
    }
    if (n === 0) return this.estimate;
    this.estimate = sum / n;
    for (let i = 0; i < this.count; i += 1) if (!this.measured[i]) this.heights[i] = this.estimate;
    this.valid = 0;
    return this.estimate;
  }

  /** Row `index` measured `height` px; answers by how much the list grew (negative: shrank). */
  set(index, height) {
    const change = height - this.heights[index];
    this.measured[index] = 1;
    if (change !== 0) {
      this.heights[index] = height;
      this.valid = Math.min(this.valid, index);
    }
    return change;
  }

  height(index) {
    return this.heights[index];
  }

  isMeasured(index) {
    return this.measured[index] === 1;
  }

  /** The top of row `index` (`count`: the bottom of the last row). */
  offsetOf(index) {
    const at = Math.max(0, Math.min(index, this.count));
    for (let i = this.valid; i < at; i += 1) this.offsets[i + 1] = this.offsets[i] + this.heights[i];
    this.valid = Math.max(this.valid, at);
    return this.offsets[at];
  }

  /** The height of every row together: what the scrollbar stands for. */
  get total() {
    return this.offsetOf(this.count);
  }

  /** The row at `offset` px from the top (clamped to the first and the last); -1 with no rows. */
  indexAt(offset) {
    if (this.count === 0) return -1;
    this.offsetOf(this.count);
    let low = 0;
    let high = this.count - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.offsets[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * The rows to draw, `{start, end}` (end excluded), for a view `viewport` px tall scrolled
 * `scrollTop` px into the rows: those in sight plus `overscan` either side. A view with no
 * height yet (a hidden tab) still gets its first screenful's worth of rows guessed from the
 * estimate, so nothing waits on layout to exist.
 */
export function visibleRange(rows, scrollTop, viewport, overscan = OVERSCAN) {
  if (rows.count === 0) return { start: 0, end: 0 };
  const tall = viewport > 0 ? viewport : rows.estimate * 12;
  const first = rows.indexAt(Math.max(0, scrollTop));
  const last = rows.indexAt(Math.max(0, scrollTop) + tall - 1);
  return { start: Math.max(0, first - overscan), end: Math.min(rows.count, last + 1 + overscan) };
}

/**
 * Where to scroll (the new scrollTop, in row coordinates) so row `index` is wholly in a view
 * `viewport` px tall now scrolled to `scrollTop`; null when it already is. Like
 * scrollIntoView's `block: 'nearest'`: the least movement that shows it.
 */
export function scrollToShow(rows, index, scrollTop, viewport) {
  const top = rows.offsetOf(index);
  const bottom = top + rows.height(index);
  // A row taller than the view shows its top.
  if (top < scrollTop || bottom - top > viewport) return top === scrollTop ? null : top;
  if (bottom > scrollTop + viewport) return Math.max(0, bottom - viewport);
  return null;
}

/** How far a screen reader is told a row is: 1-based, after `before` rows that are not the list's (a table's header row). */
export function ariaIndex(index, before = 0) {
  return index + 1 + before;
}
