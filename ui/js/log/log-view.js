// The roll log view: newest first, filter by roster and character, export, clear.
// Grown step by step; the shell imports mountLog by this name.

import { el } from '../dom.js';

/** Builds the roll log inside `root`. Returns `{refresh()}`. */
export function mountLog(root, ctx) {
  const doc = root.ownerDocument;
  const list = el(doc, 'ol', { className: 'log-list', 'aria-label': 'Rolls, newest first' });
  const empty = el(doc, 'p', { className: 'empty', text: 'No rolls yet. Rolls made from a sheet or Quick roll appear here.' });
  root.replaceChildren(el(doc, 'section', { className: 'log-view', 'aria-label': 'Roll log' }, [list, empty]));

  async function refresh() {
    const entries = await ctx.api.rollLog({ limit: 200 });
    list.replaceChildren(...entries.map((entry) => el(doc, 'li', { text: `${entry.at} ${entry.detail ?? ''}` })));
    empty.hidden = entries.length > 0;
  }
  ctx.bus?.addEventListener('log-changed', () => { refresh().catch(() => {}); });
  refresh().catch(() => {});
  return { refresh };
}
