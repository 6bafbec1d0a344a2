// A tracked number the GM changes in place during a fight (issue 17): hp, health, HTK or
// Sanity shows as a button; click it, type -7, +3 or 12, Enter. The change is the system's
// `adjust` move (logged and undone like every table action); Esc or leaving the box changes
// nothing. A typing slip is said beside the box before anything is sent, a refusal after.

import { el } from '../../dom.js';
import { parseChange } from '../turn-focus.js';
import { isolated } from '../../format.js';

let editors = 0;

/**
 * @param {Document} doc
 * @param {{who: string, track: string, label: string, value: number, text: string, role: string,
 *   key: string, change: (change: {by: number} | {to: number}) => Promise<string | null>}} options
 *   `change` plays the move and answers null when done, else the refusal's message; `key`
 *   names this number across redraws (the focus goes back to it after a change).
 */
export function trackEditor(doc, { who, track, label, value, text, role, key, change }) {
  const errorId = `track-error-${++editors}`;
  const button = el(doc, 'button', {
    type: 'button',
    className: 'tp-track',
    'data-role': role,
    'data-track': track,
    'data-track-key': key,
    title: `Change ${isolated(who)}'s ${label}: type -7, +3 or 12, then Enter`,
    // The name holds the visible text, so a voice user can say what they see.
    'aria-label': `${isolated(who)}: ${text} (change)`,
    text,
  });
  const input = el(doc, 'input', {
    type: 'text',
    className: 'text-input tp-track-input',
    'data-role': `${role}-input`,
    'aria-label': `Change ${isolated(who)}'s ${label} (now ${value}): -7 takes away, +3 adds, 12 sets`,
    'aria-describedby': errorId,
    placeholder: '-7, +3, 12',
    autocomplete: 'off',
    spellcheck: 'false',
    size: 7,
    hidden: true,
  });
  const error = el(doc, 'span', { className: 'form-error tp-track-error', id: errorId, role: 'alert', hidden: true });
  const wrap = el(doc, 'span', { className: 'tp-track-wrap' }, [button, input, error]);
  let busy = false;

  const close = () => {
    input.hidden = true;
    error.hidden = true;
    button.hidden = false;
  };
  const say = (message) => {
    error.textContent = message;
    error.hidden = false;
  };

  button.addEventListener('click', () => {
    button.hidden = true;
    input.hidden = false;
    input.value = '';
    input.focus();
  });
  input.addEventListener('keydown', async (event) => {
    if (event.key === 'Escape') {
      // The box uses Esc itself: nothing else (a dialog, the shell) should act on it.
      event.preventDefault();
      event.stopPropagation();
      close();
      button.focus();
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const parsed = parseChange(input.value);
    if (parsed === null) {
      close();
      button.focus();
      return;
    }
    if ('error' in parsed) {
      say(parsed.error);
      return;
    }
    busy = true;
    input.disabled = true;
    const refused = await change(parsed);
    busy = false;
    input.disabled = false;
    // Played: the panel draws itself again with the new number. Refused: the box stays.
    if (refused) {
      say(refused);
      input.focus();
    } else {
      close();
      // The panel drew a new button for the new number: the keyboard stays on it.
      const again = [...doc.querySelectorAll('button[data-track-key]')].find((b) => b.getAttribute('data-track-key') === key);
      (again ?? button).focus();
    }
  });
  input.addEventListener('blur', () => {
    if (!busy && error.hidden) close();
  });
  return wrap;
}
