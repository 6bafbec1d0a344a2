// The accessibility audit and the layout check as a test runs them inside the real window:
// axe-core (from node_modules) injected through WebDriver and run on the page as it is, and
// `layoutProblems` over every pane of the view shown and every open dialog.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './app.mjs';
import { layoutProblems } from './window-page.mjs';

const AXE_SOURCE = join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** The panes of each view: what must hold its content without reaching out sideways. */
export const PANES = {
  rosters: ['.rosters-sidebar', '#characters-pane', '#sheet-slot', '#roll-slot .roll-panel'],
  'quick-roll': ['#quick-roll .panel.setup', '#odds-panel', '#quick-roll .panel.result', '#quick-roll .panel.history'],
  log: ['.log-view'],
  encounters: ['.encounter-sidebar', '.encounter-left', '#encounter-system-host'],
};

let axeSource = null;

/**
 * Shows the page in the dark theme (`dark`) or as the system has it (`null`) without a second
 * launch: the dark theme is theme.css's one `@media (prefers-color-scheme: dark)` block, so its
 * rules, copied out of the media query into a style element, are what GTK_THEME=Adwaita:dark
 * gives (the native controls aside, which axe does not judge).
 */
export function useTheme(driver, theme) {
  return driver.executeAsyncScript((wanted, done) => {
    document.getElementById('audit-theme')?.remove();
    document.documentElement.style.colorScheme = '';
    if (wanted === 'dark') {
      const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSMediaRule && /prefers-color-scheme:\s*dark/.test(rule.conditionText ?? rule.media.mediaText))
        .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText));
      if (rules.length === 0) return done('no dark rules found in the page\'s style sheets');
      const style = document.createElement('style');
      style.id = 'audit-theme';
      style.textContent = rules.join('\n');
      document.head.append(style);
      document.documentElement.style.colorScheme = 'dark';
    }
    requestAnimationFrame(() => requestAnimationFrame(() => done(null)));
  }, theme).then((problem) => {
    if (problem) throw new Error(problem);
  });
}

/**
 * Runs axe on the whole page (the open dialogs included), in the light theme or (`{theme:
 * 'dark'}`) the dark one, and answers its serious and critical violations: `[{id, impact, help,
 * nodes: [{target, summary}]}]`. The page is left in the system's theme.
 */
export async function axeViolations(driver, { theme = null } = {}) {
  axeSource ??= readFileSync(AXE_SOURCE, 'utf8');
  const loaded = await driver.executeScript(() => typeof window.axe === 'object');
  if (!loaded) await driver.executeScript(axeSource);
  if (theme) await useTheme(driver, theme);
  const answer = await driver.executeAsyncScript((done) => {
    window.axe.run(document, { resultTypes: ['violations'] })
      .then((results) => done({
        violations: results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').split('\n').slice(0, 3).join(' ') })),
          })),
      }))
      .catch((error) => done({ error: String(error) }));
  });
  if (theme) await useTheme(driver, null);
  if (answer.error) throw new Error(`axe did not run: ${answer.error}`);
  return answer.violations;
}

/** Layout problems of every pane of the view `view` that is shown, and of every open dialog. */
export async function paneProblems(driver, view) {
  const shown = await driver.executeScript((selectors) => selectors.filter((s) => {
    const node = document.querySelector(s);
    return node && node.getClientRects().length > 0;
  }), [...(PANES[view] ?? []), 'dialog[open]']);
  const problems = [];
  for (const pane of shown) {
    for (const problem of await layoutProblems(driver, pane)) problems.push(`${pane}: ${problem}`);
  }
  return problems;
}

/** Is every one of `selectors` (inside the roll panel) wholly in sight: in the window and in the panel's visible box? */
export function inSight(driver, selectors) {
  return driver.executeScript((list) => {
    const panel = document.querySelector('.roll-panel');
    const box = panel.getBoundingClientRect();
    const out = {};
    for (const s of list) {
      const node = panel.querySelector(s);
      if (!node) {
        out[s] = 'missing';
        continue;
      }
      const r = node.getBoundingClientRect();
      const fits = r.top >= Math.max(box.top, 0) - 1 && r.bottom <= Math.min(box.bottom, innerHeight) + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
      out[s] = fits ? 'in sight' : `at ${Math.round(r.top)}–${Math.round(r.bottom)} px, the panel shows ${Math.round(box.top)}–${Math.round(Math.min(box.bottom, innerHeight))} px`;
    }
    return out;
  }, selectors);
}

/** What a violation list says, one line per node. */
export function describe(violations) {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target} — ${n.summary}`)).join('\n');
}
