// The Backups dialog (app bar "Backups…", Ctrl+Shift+B): when the last snapshot was taken, every
// snapshot with its time, reason, what it holds and how that differs from now, "Back up now",
// and Restore (after a confirm saying that a snapshot of now is taken first). After a restore
// the window reloads, so every view shows the restored data; the toast saying so is handed over
// the reload in sessionStorage. Words come from backups-model.js.

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { differenceText, holdsText, lastSnapshotText, policyText, reasonText, sizeText } from './backups-model.js';

const RESTORED_KEY = 'rollbook-restored';

/** A stored time in the GM's time zone, to the second (snapshots often come close together). */
function localTime(at) {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Opens the dialog; resolves when it closes. One at a time. */
export function backupsFlow(ctx) {
  open ??= runBackups(ctx).finally(() => {
    open = null;
  });
  return open;
}
let open = null;

/** After a reload that a restore asked for: the toast saying what was restored. */
export function announceRestore(ctx, storage = globalThis.sessionStorage) {
  const text = storage?.getItem(RESTORED_KEY);
  if (!text) return;
  storage.removeItem(RESTORED_KEY);
  ctx.toast(text);
}

async function runBackups(ctx) {
  const doc = document;
  const { dialog, body, actions } = buildDialog(doc, {
    title: 'Backups',
    description: 'Snapshots of every roster, character, roll and encounter, kept in the backups folder beside the database.',
    className: 'backups-dialog',
    closeButton: true,
  });
  dialog.id = 'backups-dialog';
  const status = el(doc, 'p', { className: 'backups-status', id: 'backups-status', role: 'status', text: 'Reading the snapshots…' });
  const list = el(doc, 'div', { className: 'backups-list scroll-shadows', id: 'backups-list' });
  const where = el(doc, 'p', { className: 'backups-where', id: 'backups-where' });
  const keep = policyForm();
  body.append(status, list, where, keep.form);
  const now = dialogButton(doc, 'Back up now', { kind: 'primary' });
  now.id = 'backup-now';
  const close = dialogButton(doc, 'Close', { onClick: () => dialog.close('') });
  actions.append(close, now);

  let busy = false;
  // While a snapshot or a restore is under way, Esc and the backdrop do not close the dialog.
  dialog.addEventListener('cancel', (event) => {
    if (busy) event.preventDefault();
  });
  const setBusy = (value) => {
    busy = value;
    for (const button of dialog.querySelectorAll('button')) button.disabled = value;
  };

  async function refresh() {
    let overview;
    try {
      overview = await ctx.api.backups();
    } catch (error) {
      status.textContent = 'The snapshots could not be read.';
      ctx.toast.error(error);
      return;
    }
    draw(overview);
  }

  function draw(overview) {
    const last = lastSnapshotText(overview.snapshots, Date.now());
    status.textContent = last.text;
    status.classList.toggle('stale', last.stale);
    where.textContent = `${policyText(overview.policy)} Database: ${overview.db_path} · snapshots in ${overview.folder}`;
    keep.show(overview.policy);
    list.replaceChildren();
    if (!overview.snapshots.length) {
      list.append(el(doc, 'p', { className: 'backups-empty', text: 'No snapshots yet.' }));
      return;
    }
    list.append(el(doc, 'p', { className: 'backups-now', text: `Now: ${holdsText(overview.now)}` }));
    const rows = overview.snapshots.map((snapshot) => row(snapshot, overview.now));
    list.append(el(doc, 'ul', { className: 'backups-rows', 'aria-label': 'Snapshots, newest first' }, rows));
  }

  function row(snapshot, nowHolds) {
    const when = localTime(snapshot.at);
    const restore = el(doc, 'button', {
      type: 'button',
      className: 'button backup-restore',
      text: 'Restore…',
      'aria-label': `Restore the snapshot of ${when}`,
    });
    const details = snapshot.holds
      ? [
          el(doc, 'span', { className: 'backup-holds', text: holdsText(snapshot.holds) }),
          el(doc, 'span', { className: 'backup-diff', text: differenceText(snapshot.holds, nowHolds) }),
        ]
      : [el(doc, 'span', { className: 'backup-problem', text: `Cannot be restored: ${snapshot.problem ?? 'unreadable'}` })];
    if (!snapshot.holds) restore.disabled = true;
    restore.addEventListener('click', () => restoreSnapshot(snapshot, when));
    return el(doc, 'li', { className: 'backup-row', 'data-id': snapshot.id }, [
      el(doc, 'div', { className: 'backup-head' }, [
        el(doc, 'span', { className: 'backup-when', text: when }),
        el(doc, 'span', { className: 'backup-reason', text: reasonText(snapshot.reason) }),
        el(doc, 'span', { className: 'backup-size', text: sizeText(snapshot.size) }),
      ]),
      el(doc, 'div', { className: 'backup-details' }, details),
      restore,
    ]);
  }

  async function restoreSnapshot(snapshot, when) {
    const sure = await ctx.confirm({
      title: 'Restore this snapshot?',
      message: `Every roster, character, roll and encounter goes back to how they were on ${when}. A snapshot of the database as it is now is taken first, so you can come back to it.`,
      confirm: 'Restore',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    status.textContent = 'Restoring…';
    try {
      const done = await ctx.api.restoreBackup(snapshot.id);
      globalThis.sessionStorage?.setItem(RESTORED_KEY, `Restored the snapshot of ${localTime(done.restored.at)}. What was there before is now the newest snapshot in Backups.`);
      // Every view reads the restored database afresh.
      doc.defaultView?.location.reload();
    } catch (error) {
      setBusy(false);
      ctx.toast.error(error);
      await refresh();
    }
  }

  /** "What is kept…": the rotation policy's three counts, saved through the store's check. */
  function policyForm() {
    const field = (key, label) => {
      const input = el(doc, 'input', { type: 'number', id: `backup-policy-${key}`, min: '0', max: '3650', step: '1', className: 'backup-policy-input' });
      return { key, input, label: el(doc, 'label', { for: input.id, text: label }) };
    };
    const fields = [field('keep_last', 'Newest'), field('days', 'One a day for (days)'), field('months', 'One a month for (months)')];
    const save = el(doc, 'button', { type: 'submit', className: 'button', id: 'backup-policy-save', text: 'Save' });
    const said = el(doc, 'p', { className: 'backup-policy-said', id: 'backup-policy-said', role: 'status' });
    const form = el(doc, 'form', { className: 'backup-policy', id: 'backup-policy', 'aria-label': 'What rotation keeps' }, [
      el(doc, 'details', {}, [
        el(doc, 'summary', { text: 'What is kept…' }),
        el(doc, 'div', { className: 'backup-policy-fields' }, [...fields.flatMap((f) => [f.label, f.input]), save]),
        said,
      ]),
    ]);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const policy = Object.fromEntries(fields.map((f) => [f.key, Number(f.input.value)]));
      said.textContent = '';
      try {
        const kept = await ctx.api.saveBackupPolicy(/** @type {any} */ (policy));
        said.textContent = `Saved: the newest ${kept.keep_last}, ${kept.days} days, ${kept.months} months.`;
        await refresh();
      } catch (error) {
        // The store says what is wrong (a policy keeping nothing, a count over the limit).
        said.textContent = /** @type {{message?: string}} */ (error)?.message ?? String(error);
      }
    });
    return {
      form,
      show(policy) {
        for (const f of fields) f.input.value = String(policy[f.key]);
      },
    };
  }

  now.addEventListener('click', async () => {
    setBusy(true);
    status.textContent = 'Taking a snapshot…';
    try {
      const taken = await ctx.api.backupNow();
      ctx.toast(`Snapshot taken (${sizeText(taken.size)}).`);
    } catch (error) {
      ctx.toast.error(error);
    }
    setBusy(false);
    await refresh();
  });

  const shown = openModal(dialog, { initial: now });
  await refresh();
  await shown;
}
