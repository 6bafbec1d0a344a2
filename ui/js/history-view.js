// Draws the session history list.

import { el } from './dom.js';
import { clockText } from './history.js';

function itemNode(doc, entry) {
  const outcome = el(doc, 'span', { className: `history-outcome ${entry.success ? 'success' : 'failure'}`, text: entry.outcome });
  if (entry.chance) outcome.append(' ', el(doc, 'span', { className: 'history-chance', text: entry.chance }));
  return el(doc, 'li', { title: `${entry.detail} (${entry.byHand ? 'rolled by hand' : `seed ${entry.seed}`})` }, [
    outcome,
    el(doc, 'time', { className: 'history-time', datetime: entry.time.toISOString(), text: clockText(entry.time) }),
    el(doc, 'span', { className: 'history-what', text: entry.what }),
    el(doc, 'span', { className: 'history-detail', text: entry.detail }),
  ]);
}

export function renderHistory(list, emptyNote, entries) {
  const doc = list.ownerDocument;
  emptyNote.hidden = entries.length > 0;
  list.hidden = entries.length === 0;
  list.replaceChildren(...entries.map((entry) => itemNode(doc, entry)));
}
