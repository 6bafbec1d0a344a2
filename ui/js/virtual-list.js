// A list that does not care how long it is: of its rows, only those in sight (and a few either
// side, OVERSCAN) exist in the page; the space of the others is held by the list's ::before and
// ::after (or spacer rows, in a table) so the scrollbar stands for every row. The character list, the search's
// hits and the roll log are each one of these. Which rows, where, is worked out in
// virtual-window.js; this module draws, measures and keeps focus.
//
// Focus: a row that scrolls out while it has the focus cannot stay in the page, so the focus
// goes to the scroller (made focusable for it) and comes back to the row when it is drawn again;
// the list's key handler then moves on from the row it remembers.

import { RowHeights, scrollToShow, visibleRange } from './virtual-window.js';

/** The heights of the space before and after the rows drawn; the list's CSS gives them to its ::before and ::after. */
const BEFORE = '--virtual-before';
const AFTER = '--virtual-after';

/**
 * Options:
 * - `scroller`: the element that scrolls; `items`: where the rows go (may be the scroller).
 * - `renderRow(index)` → the row's element (built afresh; the list owns it from then on).
 * - `estimate`: px a row is assumed to take before it is measured.
 * - `spacer()` → an element holding the space of undrawn rows (a table row); without it the
 *   space is held by `items`' ::before and ::after, whose height the CSS takes from the
 *   variables --virtual-before and --virtual-after.
 * - `focusTarget(row)` → what in a row takes the focus, for a list whose rows do (the focus
 *   then waits on the scroller while its row is scrolled out); without it rows never hold it.
 * - `drawn(range)`: called after every draw (aria-activedescendant follows it in the search).
 * - `uniform`: every row is one height (an odds table's outcomes). Once measured, that height
 *   and where row 0 starts are kept for the next set of rows, and `setCount` draws it from the
 *   scroll position and view height last seen without reading layout: a list redrawn at every
 *   keystroke (Quick roll's Notation field) then leaves all the layout to the frame.
 * - `refill(element, index)` → whether it put row `index`'s contents into `element`, a row
 *   already in the page (false: build it afresh). `setCount` keeps the rows it refills, so a
 *   new set of rows changes the words of those in sight instead of making them again.
 */
