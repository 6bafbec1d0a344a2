// The Systems dialog (app bar "Systems…"): the game systems the GM added from files, each with
// its id, name, versions, rolls, the rosters using it and when it was added; "Add from file…"
// (the file picker, then a preview: what the file declares, or every problem at its line);
// Show… (what it declares and its text); Remove… (confirmed; off, with the reason, while a
// roster uses it); Upgrade… beside each roster at an older version than the newest (a preview
// of what changes for each character, then the upgrade: upgrade-view.js). After an add or a
// removal the bus hears `systems-changed`, and Quick roll reads the catalog again; after an
// upgrade, `rosters-changed`. Words come from systems-model.js and upgrade-model.js.

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { previewAndAdd, showSystem } from './system-views.js';
import { upgradable, upgradableText } from './upgrade-model.js';
import { previewAndUpgrade } from './upgrade-view.js';
import { groupSystems, removeBlocked, removedText, rostersText, SYSTEM_FILTERS, versionsText } from './systems-model.js';
import { plural } from '../transfer/import-plan.js';

/** Opens the dialog; resolves when it closes. One at a time. */
export function systemsFlow(ctx) {
  open ??= runSystems(ctx).finally(() => {
    open = null;
  });
  return open;
}
let open = null;

async function runSystems(ctx) {
  const doc = document;
  const { dialog, body, actions } = buildDialog(doc, {
    title: 'Systems',
    description: 'Games described in a file of your own (see docs/system-files.md). Quick roll lists them after dice notation.',
    className: 'systems-dialog',
    closeButton: true,
  });
  dialog.id = 'systems-dialog';
  const status = el(doc, 'p', { className: 'systems-status', id: 'systems-status', role: 'status', text: 'Reading the systems…' });
  const list = el(doc, 'div', { className: 'systems-list scroll-shadows', id: 'systems-list' });
  body.append(status, list);
  const add = dialogButton(doc, 'Add from file…', { kind: 'primary' });
  add.id = 'systems-add';
  const close = dialogButton(doc, 'Close', { onClick: () => dialog.close('') });
  actions.append(close, add);

  /** The rosters not in the trash, to offer each at an older version an upgrade. */
  let rosters = [];

  async function refresh() {
    let stored;
    try {
      [stored, rosters] = await Promise.all([ctx.api.systems(), ctx.api.rosters().then((list) => list.rosters)]);
    } catch (error) {
      status.textContent = 'The systems could not be read.';
      ctx.toast.error(error);
      return;
    }
    draw(groupSystems(stored));
  }

  function draw(groups) {
    list.replaceChildren();
    if (!groups.length) {
      status.textContent = 'No system added yet. Add one from a file: Rollbook checks it and shows what it declares first.';
      return;
    }
    status.textContent = `${plural(groups.length, 'system')} added.`;
    list.append(el(doc, 'ul', { className: 'systems-rows', 'aria-label': 'Systems added, by id' }, groups.map(row)));
  }

  function row(group) {
    const added = new Date(group.addedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const show = el(doc, 'button', { type: 'button', className: 'button system-show', text: 'Show…', 'aria-label': `Show ${isolated(group.name)}` });
    const remove = el(doc, 'button', { type: 'button', className: 'button system-remove', text: 'Remove…', 'aria-label': `Remove ${isolated(group.name)}` });
    const blocked = removeBlocked(group);
    const reasonId = `system-blocked-${group.id}`;
    if (blocked) {
      remove.disabled = true;
      remove.title = blocked;
      remove.setAttribute('aria-describedby', reasonId);
    }
    show.addEventListener('click', () => showSystem(ctx, group.id).catch((error) => ctx.toast.error(error)));
    remove.addEventListener('click', () => removeSystem(group));
    return el(doc, 'li', { className: 'system-row', 'data-id': group.id }, [
      el(doc, 'div', { className: 'system-head' }, [
        el(doc, 'span', { className: 'system-row-name', text: group.name }),
        el(doc, 'span', { className: 'system-row-id', text: group.id }),
        el(doc, 'span', { className: 'system-row-versions', text: versionsText(group.versions) }),
      ]),
      el(doc, 'div', { className: 'system-details' }, [
        el(doc, 'span', { className: 'system-row-rolls', text: `Rolls: ${group.rolls.join(', ') || 'none'}` }),
        el(doc, 'span', { className: 'system-row-rosters', text: rostersText(group.rosters) }),
        el(doc, 'span', { className: 'system-row-added', text: `Added ${added}` }),
      ]),
      el(doc, 'div', { className: 'system-buttons' }, [show, remove]),
      blocked ? el(doc, 'p', { className: 'system-blocked', id: reasonId, text: blocked }) : el(doc, 'span', { hidden: true }),
      ...upgradeRows(group),
    ]);
  }

  /** One line per roster at an older version: where it is, and Upgrade…. */
  function upgradeRows(group) {
    const rows = upgradable(group.id, group.versions[0], rosters).map((u) => {
      const button = el(doc, 'button', { type: 'button', className: 'button system-upgrade', text: 'Upgrade…', 'aria-label': `Upgrade ${isolated(u.roster.name)} to version ${u.to}` });
      button.addEventListener('click', async () => {
        const done = await previewAndUpgrade(ctx, u.roster);
        if (!done) return;
        ctx.emit('rosters-changed', { roster: done.roster });
        await refresh();
      });
      return el(doc, 'li', { className: 'system-upgradable', 'data-roster-id': u.roster.id }, [
        el(doc, 'span', { className: 'system-upgradable-text', text: upgradableText(u) }),
        button,
      ]);
    });
    return rows.length ? [el(doc, 'ul', { className: 'system-upgradables', 'aria-label': `Rosters of ${isolated(group.name)} at an older version` }, rows)] : [];
  }

  async function removeSystem(group) {
    const sure = await ctx.confirm({
      title: `Remove ${isolated(group.name)}?`,
      message: `Every version of ${group.id} (${versionsText(group.versions)}) leaves Rollbook, and Quick roll no longer offers it. A snapshot is taken first: Backups can bring it back.`,
      confirm: 'Remove',
      danger: true,
    });
    if (!sure) return;
    let refused = null;
    try {
      const gone = await ctx.api.removeSystem(group.id);
      ctx.toast(removedText(group.id, gone));
      ctx.emit('systems-changed');
    } catch (error) {
      // A roster made with it since the list was read: the store names the rosters.
      refused = ctx.api.toCommandError(error);
      ctx.toast.error(error);
    }
    await refresh();
    // Said in the dialog too: the toast sits behind its backdrop.
    if (refused) status.textContent = `${isolated(group.name)} was not removed: ${refused.message}`;
  }

  add.addEventListener('click', async () => {
    let path;
    try {
      path = await ctx.api.pickFile({ title: 'Add a system file', filters: SYSTEM_FILTERS });
    } catch (error) {
      ctx.toast.error(error);
      return;
    }
    if (!path) return;
    const added = await previewAndAdd(ctx, path);
    if (!added) return;
    if (added.added) ctx.emit('systems-changed');
    await refresh();
  });

  const shown = openModal(dialog, { initial: add });
  await refresh();
  await shown;
}
