// The frame of a character's sheet: its titles, the save status, Undo and Redo, the boxes of the
// header fields, of problems no field shows, of values an upgrade kept, of rolls no rating
// holds, and the form (sheet-editor.js fills them).

import { el } from '../dom.js';
import { isolated } from '../format.js';

function toolbar(doc, prefix) {
  const button = (action, text, label, keys) => el(doc, 'button', { type: 'button', className: `sheet-tool ${action}`, 'data-action': action, 'aria-label': label, 'aria-keyshortcuts': keys, title: `${label} (${keys.replace('Control', 'Ctrl')})`, disabled: true, text });
  return {
    undo: button('undo', '↶ Undo', 'Undo the last edit', 'Control+Z'),
    redo: button('redo', '↷ Redo', 'Redo', 'Control+Shift+Z'),
    status: el(doc, 'p', { className: 'save-status', id: `${prefix}-status`, role: 'status', 'data-state': 'saved', text: 'Saved' }),
  };
}

/**
 * The sheet of `character` (of `roster`'s system) as empty parts in place; `prefix` keeps ids
 * unique in the document.
 */
export function sheetFrame(doc, { character, roster, prefix }) {
  const title = el(doc, 'h2', { className: 'sheet-name', text: character.name });
  const subtitle = el(doc, 'p', { className: 'sheet-sub', text: `${isolated(roster.name)} · ${roster.system}` });
  const tools = toolbar(doc, prefix);
  const head = el(doc, 'div', { className: 'sheet-head-fields' });
  const unplaced = el(doc, 'div', { className: 'sheet-unplaced field-error', role: 'alert', hidden: true });
  // Values an upgrade to this version kept aside (`kept-by-upgrade`): shown until the GM removes them.
  const kept = el(doc, 'div', { className: 'sheet-kept', role: 'note', hidden: true });
  const otherRolls = el(doc, 'div', { className: 'sheet-other-rolls', hidden: true }, [el(doc, 'span', { className: 'label', text: 'Other rolls' })]);
  const form = el(doc, 'form', { className: 'sheet-form', novalidate: true, autocomplete: 'off', 'aria-label': `${roster.system} sheet` });
  const section = el(doc, 'section', { className: `sheet system-${roster.system}`, 'aria-label': `Sheet of ${isolated(character.name)}` }, [
    el(doc, 'header', { className: 'sheet-head' }, [
      el(doc, 'div', { className: 'sheet-title-row' }, [
        // The status lives under the titles, not beside Undo/Redo: its text changes while the
        // GM types ("Not saved: 1 problem"), and beside them it pushed them to a new line.
        el(doc, 'div', { className: 'sheet-titles' }, [title, subtitle, tools.status]),
        el(doc, 'div', { className: 'sheet-tools' }, [tools.undo, tools.redo]),
      ]),
      head,
    ]),
    unplaced,
    kept,
    otherRolls,
    form,
  ]);
  return { section, title, subtitle, tools, head, unplaced, kept, otherRolls, form };
}

/** Shows `lines`, the values an upgrade kept aside, in the sheet's `kept` box, each with its
 *  Remove button (`data-kept-index`, which the editor handles); hides the box when none. */
export function fillKept(kept, lines) {
  const doc = kept.ownerDocument;
  kept.hidden = lines.length === 0;
  if (kept.hidden) return kept.replaceChildren();
  kept.replaceChildren(
    el(doc, 'p', { className: 'sheet-kept-title', text: 'Kept by an upgrade: values this version refuses or no longer declares. Settle each on the sheet, then remove it here.' }),
    el(doc, 'ul', { className: 'sheet-kept-list' }, lines.map((text, i) => el(doc, 'li', { className: 'sheet-kept-item' }, [
      el(doc, 'span', { className: 'sheet-kept-text', text }),
      el(doc, 'button', { type: 'button', className: 'button sheet-kept-remove', 'data-kept-index': String(i), text: 'Remove', 'aria-label': `Remove the kept value ${text}` }),
    ]))),
  );
}
