// Modal dialogs: built from parts, opened with focus kept inside, closed by Esc or a click
// outside (both count as Cancel), and focus handed back to whatever had it before. Every dialog
// of the window uses this.

import { el } from '../dom.js';

const FOCUSABLE = 'button, [href], input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** The controls Tab can reach inside `root`, in order. */
export function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((node) => !node.disabled && !node.closest('[hidden]') && node.getClientRects().length > 0);
}

/**
 * A `<dialog>` with a heading (its accessible name), an optional description, a form body and
 * a row of actions: `{dialog, form, body, actions, title, close}`. The form never navigates;
 * listen to its `submit` (already prevented) to act. `closeButton` puts a × beside the title
 * (`close`) for a dialog with no Cancel or Close of its own.
 */
export function buildDialog(doc, { title, description = null, className = '', closeButton = false }) {
  const id = `dialog-${Math.random().toString(36).slice(2, 10)}`;
  const heading = el(doc, 'h2', { className: 'dialog-title', id: `${id}-title`, text: title });
  const body = el(doc, 'div', { className: 'dialog-body' });
  const actions = el(doc, 'div', { className: 'dialog-actions' });
  const close = closeButton
    ? el(doc, 'button', { type: 'button', className: 'dialog-close', 'aria-label': 'Close', title: 'Close (Esc)', text: '×' })
    : null;
  const form = el(doc, 'form', { className: 'dialog-form', novalidate: true, autocomplete: 'off' }, [
    close ? el(doc, 'div', { className: 'dialog-head' }, [heading, close]) : heading,
  ]);
  if (description) form.append(el(doc, 'p', { className: 'dialog-description', id: `${id}-desc`, text: description }));
  form.append(body, actions);
  form.addEventListener('submit', (event) => event.preventDefault());
  const dialog = el(doc, 'dialog', {
    className: `dialog ${className}`.trim(),
    'aria-labelledby': heading.id,
    'aria-describedby': description ? `${id}-desc` : null,
  }, [form]);
  close?.addEventListener('click', () => dismiss(dialog));
  return { dialog, form, body, actions, title: heading, close };
}

/** A button for a dialog's action row; `kind` is 'primary', 'danger' or '' (a plain one). */
export function dialogButton(doc, text, { kind = '', type = 'button', onClick = null } = {}) {
  const button = el(doc, 'button', { type, className: `button ${kind}`.trim(), text });
  if (onClick) button.addEventListener('click', onClick);
  return button;
}

/**
 * Closes `dialog` the way Cancel would, as Esc and a click outside do: a cancelable `cancel`
 * event first (a flow may refuse, e.g. while an import is being written), then `close('')`.
 * Returns whether it closed.
 */
export function dismiss(dialog) {
  if (!dialog.open) return false;
  if (!dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) return false;
  dialog.close('');
  return true;
}

/** Is the point of a mouse event outside the dialog's box (on its backdrop)? */
function outside(dialog, event) {
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

/**
 * Shows `dialog` as a modal. Tab and Shift+Tab cycle inside it (WebKit would otherwise let
 * focus fall back to the page); Esc and a click outside it dismiss it (`dismiss`); when it
 * closes it is removed (unless `keep`) and focus returns to where it was. `initial` gets focus
 * first. Resolves with the dialog's `returnValue` once closed.
 */
export function openModal(dialog, { initial = null, keep = false } = {}) {
  const doc = dialog.ownerDocument;
  const before = doc.activeElement;
  if (!dialog.isConnected) doc.body.append(dialog);
  const onKey = (event) => {
    if (event.key === 'Escape') {
      // Handled here rather than left to the engine: WebKit's search fields swallow Esc, so a
      // dialog holding one never heard it. A control that uses Esc itself prevents the default.
      if (event.defaultPrevented || event.isComposing) return;
      event.preventDefault();
      dismiss(dialog);
      return;
    }
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
  // A click on the backdrop lands on the dialog itself, outside its box. Only a press that
  // also began there counts, so a text selection dragged out of a field closes nothing.
  let pressedOutside = false;
  const onPress = (event) => {
    pressedOutside = event.target === dialog && outside(dialog, event);
  };
  const onClick = (event) => {
    const light = pressedOutside && event.target === dialog && outside(dialog, event);
    pressedOutside = false;
    if (light) dismiss(dialog);
  };
  dialog.addEventListener('keydown', onKey);
  dialog.addEventListener('mousedown', onPress);
  dialog.addEventListener('click', onClick);
  dialog.returnValue = '';
  dialog.showModal();
  (initial ?? focusables(dialog)[0] ?? dialog).focus();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => {
      dialog.removeEventListener('keydown', onKey);
      dialog.removeEventListener('mousedown', onPress);
      dialog.removeEventListener('click', onClick);
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
