// The notice of stored records that do not read (a roster whose rules system this build does
// not know, a character whose sheet is broken): the lists show what reads, and this names each
// one left out in Rust's own words (which name the newest snapshot holding it sound), with the
// way to Backups. Words of the heading from damaged-model.js.

import { el } from '../dom.js';
import { damagedHeading } from './damaged-model.js';

/**
 * `createDamagedNotice(doc, {openBackups}, {id})` -> `{element, show(notices)}`; `show([])` hides
 * it. `id` (the Rosters view's `damaged-notice` by default) tells apart the notices of views
 * mounted side by side; its heading is `ID-heading`.
 * @param {Document} doc
 * @param {{openBackups: () => void}} handlers
 * @param {{id?: string}} [options]
 */
export function createDamagedNotice(doc, handlers, { id = 'damaged-notice' } = {}) {
  const headingId = id === 'damaged-notice' ? 'damaged-heading' : `${id}-heading`;
  const heading = el(doc, 'h3', { className: 'damaged-heading', id: headingId });
  // Scrolls past a few lines (rosters.css), so it takes the focus for the keyboard to scroll it.
  const items = el(doc, 'ul', { className: 'damaged-items', tabindex: '0', 'aria-label': 'Records that cannot be read' });
  const backups = el(doc, 'button', { type: 'button', className: 'button damaged-backups', text: 'Backups…' });
  backups.addEventListener('click', () => handlers.openBackups());
  const element = el(doc, 'section', { className: 'damaged-notice', id, 'aria-labelledby': headingId, hidden: true }, [
    el(doc, 'div', { className: 'damaged-head' }, [
      heading,
      el(doc, 'span', { className: 'damaged-hint', text: 'A snapshot that holds them sound can be restored:' }),
      backups,
    ]),
    items,
  ]);

  /** @param {import('../../types/bindings').DamagedNotice[]} notices */
  function show(notices) {
    const text = damagedHeading(notices);
    element.hidden = text === null;
    heading.textContent = text ?? '';
    items.replaceChildren(...notices.map((notice) => el(doc, 'li', {
      className: 'damaged-item',
      'data-code': notice.code,
      'data-roster-id': notice.roster_id ?? '',
      'data-character-id': notice.character_id ?? '',
      text: notice.message,
    })));
  }

  return { element, show };
}
