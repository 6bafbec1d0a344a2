// The Systems dialog's Upgrade…: what moving a roster to the newest version of its system does
// to each character (Rust's preview, worded by upgrade-model.js), and the upgrade on confirm.
// Text only.

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { kindWords, upgradedText, upgradeSections, upgradeSummary } from './upgrade-model.js';

/** The changes of one section, each tagged with its kind. */
function changeList(doc, section) {
  const items = section.changes.map((change) => el(doc, 'li', { className: `upgrade-change upgrade-${change.kind}` }, [
    el(doc, 'span', { className: 'upgrade-kind', text: kindWords(change) }),
    el(doc, 'span', { className: 'upgrade-text', text: change.text }),
  ]));
  const problems = section.problems.map((text) => el(doc, 'li', { className: 'upgrade-change upgrade-problem field-error', text }));
  return el(doc, 'section', { className: 'upgrade-section' }, [
    el(doc, 'h3', { className: 'upgrade-title', text: section.title }),
    el(doc, 'ul', { className: 'upgrade-changes' }, [...items, ...problems]),
  ]);
}

/**
 * Previews the upgrade of `roster` and makes it on "Upgrade". Resolves to what the upgrade did,
 * or null (cancelled, refused).
 */
export async function previewAndUpgrade(ctx, roster) {
  const doc = document;
  const { dialog, body, actions } = buildDialog(doc, { title: `Upgrade ${isolated(roster.name)}`, className: 'system-upgrade-dialog' });
  dialog.id = 'system-upgrade-dialog';
  dialog.setAttribute('aria-busy', 'true');
  const status = el(doc, 'p', { className: 'system-upgrade-status', id: 'system-upgrade-status', role: 'status', text: 'Working out what changes…' });
  const content = el(doc, 'div', { className: 'system-upgrade-content scroll-shadows' });
  body.append(status, content);
  const go = dialogButton(doc, 'Upgrade', { kind: 'primary', type: 'submit' });
  go.id = 'system-upgrade';
  go.disabled = true;
  const cancel = dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') });
  actions.append(cancel, go);

  let done = null;
  let busy = false;
  let to = null;
  dialog.addEventListener('cancel', (event) => {
    if (busy) event.preventDefault();
  });
  go.addEventListener('click', async () => {
    busy = true;
    go.disabled = true;
    status.textContent = 'Upgrading…';
    try {
      done = await ctx.api.upgradeRoster(roster.id, to);
      busy = false;
      dialog.close('upgraded');
      ctx.toast(upgradedText(done));
    } catch (error) {
      busy = false;
      status.textContent = `Not upgraded: ${ctx.api.toCommandError(error).message}`;
    }
  });

  const shown = openModal(dialog, { initial: cancel });
  try {
    const preview = await ctx.api.previewUpgrade(roster.id);
    to = preview.to;
    const { sections, unchanged } = upgradeSections(preview);
    status.textContent = upgradeSummary(preview);
    const rest = unchanged ? [el(doc, 'p', { className: 'upgrade-unchanged', text: `Unchanged: ${unchanged === 1 ? '1 character' : `${unchanged} characters`}.` })] : [];
    const note = el(doc, 'p', { className: 'upgrade-note', text: 'A value kept aside stays on its sheet, shown above the form, until you remove it there. A snapshot is taken first.' });
    content.replaceChildren(...sections.map((s) => changeList(doc, s)), ...rest, note);
    go.disabled = preview.characters.some((c) => c.problems.length > 0);
    if (!go.disabled) go.focus();
  } catch (error) {
    status.textContent = `The upgrade cannot be made: ${ctx.api.toCommandError(error).message}`;
  } finally {
    dialog.removeAttribute('aria-busy');
  }
  await shown;
  return done;
}
