// The turn order: one row per participant (`data-participant-id`), the current turn marked,
// absent characters greyed with a note. Reordered by dragging a row or with Alt+↑/↓ on the
// focused row; ↑/↓ move the focus; each row can take the turn or leave the encounter.

import { el } from '../dom.js';
import { movedTo, visibilityNote, visibilityOf } from './encounter-model.js';
import { isolated } from '../format.js';

/**
 * Builds the list in `list` (an `<ol>`). `play(action)` sends a table action and resolves once
 * the view re-rendered (or rejected, already shown as a toast); `onVisibility(id)` opens "What
 * the players see" and `onToggleHidden(id)` hides or shows a participant in the players' view
 * (V and H on a row); `onKeep(id)` keeps a quick NPC or copy as a roster character. Returns
 * `{render(encounter)}`.
 */
export function mountTurnOrder(list, { play, onVisibility, onToggleHidden, onKeep }) {
  const doc = list.ownerDocument;
  let encounter = null;
  let dragged = null;

  const rowOf = (node) => node?.closest?.('.turn-row') ?? null;
  const rows = () => [...list.querySelectorAll('.turn-row')];
  const focusRow = (id) => list.querySelector(`.turn-row[data-participant-id="${id}"]`)?.focus();

  /** Plays `action` and puts the focus back on the row it was on (the list is rebuilt). */
  async function playKeepingFocus(action, id) {
    try {
      await play(action);
    } finally {
      focusRow(id);
    }
  }

  function row(participant, index, current, absent) {
    const { id, name, character_id: characterId } = participant;
    const isCurrent = id === current;
    const badges = [];
    if (participant.copy_of) badges.push(el(doc, 'span', { className: 'turn-badge turn-copy', text: 'Copy', title: 'A numbered copy of a roster character: its own health and state, nothing written back' }));
    else if (!characterId) badges.push(el(doc, 'span', { className: 'turn-badge', text: 'NPC', title: participant.sheet ? 'A quick NPC of this encounter only, with numbers of its own' : 'A quick NPC of this encounter only' }));
    const nameLine = el(doc, 'span', { className: 'turn-name-line' }, [el(doc, 'span', { className: 'turn-name', text: name }), ...badges]);
    const text = el(doc, 'span', { className: 'turn-text' }, [nameLine]);
    if (absent) text.append(el(doc, 'span', { className: 'turn-note', text: 'In the trash: remove, or restore the character', title: 'This character was deleted from the roster. Remove them here, or restore the character with Undo on the Rosters tab.' }));
    if (isCurrent) text.append(el(doc, 'span', { className: 'turn-now', text: 'Their turn' }));
    const seen = visibilityNote(encounter, id);
    const hiddenFromPlayers = visibilityOf(encounter, id).hidden;
    if (seen) text.append(el(doc, 'span', { className: `turn-seen${hiddenFromPlayers ? ' hidden-from-players' : ''}`, text: seen }));

    const button = (label, className, title, action, disabled = false) => {
      const b = el(doc, 'button', { type: 'button', className: `button quiet turn-action ${className}`, title, 'aria-label': `${title}: ${isolated(name)}`, text: label, disabled, tabindex: '-1' });
      b.addEventListener('click', (event) => {
        event.stopPropagation();
        playKeepingFocus(action, id);
      });
      return b;
    };
    const eye = el(doc, 'button', { type: 'button', className: `button quiet turn-action turn-visibility${hiddenFromPlayers ? ' hidden-from-players' : ''}`, title: 'What the players see (V)', 'aria-label': `What the players see of ${isolated(name)}`, text: hiddenFromPlayers ? '◌' : '◉', tabindex: '-1' });
    eye.addEventListener('click', (event) => {
      event.stopPropagation();
      onVisibility(id);
    });
    const keep = characterId ? null : el(doc, 'button', { type: 'button', className: 'button quiet turn-action turn-keep', title: 'Keep as a roster character (with these numbers)', 'aria-label': `Keep ${isolated(name)} as a roster character`, text: '★', tabindex: '-1' });
    keep?.addEventListener('click', (event) => {
      event.stopPropagation();
      onKeep?.(id);
    });
    const actions = el(doc, 'span', { className: 'turn-actions' }, [
      keep,
      eye,
      // Up and down are the drag and Alt+↑/↓ (the list's help says so): the name keeps the room.
      button('▶', 'turn-set', 'Give the turn to', { action: 'set_turn', participant_id: id }, isCurrent),
      button('×', 'turn-remove danger', 'Remove from the encounter', { action: 'remove_participant', participant_id: id }),
    ].filter(Boolean));

    const item = el(doc, 'li', {
      className: `turn-row${isCurrent ? ' current' : ''}${absent ? ' absent' : ''}`,
      'data-participant-id': id,
      tabindex: '0',
      draggable: 'true',
      'aria-current': isCurrent ? 'true' : null,
      'aria-label': `${index + 1}. ${isolated(name)}${characterId ? '' : ', quick NPC'}${isCurrent ? ', their turn' : ''}${absent ? ', no longer in the roster' : ''}${seen ? `, ${seen.toLowerCase()}` : ''}`,
    }, [
      el(doc, 'span', { className: 'turn-grip', 'aria-hidden': 'true', text: '⠿' }),
      el(doc, 'span', { className: 'turn-place', 'aria-hidden': 'true', text: String(index + 1) }),
      text,
      actions,
    ]);
    return item;
  }

  function render(next) {
    encounter = next;
    const { order, current } = next.state;
    const absent = new Set(next.absent);
    // The list is drawn anew: the row that had the focus gets it back (a moved row keeps it).
    const focused = rowOf(doc.activeElement)?.dataset.participantId ?? null;
    list.replaceChildren(...order.map((p, i) => row(p, i, current, absent.has(p.id))));
    if (focused) focusRow(focused);
  }

  list.addEventListener('keydown', (event) => {
    const item = rowOf(event.target);
    if (!item || event.target !== item || !encounter) return;
    const id = item.dataset.participantId;
    const all = rows();
    const at = all.indexOf(item);
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const up = event.key === 'ArrowUp';
      if ((up && at === 0) || (!up && at === all.length - 1)) return;
      playKeepingFocus({ action: up ? 'move_up' : 'move_down', participant_id: id }, id);
    } else if (!event.altKey && !event.ctrlKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, at + (event.key === 'ArrowUp' ? -1 : 1)))]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      all[event.key === 'Home' ? 0 : all.length - 1]?.focus();
    } else if (event.key === 'Enter' && !event.altKey && !event.ctrlKey) {
      event.preventDefault();
      if (encounter.state.current !== id) playKeepingFocus({ action: 'set_turn', participant_id: id }, id);
    } else if ((event.key === 'v' || event.key === 'V') && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onVisibility(id);
    } else if ((event.key === 'h' || event.key === 'H') && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      Promise.resolve(onToggleHidden(id)).finally(() => focusRow(id));
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const neighbour = all[at + 1] ?? all[at - 1];
      play({ action: 'remove_participant', participant_id: id }).finally(() => {
        if (neighbour) focusRow(neighbour.dataset.participantId);
        else list.closest('.encounter-main')?.querySelector('.encounter-add-npcs input')?.focus();
      });
    }
  });

  // Drag and drop: the row lands before the row it is dropped on (after it in its lower half).
  list.addEventListener('dragstart', (event) => {
    const item = rowOf(event.target);
    if (!item) return;
    dragged = item.dataset.participantId;
    item.classList.add('dragging');
    event.dataTransfer?.setData('text/plain', dragged);
    if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
  });
  const clearMarks = () => list.querySelectorAll('.drop-before, .drop-after, .dragging').forEach((n) => n.classList.remove('drop-before', 'drop-after', 'dragging'));
  list.addEventListener('dragend', () => {
    dragged = null;
    clearMarks();
  });
  const dropPlace = (event) => {
    const item = rowOf(event.target);
    if (!item) return null;
    const box = item.getBoundingClientRect();
    return { item, after: event.clientY > box.top + box.height / 2 };
  };
  list.addEventListener('dragover', (event) => {
    if (!dragged) return;
    const place = dropPlace(event);
    if (!place) return;
    event.preventDefault();
    list.querySelectorAll('.drop-before, .drop-after').forEach((n) => n.classList.remove('drop-before', 'drop-after'));
    place.item.classList.add(place.after ? 'drop-after' : 'drop-before');
  });
  list.addEventListener('drop', (event) => {
    const place = dropPlace(event);
    const id = dragged;
    clearMarks();
    dragged = null;
    if (!place || !id || !encounter) return;
    event.preventDefault();
    const ids = encounter.state.order.map((p) => p.id);
    const others = ids.filter((x) => x !== id);
    let to = others.indexOf(place.item.dataset.participantId);
    if (to < 0) return;
    if (place.after) to += 1;
    const next = movedTo(ids, id, to);
    if (next.join() === ids.join()) return;
    playKeepingFocus({ action: 'set_order', participant_ids: next }, id);
  });

  return { render };
}