export function createVirtualList({
  scroller, items, renderRow, estimate, spacer = null, focusTarget = null, uniform = false,
  refill = /** @type {((element: HTMLElement, index: number) => boolean) | null} */ (null),
  drawn = /** @type {(range: {start: number, end: number}) => void} */ (() => {}),
}) {
  const doc = items.ownerDocument;
  const rows = new RowHeights(estimate);
  /** index → element, of the rows in the page now */
  let shown = new Map();
  let range = { start: 0, end: 0 };
  // Where row 0 starts in the scroller's content (a table's header, the list's own padding).
  let lead = 0;
  // A fresh set of rows has not been measured: its first draw re-estimates the rest.
  let estimated = false;
  // The row that had the focus when it scrolled out (its focus waits on the scroller).
  let parked = null;
  // The scroll position and view height the last draw read (a uniform list's `setCount` draws
  // from them), and whether its rows' one height has been measured yet.
  const seen = { top: 0, height: 0 };
  let heightKnown = false;
  const gaps = spacer ? [spacer(), spacer()] : null;
  if (gaps) items.append(...gaps);
  if (focusTarget && !scroller.hasAttribute('tabindex')) scroller.tabIndex = -1;

  function setGaps(before, after) {
    if (gaps) {
      gaps[0].hidden = before <= 0;
      gaps[1].hidden = after <= 0;
      gaps[0].style.height = `${before}px`;
      gaps[1].style.height = `${after}px`;
    } else {
      items.style.setProperty(BEFORE, `${before}px`);
      items.style.setProperty(AFTER, `${after}px`);
    }
  }

  /** Takes rows out of the page, parking the focus if one of them holds it. */
  function drop(index) {
    const element = shown.get(index);
    shown.delete(index);
    if (focusTarget && element.contains(doc.activeElement)) {
      parked = index;
      scroller.focus({ preventScroll: true });
    }
    element.remove();
  }

  /** Puts the rows of `next` in the page, keeping those already there (and their focus). */
  function place(next) {
    for (const index of [...shown.keys()]) if (index < next.start || index >= next.end) drop(index);
    const kept = [...shown.keys()].sort((a, b) => a - b);
    const before = doc.createDocumentFragment();
    const after = doc.createDocumentFragment();
    const firstKept = kept.length ? kept[0] : next.end;
    for (let i = next.start; i < next.end; i += 1) {
      if (shown.has(i)) continue;
      const element = renderRow(i);
      shown.set(i, element);
      (i < firstKept ? before : after).append(element);
    }
    const anchor = kept.length ? shown.get(firstKept) : (gaps ? gaps[1] : null);
    items.insertBefore(before, anchor);
    items.insertBefore(after, kept.length ? shown.get(kept.at(-1)).nextSibling : (gaps ? gaps[1] : null));
    range = next;
    setGaps(rows.offsetOf(next.start), rows.total - rows.offsetOf(next.end));
  }

  /**
   * Reads the drawn rows' heights (each the distance to the next, so gaps and margins count)
   * and where row 0 starts; keeps the row at the top of the view (scrolled `top`) where it was.
   * Answers how far the view moved for that, or null when no height changed. A list not laid
   * out (a hidden tab) has nothing to read yet.
   */
  function measure(top) {
    const indexes = [...shown.keys()].sort((a, b) => a - b);
    if (!indexes.length || scroller.getClientRects().length === 0) return null;
    const origin = scroller.getBoundingClientRect().top - top;
    const boxes = indexes.map((i) => shown.get(i).getBoundingClientRect());
    const topRow = rows.indexAt(top - lead);
    const topWas = rows.offsetOf(topRow);
    let changed = false;
    indexes.forEach((index, k) => {
      const next = k + 1 < indexes.length && indexes[k + 1] === index + 1;
      // The last row drawn has no next to measure to: its own box, unless it was measured whole before.
      if (!next && rows.isMeasured(index)) return;
      const height = next ? boxes[k + 1].top - boxes[k].top : boxes[k].height;
      if (height > 0 && Math.abs(rows.set(index, height)) > 0.5) changed = true;
    });
    if (!estimated) {
      estimated = true;
      rows.reestimate();
      changed = true;
    }
    lead = boxes[0].top - origin - rows.offsetOf(indexes[0]);
    if (uniform) heightKnown = true;
    if (!changed) return null;
    const moved = top > 0 ? rows.offsetOf(topRow) - topWas : 0;
    if (moved !== 0) scroller.scrollTop = top + moved;
    setGaps(rows.offsetOf(range.start), rows.total - rows.offsetOf(range.end));
    return moved;
  }

  /**
   * Draws the rows in sight; measuring them may show more are needed, so a few passes. The
   * scroll position and the view's height are read once: reading them after the rows changed
   * would lay the page out again for nothing.
   */
  function draw() {
    let top = scroller.scrollTop;
    const height = scroller.clientHeight;
    for (let pass = 0; pass < 3; pass += 1) {
      const next = visibleRange(rows, top - lead, height);
      if (pass > 0 && next.start === range.start && next.end === range.end) break;
      place(next);
      const moved = measure(top);
      if (moved === null) break;
      top += moved;
    }
    seen.top = top;
    // A hidden list (an odds panel with no odds) reads no height: the one it had stays, for
    // its next rows when it shows again (its scroll position, reset by hiding, does not).
    if (height > 0) seen.height = height;
    done();
  }

  /** After a draw: the focus parked while its row was out comes back; `drawn` is told. */
  function done() {
    if (parked !== null && shown.has(parked) && doc.activeElement === scroller) {
      focusTarget(shown.get(parked)).focus({ preventScroll: true });
      parked = null;
    }
    drawn(range);
  }

  /**
   * A uniform list's new rows drawn from what the last draw saw: nothing is read from the
   * page. Past the new end the browser clamps the scroll position itself, and its scroll
   * event draws again from the real one.
   */
  function drawUnmeasured() {
    const top = Math.min(seen.top, Math.max(0, lead + rows.total - seen.height));
    place(visibleRange(rows, top - lead, seen.height));
    done();
  }

  scroller.addEventListener('scroll', draw, { passive: true });
  // A view shown (its tab opened) or resized: more or fewer rows are in sight.
  new ResizeObserver(() => draw()).observe(scroller);

  return {
    get count() {
      return rows.count;
    },
    /** Another set of `count` rows (new data, a new filter): everything is drawn again. */
    setCount(count) {
      for (const index of [...shown.keys()]) {
        if (!(refill && index < count && refill(shown.get(index), index))) drop(index);
      }
      // Those were other rows: the focus stays on the scroller for the caller to place.
      parked = null;
      range = { start: 0, end: 0 };
      if (heightKnown) {
        // One height for every row, measured already: nothing to estimate or measure.
        rows.reset(count, rows.estimate);
        drawUnmeasured();
        return;
      }
      rows.reset(count);
      estimated = false;
      if (scroller.scrollTop > rows.total) scroller.scrollTop = rows.total;
      draw();
    },
    /** The same rows with new contents: those in the page are built again. */
    redraw() {
      const hadFocus = [...shown.entries()].find(([, element]) => element.contains(doc.activeElement))?.[0] ?? null;
      for (const index of [...shown.keys()]) {
        const fresh = renderRow(index);
        shown.get(index).replaceWith(fresh);
        shown.set(index, fresh);
      }
      if (hadFocus !== null && focusTarget) focusTarget(shown.get(hadFocus)).focus({ preventScroll: true });
      draw();
    },
    /** The element of row `index` if it is in the page. */
    element: (index) => shown.get(index) ?? null,
    /** The rows in the page, `[index, element]` in list order. */
    entries: () => [...shown.entries()].sort(([a], [b]) => a - b),
    /** Scrolls row `index` into sight (as little as will do) and answers its element. */
    scrollToIndex(index) {
      if (index < 0 || index >= rows.count) return null;
      const to = scrollToShow(rows, index, scroller.scrollTop - lead, scroller.clientHeight);
      if (to !== null) scroller.scrollTop = to + lead;
      draw();
      // Measuring may have moved it; once more, now that its height is known.
      const again = scrollToShow(rows, index, scroller.scrollTop - lead, scroller.clientHeight);
      if (again !== null) {
        scroller.scrollTop = again + lead;
        draw();
      }
      return shown.get(index) ?? null;
    },
    /** How many rows fit in the view, for PageUp/PageDown. */
    pageSize: () => Math.max(1, Math.floor(scroller.clientHeight / (rows.estimate || 1)) - 1),
  };
}
