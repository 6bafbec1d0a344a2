import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ariaIndex, OVERSCAN, RowHeights, scrollToShow, visibleRange } from '../../ui/js/virtual-window.js';

test('rows not measured are placed at the estimate', () => {
  const rows = new RowHeights(40, 10_000);
  assert.equal(rows.count, 10_000);
  assert.equal(rows.offsetOf(0), 0);
  assert.equal(rows.offsetOf(250), 10_000);
  assert.equal(rows.total, 400_000, 'the scroll height stands for every row');
  assert.equal(rows.indexAt(0), 0);
  assert.equal(rows.indexAt(39.9), 0);
  assert.equal(rows.indexAt(40), 1);
  assert.equal(rows.indexAt(399_999), 9_999);
  assert.equal(rows.indexAt(10 ** 9), 9_999, 'past the end: the last row');
  assert.equal(rows.indexAt(-5), 0, 'before the start: the first row');
});

test('a measured row moves every row below it, and only those', () => {
  const rows = new RowHeights(40, 100);
  assert.equal(rows.offsetOf(50), 2000);
  assert.equal(rows.set(10, 65), 25, 'the list grew by the difference');
  assert.equal(rows.offsetOf(10), 400);
  assert.equal(rows.offsetOf(11), 465);
  assert.equal(rows.offsetOf(50), 2025);
  assert.equal(rows.total, 4025);
  assert.equal(rows.indexAt(464), 10);
  assert.equal(rows.indexAt(465), 11);
  assert.equal(rows.set(10, 65), 0, 'the same height again changes nothing');
});

test('after the first screenful, unmeasured rows take the measured average', () => {
  const rows = new RowHeights(40, 1000);
  for (let i = 0; i < 10; i += 1) rows.set(i, i % 2 ? 50 : 54);
  assert.equal(rows.reestimate(), 52);
  assert.equal(rows.height(0), 54, 'measured rows keep their own height');
  assert.equal(rows.height(500), 52);
  assert.equal(rows.total, 10 * 52 + 990 * 52);
  rows.reset(3);
  assert.equal(rows.total, 3 * 52, 'a new set of rows starts from the better estimate');
  assert.equal(new RowHeights(40, 5).reestimate(), 40, 'nothing measured: the estimate stays');
});

test('an empty list has no rows to draw', () => {
  const rows = new RowHeights(40, 0);
  assert.equal(rows.total, 0);
  assert.equal(rows.indexAt(0), -1);
  assert.deepEqual(visibleRange(rows, 0, 500), { start: 0, end: 0 });
});

test('the rows in sight plus the overscan either side exist, however long the list', () => {
  const rows = new RowHeights(50, 10_000);
  // 500 px of view: rows 0-9 in sight at the top.
  assert.deepEqual(visibleRange(rows, 0, 500, 4), { start: 0, end: 14 });
  // Scrolled to row 100 exactly: rows 100-109 in sight.
  assert.deepEqual(visibleRange(rows, 5000, 500, 4), { start: 96, end: 114 });
  // Half a row in: row 110 peeks in at the bottom.
  assert.deepEqual(visibleRange(rows, 5025, 500, 4), { start: 96, end: 115 });
  // At the very end the range stops at the last row.
  assert.deepEqual(visibleRange(rows, rows.total - 500, 500, 4), { start: 9986, end: 10_000 });
  const { start, end } = visibleRange(rows, 123_456, 800);
  assert.ok(end - start <= Math.ceil(800 / 50) + 1 + 2 * OVERSCAN, `a bounded number of rows: ${end - start}`);
});

test('a list with no height yet (a hidden tab) still draws a first screenful', () => {
  const rows = new RowHeights(50, 10_000);
  const { start, end } = visibleRange(rows, 0, 0, 0);
  assert.equal(start, 0);
  assert.ok(end > 5 && end < 50, `a screenful, not everything: ${end}`);
});

test('short lists are drawn whole', () => {
  const rows = new RowHeights(50, 7);
  assert.deepEqual(visibleRange(rows, 0, 600), { start: 0, end: 7 });
});

test('scrolling to a row moves the view as little as shows it whole', () => {
  const rows = new RowHeights(50, 1000);
  assert.equal(scrollToShow(rows, 3, 0, 500), null, 'already in sight');
  assert.equal(scrollToShow(rows, 9, 0, 500), null, 'the last row wholly in sight');
  assert.equal(scrollToShow(rows, 10, 0, 500), 50, 'one row below: one row down');
  assert.equal(scrollToShow(rows, 999, 0, 500), 49_500, 'End: the last row at the bottom');
  assert.equal(scrollToShow(rows, 0, 49_500, 500), 0, 'Home: the first row at the top');
  assert.equal(scrollToShow(rows, 500, 30_000, 500), 25_000, 'above the view: at the top');
  assert.equal(scrollToShow(rows, 500, 25_010, 500), 25_000, 'partly cut off at the top: the view moves up to show it');
  assert.equal(scrollToShow(rows, 509, 24_990, 500), 25_000, 'partly cut off at the bottom: the view moves down to show it');
  rows.set(20, 900);
  assert.equal(scrollToShow(rows, 20, 0, 500), 1000, 'a row taller than the view shows its top');
  assert.equal(scrollToShow(rows, 20, 1000, 500), null);
});

test('screen readers are told each row’s place in the whole list, not in the page', () => {
  assert.equal(ariaIndex(0), 1);
  assert.equal(ariaIndex(9_999), 10_000);
  assert.equal(ariaIndex(0, 1), 2, 'after a table’s header row');
});
