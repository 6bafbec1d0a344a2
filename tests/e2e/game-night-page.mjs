// What the "stale and unclear bits" of issue 17 test reads in the window: an odds chart (its
// bars marked as succeeding or failing, the target line's label, the axis title), the roll
// panel's "until the GM sets it" line, the sheet's status and tools, the search's Show more,
// the page's text selection. Every read is what the GM sees, not the code's state.

import { Key } from 'selenium-webdriver';
import { clickInView } from './encounter-page.mjs';
import { scriptWithAllRows } from './virtual-rows.mjs';

export const WAIT_MS = 30_000;

/** The chart inside `scope` (a CSS selector): `{bars: [{key, verdict}], target, axis, label}`. */
export function readChart(driver, scope) {
  return driver.executeScript((selector) => {
    const svg = document.querySelector(`${selector} svg.chart`);
    if (!svg) return null;
    const verdict = (bar) => (bar.classList.contains('succeeds') ? 'succeeds' : bar.classList.contains('fails') ? 'fails' : null);
    const line = svg.querySelector('line.target');
    // A bar is a rect, or one of a run of alike bars drawn as one path (`data-outcomes`, chart.js).
    const shapes = [...svg.querySelectorAll('.bar')].flatMap((shape) => (shape.dataset.outcomes ? JSON.parse(shape.dataset.outcomes) : [shape.dataset.outcome]).map((key) => ({ key, shape })));
    return {
      bars: shapes.map(({ key, shape }) => ({ key, verdict: verdict(shape), fill: getComputedStyle(shape).fill })),
      target: svg.querySelector('.target-label')?.textContent ?? null,
      targetLine: line ? Number(line.getAttribute('x1')) : null,
      axis: svg.querySelector('.axis-title')?.textContent ?? null,
      label: svg.getAttribute('aria-label'),
    };
  }, scope);
}

/** The roll panel's header lines: the note from the sheet, and what holds until the GM sets it. */
export function readPanelHead(driver) {
  return driver.executeScript(() => {
    const panel = document.querySelector('.roll-panel');
    if (!panel) return null;
    const until = panel.querySelector('.rp-until-set');
    return {
      note: panel.querySelector('.rp-note')?.textContent ?? '',
      untilSet: until && !until.hidden && until.getClientRects().length ? until.textContent : null,
    };
  });
}

/** Where the sheet's Undo and Redo are, and the status line's text. */
export function readSheetTools(driver) {
  return driver.executeScript(() => {
    const box = (node) => {
      const r = node.getBoundingClientRect();
      return { left: Math.round(r.left), top: Math.round(r.top) };
    };
    const sheet = document.querySelector('#sheet-slot .sheet');
    return {
      undo: box(sheet.querySelector('.sheet-tool.undo')),
      redo: box(sheet.querySelector('.sheet-tool.redo')),
      form: box(sheet.querySelector('.sheet-form')),
      status: sheet.querySelector('.save-status').textContent,
    };
  });
}

/** The text the page has selected (Ctrl+A with nothing focused must not select the page). */
export function selectedText(driver) {
  return driver.executeScript(() => String(window.getSelection()));
}

/** Presses Ctrl+A with nothing focused. */
export async function ctrlAOnNothing(driver) {
  await driver.executeScript(() => {
    document.activeElement?.blur();
    window.getSelection().removeAllRanges();
  });
  await driver.actions().keyDown(Key.CONTROL).sendKeys('a').keyUp(Key.CONTROL).perform();
}

/** The search dialog's box (what it holds), hits (names), its Show more button (its text, or null), and its note. */
export function readSearchMore(driver) {
  // The hits are a virtual list: every one of them, scrolled through.
  return scriptWithAllRows(driver, (allRows) => {
    const dialog = document.querySelector('dialog.search-dialog[open]');
    if (!dialog) return null;
    const more = dialog.querySelector('#search-more');
    return {
      value: dialog.querySelector('#search-input')?.value ?? null,
      hits: allRows(dialog.querySelector('#search-results'), '[role="option"]', (o) => Number(o.getAttribute('aria-posinset')), (o) => o.querySelector('.hit-name').textContent),
      more: more && !more.hidden ? more.textContent : null,
      note: dialog.querySelector('.search-note').textContent,
    };
  });
}

/** Clicks `selector` once a user could: shown, enabled, in view and not covered (encounter-page.mjs). */
export async function click(driver, selector) {
  await clickInView(driver, selector);
}
