// The character sheet editor: header, the system's form, validation, autosave, undo/redo.
// Grown step by step; the shell imports openSheet by this name.

import { el } from '../dom.js';

/** Renders `character`'s sheet inside `root`. Returns `{close(), undo(), redo()}`. */
export function openSheet(root, { character }, _ctx) {
  const doc = root.ownerDocument;
  const section = el(doc, 'section', { className: 'sheet', 'aria-label': `Sheet of ${character.name}` }, [
    el(doc, 'h2', { text: character.name }),
  ]);
  root.replaceChildren(section);
  return {
    close() { section.remove(); },
    undo() {},
    redo() {},
  };
}
