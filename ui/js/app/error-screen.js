// The whole window when the database file was refused: what happened, that nothing was
// changed, where the file is, and what to do. Nothing else can work without the database.

import { el } from '../dom.js';
import { describeStoreFailure } from '../toolkit/store-error.js';

/** Replaces the views with the error screen (`error` is the refusal every command answers). */
export function showStoreFailure(doc, error, dbPath = null) {
  const shown = describeStoreFailure(error, dbPath);
  const views = doc.getElementById('views');
  const pathLine = shown.path
    ? el(doc, 'p', { className: 'failure-path' }, [el(doc, 'span', { text: 'The file: ' }), el(doc, 'code', { className: 'failure-file', text: shown.path })])
    : el(doc, 'p', { className: 'failure-path', text: 'Rollbook could not tell which file it was.' });
  const screen = el(doc, 'section', { className: 'store-failure', id: 'store-failure', role: 'alert', 'aria-labelledby': 'store-failure-title', 'data-code': error.code }, [
    el(doc, 'span', { className: 'failure-icon', 'aria-hidden': 'true', text: '⚠' }),
    el(doc, 'h2', { id: 'store-failure-title', text: shown.title }),
    el(doc, 'p', { text: shown.what }),
    el(doc, 'p', { className: 'failure-unchanged', text: shown.unchanged }),
    pathLine,
    el(doc, 'p', { className: 'failure-todo', text: shown.todo }),
    el(doc, 'details', { className: 'failure-detail' }, [
      el(doc, 'summary', { text: 'What Rollbook reported' }),
      el(doc, 'p', { text: shown.detail }),
    ]),
  ]);
  views.replaceChildren(screen);
  views.removeAttribute('aria-busy');
  // The tabs and actions lead nowhere without a database.
  for (const id of ['tabs', 'app-actions']) {
    const node = doc.getElementById(id);
    if (node) node.hidden = true;
  }
  screen.tabIndex = -1;
  screen.focus();
}
