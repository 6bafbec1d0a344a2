// Draws the session history list.

function el(doc, tag, className, text) {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const clock = (time) => time.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function renderHistory(list, emptyNote, entries) {
  const doc = list.ownerDocument;
  emptyNote.hidden = entries.length > 0;
  list.replaceChildren(...entries.map((entry) => {
    const item = el(doc, 'li');
    const what = el(doc, 'span', 'history-what', `${clock(entry.time)}  ${entry.what}`);
    const outcome = el(doc, 'span', `history-outcome ${entry.success ? 'success' : 'failure'}`, entry.outcome);
    const detail = el(doc, 'span', 'history-detail', entry.detail);
    detail.title = `${entry.detail} (seed ${entry.seed})`;
    item.append(what, outcome, detail);
    return item;
  }));
}
