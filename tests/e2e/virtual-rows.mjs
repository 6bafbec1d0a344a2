// Reading a virtual list (ui/js/virtual-list.js) whole: only the rows in sight are in the page,
// so a page object that wants every row scrolls the list through, as a user would, reading
// each row once by its place in the list, and puts the scroll back where it was.

/**
 * In the page: the rows matching `rowSelector` inside `scroller`, every one of the list, in
 * order, as `read(row)` gives them; `place(row)` is a row's number in the whole list
 * (aria-posinset, aria-rowindex). A list that does not scroll is read as it is. The list
 * draws on its scroll event; firing it right after each step makes the read one synchronous
 * pass (the real event that follows draws the same rows again).
 */
export function allRows(scroller, rowSelector, place, read) {
  const found = new Map();
  const take = () => {
    for (const row of scroller.querySelectorAll(rowSelector)) {
      const at = place(row);
      if (!found.has(at)) found.set(at, read(row));
    }
  };
  const scrollTo = (top) => {
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
  };
  take();
  if (scroller.scrollHeight > scroller.clientHeight + 1) {
    const saved = scroller.scrollTop;
    // Half a view per step: the windows overlap, so a row re-measured on the way is not skipped.
    const step = Math.max(1, scroller.clientHeight / 2);
    for (let top = 0; top <= scroller.scrollHeight; top += step) {
      scrollTo(top);
      take();
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
    scrollTo(saved);
  }
  return [...found.entries()].sort(([a], [b]) => a - b).map(([, value]) => value);
}

/** `driver.executeScript` of `body(allRows, ...args)`: `body` runs in the page with `allRows` to hand. */
export function scriptWithAllRows(driver, body, ...args) {
  return driver.executeScript(`const allRows = ${allRows.toString()};\nreturn (${body.toString()})(allRows, ...arguments);`, ...args);
}

/**
 * In the page: scrolls the list until a row matching `rowSelector` for which `match(row)` holds
 * is in the page and in sight; answers that row, or null when the list has none.
 */
export function revealRow(scroller, rowSelector, match) {
  const find = () => [...scroller.querySelectorAll(rowSelector)].find(match) ?? null;
  const scrollTo = (top) => {
    scroller.scrollTop = top;
    scroller.dispatchEvent(new Event('scroll'));
  };
  let row = find();
  if (!row && scroller.scrollHeight > scroller.clientHeight + 1) {
    const step = Math.max(1, scroller.clientHeight / 2);
    for (let top = 0; !row && top <= scroller.scrollHeight; top += step) {
      scrollTo(top);
      row = find();
      if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
  }
  if (row) {
    row.scrollIntoView({ block: 'nearest' });
    scroller.dispatchEvent(new Event('scroll'));
  }
  return row;
}

/** `driver.executeScript` of `body(revealRow, ...args)`. */
export function scriptWithRevealRow(driver, body, ...args) {
  return driver.executeScript(`const revealRow = ${revealRow.toString()};\nreturn (${body.toString()})(revealRow, ...arguments);`, ...args);
}
