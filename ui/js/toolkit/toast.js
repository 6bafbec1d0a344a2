// Toasts: short messages at the bottom left, in a polite live region, with an optional action
// (Undo). They leave on their own, but not while the pointer or focus is on them.

import { el } from '../dom.js';
import { errorLines } from './error-text.js';

const SHOW_MS = 6000;
const SHOW_WITH_ACTION_MS = 10_000;
const SHOW_ERROR_MS = 14_000;
const MAX_SHOWN = 3;

/** Makes the toast area in `doc` and returns `toast(message, {action, error})` (with `.error`). */
export function createToaster(doc) {
  const region = el(doc, 'div', { className: 'toasts', role: 'status', 'aria-live': 'polite', 'aria-label': 'Notifications' });
  doc.body.append(region);

  function toast(message, { action = null, error = false } = {}) {
    const lines = Array.isArray(message) ? message : [message];
    const text = el(doc, 'div', { className: 'toast-text' }, lines.map((line, i) => el(doc, 'p', { className: i ? 'toast-more' : 'toast-main', text: line })));
    // Errors say so in words, not by colour alone.
    if (error) text.prepend(el(doc, 'span', { className: 'toast-icon', 'aria-hidden': 'true', text: '⚠' }), el(doc, 'span', { className: 'visually-hidden', text: 'Error: ' }));
    const item = el(doc, 'div', { className: `toast${error ? ' toast-error' : ''}` }, [text]);
    let timer = null;
    const dismiss = () => {
      clearTimeout(timer);
      item.remove();
    };
    if (action) {
      const button = el(doc, 'button', { type: 'button', className: 'toast-action', text: action.label });
      button.addEventListener('click', () => {
        dismiss();
        action.run();
      });
      item.append(button);
    }
    const close = el(doc, 'button', { type: 'button', className: 'toast-close', 'aria-label': 'Dismiss this message', text: '×' });
    close.addEventListener('click', dismiss);
    item.append(close);

    const wait = error ? SHOW_ERROR_MS : action ? SHOW_WITH_ACTION_MS : SHOW_MS;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(dismiss, wait);
    };
    const hold = () => clearTimeout(timer);
    item.addEventListener('pointerenter', hold);
    item.addEventListener('pointerleave', () => { if (!item.contains(doc.activeElement)) start(); });
    item.addEventListener('focusin', hold);
    item.addEventListener('focusout', (event) => { if (!item.contains(event.relatedTarget)) start(); });

    region.append(item);
    while (region.children.length > MAX_SHOWN) region.firstElementChild.remove();
    start();
    return { dismiss, element: item };
  }

  /** A command's error in plain sentences (its problems listed with their paths). */
  toast.error = (commandError) => toast(errorLines(commandError), { error: true });
  return toast;
}
