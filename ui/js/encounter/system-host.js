// The system's panel beside the turn order: `./systems/<system>.js` exports
// `mountSystemPanel(host, ctx)` → `{update(encounter)}` (docs/ui.md, "Encounters"). The shell
// loads it on demand and tells it of every change; a system without a panel gets a plain note.
// Every system from a file (one of the catalog's `files`) has the one generic panel, `file.js`.

import { el } from '../dom.js';
import { isFileSystem } from './systems/file-model.js';

/**
 * Mounts the panel of `roster.system` in `host` for `encounter`. Resolves to `{update}`; a panel
 * that fails to load or throws leaves a note in its place and an `update` that does nothing.
 * `panelCtx` is what the panel gets besides the roster and encounter (play, preview, …).
 */
export async function mountSystemPanel(host, { roster, encounter, ...panelCtx }) {
  const doc = host.ownerDocument;
  host.replaceChildren();
  host.dataset.system = roster.system;
  let module;
  try {
    // A file system's id is the file's own (`d20-heroes`): never the name of a module here.
    const name = isFileSystem(panelCtx.catalog, roster.system) ? 'file' : roster.system;
    module = await import(`./systems/${name}.js`);
  } catch {
    module = null;
  }
  if (!module || typeof module.mountSystemPanel !== 'function') {
    host.replaceChildren(el(doc, 'p', {
      className: 'empty encounter-system-note',
      text: `The ${roster.system} table has no panel of its own yet: the turn order, rounds and undo work as for every system.`,
    }));
    return { update() {} };
  }
  try {
    const panel = module.mountSystemPanel(host, { roster, encounter, ...panelCtx });
    return {
      update(next) {
        try {
          panel?.update?.(next);
        } catch (error) {
          console.error(`the ${roster.system} panel failed to update:`, error);
        }
      },
    };
  } catch (error) {
    console.error(`the ${roster.system} panel failed to open:`, error);
    host.replaceChildren(el(doc, 'p', { className: 'empty encounter-system-note', text: `The ${roster.system} panel could not open (${error.message}).` }));
    return { update() {} };
  }
}
