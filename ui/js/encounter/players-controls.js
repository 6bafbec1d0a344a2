// What the players see of the open encounter (issue 14, docs/players-view.md): the Players'
// view button (the second window for a TV), Share… (the link and QR code for the players'
// phones), and the dialog "What the players see" for one participant (hidden, an alias, health
// as numbers, words or not at all). Each visibility change is one `set_visibility` table
// action, logged and undone like any other; what is public is decided in Rust, never here.

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { visibilityOf, visibilityNote } from './encounter-model.js';
import { maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

/**
 * `getOpen()` answers the open encounter; `play(action)` plays a table action (resolves once
 * drawn, rejects after its toast); `report(error)` shows a refusal; `characters` is the
 * roster's characters by id (whether a participant is a PC); `catalog` the rules catalog
 * (the alias's length limit). Returns `{controls, update,
 * editVisibility(id), toggleHidden(id), openPlayersWindow(), share()}`.
 */
export function mountPlayersControls(doc, { api, toast, report, getOpen, play, characters, catalog }) {
  let sharing = null;

  const playersButton = el(doc, 'button', { type: 'button', className: 'button', id: 'encounter-players-view', title: 'Open the players\' view in a window of its own, for a TV or a second screen (P)', 'aria-keyshortcuts': 'P' }, [
    doc.createTextNode('Players\' view'), el(doc, 'kbd', { 'aria-hidden': 'true', text: 'P' }),
  ]);
  playersButton.addEventListener('click', () => openPlayersWindow());
  const shareButton = el(doc, 'button', { type: 'button', className: 'button', id: 'encounter-share', title: 'Show the players\' view on the players\' phones and laptops on this network' });
  shareButton.addEventListener('click', () => share());

  function drawShareButton() {
    const open = getOpen();
    const on = Boolean(sharing && open && sharing.encounter_id === open.id);
    shareButton.textContent = on ? 'Sharing…' : 'Share…';
    shareButton.classList.toggle('sharing', on);
    shareButton.setAttribute('aria-pressed', on ? 'true' : 'false');
  }

  async function openPlayersWindow() {
    const open = getOpen();
    if (!open) return;
    try {
      await api.openPlayersWindow(open.id);
    } catch (error) {
      report(error);
    }
  }

  /** Starts sharing (or shows what is shared) and shows the link, its QR code and Stop. */
  async function share() {
    const open = getOpen();
    if (!open) return;
    try {
      sharing = await api.startSharing(open.id);
    } catch (error) {
      report(error);
      return;
    }
    drawShareButton();
    const { dialog, body, actions } = buildDialog(doc, {
      title: 'Share with the table',
      description: `Players open this link on a phone or laptop on the same network to follow ${isolated(open.state.name)}. They see only what the players' view shows, and cannot change anything. A new link is made each time sharing starts.`,
      className: 'share-dialog',
      closeButton: true,
    });
    const link = el(doc, 'input', { type: 'text', id: 'share-link', className: 'share-link', readonly: true, value: sharing.link, 'aria-label': 'The link for the players', spellcheck: 'false' });
    const qr = el(doc, 'img', { className: 'share-qr', id: 'share-qr', alt: `QR code of ${sharing.link}`, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sharing.qr_svg)}` });
    const copy = dialogButton(doc, 'Copy link', {
      onClick: async () => {
        link.select();
        try {
          await navigator.clipboard.writeText(sharing?.link ?? link.value);
          toast('Link copied.');
        } catch {
          toast('Press Ctrl+C to copy the selected link.');
        }
      },
    });
    copy.id = 'share-copy';
    body.append(el(doc, 'div', { className: 'share-body' }, [qr, el(doc, 'div', { className: 'share-link-row' }, [link, copy])]));
    const stop = dialogButton(doc, 'Stop sharing', {
      kind: 'danger',
      onClick: async () => {
        try {
          await api.stopSharing();
          sharing = null;
          drawShareButton();
          toast('Sharing stopped; the players\' pages say so.');
          dialog.close('stopped');
        } catch (error) {
          report(error);
        }
      },
    });
    stop.id = 'share-stop';
    const close = dialogButton(doc, 'Close', { kind: 'primary', onClick: () => dialog.close('close') });
    close.id = 'share-close';
    actions.append(stop, close);
    await openModal(dialog, { initial: copy });
  }

  /** The dialog "What the players see" for one participant; plays `set_visibility` on Save. */
  async function editVisibility(participantId) {
    const open = getOpen();
    const participant = open?.state.order.find((p) => p.id === participantId);
    if (!open || !participant) return;
    const current = visibilityOf(open, participantId);
    const isPc = characters.get(participant.character_id)?.kind === 'pc';
    const { dialog, form, body, actions } = buildDialog(doc, {
      title: `What the players see of ${isolated(participant.name)}`,
      description: 'Notes, sheets and players\' names never reach the players\' view; only what is chosen here.',
      className: 'visibility-dialog',
    });
    const hidden = el(doc, 'input', { type: 'checkbox', id: 'visibility-hidden', checked: current.hidden });
    const alias = el(doc, 'input', { type: 'text', id: 'visibility-alias', value: current.alias ?? '', placeholder: participant.name, ...maxLength({ catalog }, 'name'), spellcheck: 'false' });
    const health = el(doc, 'select', { id: 'visibility-health' }, [
      el(doc, 'option', { value: '', text: `The default (${isPc ? 'numbers, for a PC' : 'in words, for an NPC'})` }),
      el(doc, 'option', { value: 'numbers', text: 'As numbers' }),
      el(doc, 'option', { value: 'words', text: 'In words (unhurt, hurt, bloodied, down)' }),
      el(doc, 'option', { value: 'hidden', text: 'Not shown' }),
    ]);
    health.value = current.health ?? '';
    body.append(
      el(doc, 'label', { className: 'visibility-switch', for: 'visibility-hidden' }, [hidden, doc.createTextNode(' Hidden from the players (not in their view until shown again)')]),
      el(doc, 'div', { className: 'dialog-field' }, [el(doc, 'label', { className: 'label', for: 'visibility-alias', text: 'Shown as' }), alias, el(doc, 'span', { className: 'field-help', text: 'Leave empty for their own name.' })]),
      el(doc, 'div', { className: 'dialog-field' }, [el(doc, 'label', { className: 'label', for: 'visibility-health', text: 'Health' }), health]),
    );
    const sync = () => {
      alias.disabled = hidden.checked;
      health.disabled = hidden.checked;
    };
    hidden.addEventListener('change', sync);
    sync();
    const save = dialogButton(doc, 'Save', { kind: 'primary', type: 'submit' });
    save.id = 'visibility-save';
    actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') }), save);
    form.addEventListener('submit', async () => {
      const visibility = { hidden: hidden.checked, alias: alias.value.trim() || null, health: health.value || null };
      try {
        await play({ action: 'set_visibility', participant_id: participantId, visibility });
        dialog.close('saved');
      } catch {
        // Refused: the toast said why; the dialog stays open to mend it.
      }
    });
    await openModal(dialog, { initial: hidden });
  }

  /** Hides a shown participant, or shows a hidden one (keeping the alias and health). */
  function toggleHidden(participantId) {
    const open = getOpen();
    if (!open) return Promise.resolve();
    const current = visibilityOf(open, participantId);
    return play({ action: 'set_visibility', participant_id: participantId, visibility: { ...current, hidden: !current.hidden } }).catch(() => {});
  }

  api.shareStatus().then((status) => {
    sharing = status;
    drawShareButton();
  }).catch(() => {});
  drawShareButton();

  return {
    controls: [playersButton, shareButton],
    update: drawShareButton,
    editVisibility,
    toggleHidden,
    openPlayersWindow,
    share,
    note: visibilityNote,
  };
}
