// Modal dialogs: built from parts, opened with focus kept inside, closed by Esc, and focus handed
// back to whatever had it before. Every dialog of the shell and the rosters view uses this.

import { el } from '../dom.js';

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in order. */
export function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((node) => !node.disabled && !node.closest('[hidden]') && node.getClientRects().length > 0);
}

/**
 * A `<dialog>` with a heading (its accessible name), an optional description, a form body and
 * a row of actions: `{dialog, form, body, actions, title}`. The form never navigates; listen to
 * its `submit` (already prevented) to act.
 */
export function buildDialog(doc, { title, description = null, className = '' }) {
  const id = `dialog-${Math.random().toString(36).slice(2, 10)}`;
  const heading = el(doc, 'h2', { className: 'dialog-title', id: `${id}-title`, text: title });
  const body = el(doc, 'div', { className: 'dialog-body' });
  const actions = el(doc, 'div', { className: 'dialog-actions' });
  const form = el(doc, 'form', { className: 'dialog-form', novalidate: true, autocomplete: 'off' }, [heading]);
  if (description) form.append(el(doc, 'p', { className: 'dialog-description', id: `${id}-desc`, text: description }));
  form.append(body, actions);
  form.addEventListener('submit', (event) => event.preventDefault());
  const dialog = el(doc, 'dialog', {
    className: `dialog ${className}`.trim(),
    'aria-labelledby': heading.id,
    'aria-describedby': description ? `${id}-desc` : null,
  }, [form]);
  return { dialog, form, body, actions, title: heading };
}

/** A button for a dialog's action row; `kind` is 'primary', 'danger' or '' (a plain one). */
export function dialogButton(doc, text, { kind = '', type = 'button', onClick = null } = {}) {
  const button = el(doc, 'button', { type, className: `button ${kind}`.trim(), text });
  if (onClick) button.addEventListener('click', onClick);
  return button;
}

/**
 * Shows `dialog` as a modal. Tab and Shift+Tab cycle inside it (WebKit would otherwise let
 * focus fall back to the page), Esc closes it (the native `cancel`), and when it closes it is
 * removed (unless `keep`) and focus returns to where it was. `initial` gets focus first.
 * Resolves with the dialog's `returnValue` once closed.
 */
export function openModal(dialog, { initial = null, keep = false } = {}) {
  const doc = dialog.ownerDocument;
  const before = doc.activeElement;
  if (!dialog.isConnected) doc.body.append(dialog);
  const trap = (event) => {
    if (event.key !== 'Tab') return;
    const items = focusables(dialog);
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (doc.activeElement === first || !dialog.contains(doc.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (doc.activeElement === last || !dialog.contains(doc.activeElement))) {
      event.preventDefault();
      first.focus();
    }
  };
  dialog.addEventListener('keydown', trap);
  dialog.returnValue = '';
  dialog.showModal();
  (initial ?? focusables(dialog)[0] ?? dialog).focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.removeEventListener('keydown', trap);
      if (!keep) dialog.remove();
      if (before && before.isConnected && typeof before.focus === 'function') before.focus();
      resolve(dialog.returnValue);
    }, { once: true });
  });
}

/** Is any modal dialog open (shortcuts of the page wait while one is)? */
export function modalOpen(doc) {
  return [...doc.querySelectorAll('dialog[open]')].some((dialog) => {
    try {
      return dialog.matches(':modal');
    } catch {
      return true; // an engine without :modal; every dialog of this app is modal
    }
  });
}

/**
 * Shows a field's error under it (`message` null clears it): the input is marked invalid and
 * described by the message, so a screen reader reads the two together.
 */
export function showFieldError(input, message) {
  const id = `${input.id}-error`;
  let note = input.ownerDocument.getElementById(id);
  if (!note) {
    note = el(input.ownerDocument, 'p', { className: 'field-error', id, hidden: true });
    input.insertAdjacentElement('afterend', note);
  }
  note.textContent = message ?? '';
  note.hidden = !message;
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}
