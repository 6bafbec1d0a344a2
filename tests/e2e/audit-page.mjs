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

/** axe's rules that judge colours: what the dark theme can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Shows the page in the dark theme (`dark`) or as the system has it (`null`) without a second
 * launch: the dark theme is the style sheets' `@media (prefers-color-scheme: dark)` blocks, so
 * their rules, copied out of the media query to the end of their sheet, are what
 * GTK_THEME=Adwaita:dark gives (the native controls aside, which axe does not judge). Through
 * insertRule: the app's CSP refuses a <style> element's text.
 */
export function useTheme(driver, theme) {
  return driver.executeAsyncScript((wanted, done) => {
    for (const { sheet, count } of window.auditThemeRules ?? []) {
      for (let i = 0; i < count; i += 1) sheet.deleteRule(sheet.cssRules.length - 1);
    }
    window.auditThemeRules = [];
    document.documentElement.style.colorScheme = '';
    if (wanted === 'dark') {
      for (const sheet of document.styleSheets) {
        const rules = [...sheet.cssRules]
          .filter((rule) => rule instanceof CSSMediaRule && /prefers-color-scheme:\s*dark/.test(rule.conditionText ?? rule.media.mediaText))
          .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText));
        rules.forEach((text) => sheet.insertRule(text, sheet.cssRules.length));
        if (rules.length) window.auditThemeRules.push({ sheet, count: rules.length });
      }
      if (window.auditThemeRules.length === 0) return done('no dark rules found in the page\'s style sheets');
      const bg = getComputedStyle(document.body).backgroundColor;
      document.documentElement.style.colorScheme = 'dark';
      // The check that it took: theme.css's dark --bg is near black.
      const [r, g, b] = bg.match(/\d+/g).map(Number);
      if (r + g + b > 200) return done(`the dark rules did not take: the page's background is ${bg}`);
    }
    requestAnimationFrame(() => requestAnimationFrame(() => done(null)));
  }, theme).then((problem) => {
    if (problem) throw new Error(problem);
  });
}

/**
 * Runs axe on the whole page (the open dialogs included), in the light theme or (`{theme:
 * 'dark'}`) the dark one, and answers its serious and critical violations: `[{id, impact, help,
 * nodes: [{target, summary}]}]` (in the dark one, of the colour rules only). The page is left in
 * the system's theme.
 */
export async function axeViolations(driver, { theme = null } = {}) {
  axeSource ??= readFileSync(AXE_SOURCE, 'utf8');
  const loaded = await driver.executeScript(() => typeof window.axe === 'object');
  if (!loaded) await driver.executeScript(axeSource);
  if (theme) await useTheme(driver, theme);
  // Only colours change with the theme: in the dark one the colour rules alone are run (the
  // rest already ran in the light one), which keeps the second pass cheap.
  const options = theme ? { resultTypes: ['violations'], runOnly: { type: 'rule', values: COLOUR_RULES } } : { resultTypes: ['violations'] };
  const answer = await driver.executeAsyncScript((axeOptions, done) => {
    window.axe.run(document, axeOptions)
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
  }, options);
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
