// `ctx.confirm({title, message, confirm, danger})` -> Promise<boolean>: a modal question.

import { buildDialog, dialogButton, openModal } from './dialog.js';

export function createConfirm(doc) {
  return async function confirm({ title, message = '', confirm: confirmLabel = 'OK', cancel = 'Cancel', danger = false }) {
    const { dialog, form, actions } = buildDialog(doc, { title, description: message || null, className: 'confirm-dialog' });
    const no = dialogButton(doc, cancel, { onClick: () => dialog.close('') });
    const yes = dialogButton(doc, confirmLabel, { kind: danger ? 'danger' : 'primary', type: 'submit' });
    form.addEventListener('submit', () => dialog.close('yes'));
    actions.append(no, yes);
    // A destructive question starts on Cancel, so Enter alone never destroys anything.
    return (await openModal(dialog, { initial: danger ? no : yes })) === 'yes';
  };
}
