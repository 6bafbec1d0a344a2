// Global search (Ctrl+K or /): characters of every roster by name, player or tag, and the saved
// rolls of every roster by name, notation or notes (listed first; picking one shows it in the
// Saved rolls list beside Quick roll, where Enter rolls it). A combobox
// over a listbox of hits: arrows pick, Enter opens the character in its roster (or says there
// is nothing to open). Esc empties the box, and closes the search once it is empty; the ×
// button and a click outside close it too. The hits are a virtual list (virtual-list.js): only
// those in sight are in the page, each telling its place (aria-posinset of aria-setsize), and
// the one picked is scrolled into sight before the box points at it (aria-activedescendant).

import { buildDialog, openModal } from '../toolkit/dialog.js';
import { el } from '../dom.js';
import { debounce, latestOnly } from '../timing.js';
import { createVirtualList } from '../virtual-list.js';

const SEARCH_DELAY_MS = 120;
/** Hits asked for at first, and added by each "Show more". */
export const LIMIT = 30;
/** A hit's height (px) before it is measured: two lines. */
const HIT_ESTIMATE = 52;

/** Opens the search dialog; `open(hit)` is called with the hit the GM picks. */
export function openSearchDialog(doc, ctx, { open, systemName }) {
  const { dialog, body } = buildDialog(doc, { title: 'Search characters and saved rolls', className: 'search-dialog', closeButton: true });
  const input = el(doc, 'input', {
    type: 'search', id: 'search-input', className: 'text-input search-input', role: 'combobox',
    'aria-label': 'Search characters in every roster', 'aria-expanded': 'false', 'aria-controls': 'search-results',
    'aria-autocomplete': 'list', placeholder: 'Name, player or tag (name:, player:, tag:), or a saved roll', spellcheck: 'false',
  });
  const results = el(doc, 'ul', { className: 'search-results', id: 'search-results', role: 'listbox', 'aria-label': 'Characters found' });
  const note = el(doc, 'p', { className: 'search-note', role: 'status', text: 'Type to search every roster.' });
  const more = el(doc, 'button', { type: 'button', className: 'button quiet search-more', id: 'search-more', hidden: true, text: `Show ${LIMIT} more` });
  body.append(input, note, results, more);

  let hits = [];
  let shownQuery = '';
  let active = -1;
  let failed = false;
  // How many hits to show; one more is asked for, to know whether "Show more" has more.
  let limit = LIMIT;
  let hasMore = false;
  // A search is both lists at once; saved rolls are few (200 a roster), the first LIMIT shown.
  const searchCall = latestOnly(async (query) => {
    const [characters, saved] = await Promise.all([ctx.api.search(query, limit + 1), ctx.api.searchSavedRolls(query, LIMIT)]);
    return { characters, saved };
  });

  const virtual = createVirtualList({ scroller: results, items: results, estimate: HIT_ESTIMATE, renderRow: hitElement, drawn: pointAtActive });

  /** The box points at the picked hit while it is in the page (an id that is not would name nothing). */
  function pointAtActive() {
    const item = virtual.element(active);
    if (item) input.setAttribute('aria-activedescendant', item.id);
    else input.removeAttribute('aria-activedescendant');
  }

  function setActive(index) {
    active = index;
    for (const [i, item] of virtual.entries()) item.setAttribute('aria-selected', String(i === index));
    // Scrolling it into sight draws it, and drawing points the box at it.
    if (!virtual.scrollToIndex(index)) pointAtActive();
  }

  function hitElement(i) {
    const hit = hits[i];
    if (hit.type === 'saved') return savedHitElement(hit, i);
    const item = el(doc, 'li', {
      role: 'option', id: `search-hit-${i}`, className: 'search-hit', 'aria-selected': String(i === active), 'data-id': hit.id,
      'aria-setsize': hits.length, 'aria-posinset': i + 1,
    }, [
      el(doc, 'span', { className: 'hit-line' }, [
        el(doc, 'span', { className: 'hit-name', text: hit.name }),
        el(doc, 'span', { className: `kind-badge kind-${hit.kind}`, text: hit.kind.toUpperCase() }),
      ]),
      el(doc, 'span', { className: 'hit-line hit-sub' }, [
        el(doc, 'span', { className: 'hit-roster', text: hit.roster_name }),
        el(doc, 'span', { className: 'system-badge', 'data-system': hit.system, title: systemName(hit.system), text: hit.system }),
        hit.player ? el(doc, 'span', { className: 'hit-player', text: hit.player }) : '',
        el(doc, 'span', { className: 'chips' }, hit.tags.map((tag) => el(doc, 'span', { className: 'chip', text: tag }))),
      ]),
    ]);
    item.addEventListener('pointerdown', (event) => event.preventDefault()); // keep focus in the box
    item.addEventListener('click', () => choose(i));
    return item;
  }

  /** A saved roll found: its name and notation, its roster. */
  function savedHitElement(hit, i) {
    const item = el(doc, 'li', {
      role: 'option', id: `search-hit-${i}`, className: 'search-hit saved-hit', 'aria-selected': String(i === active), 'data-id': hit.roll.id,
      'aria-setsize': hits.length, 'aria-posinset': i + 1,
    }, [
      el(doc, 'span', { className: 'hit-line' }, [
        el(doc, 'span', { className: 'hit-name', text: hit.roll.name }),
        el(doc, 'span', { className: 'kind-badge kind-saved', text: 'ROLL' }),
      ]),
      el(doc, 'span', { className: 'hit-line hit-sub' }, [
        el(doc, 'span', { className: 'hit-roster', text: hit.roster_name }),
        el(doc, 'span', { className: 'hit-notation mono', text: hit.roll.expr }),
      ]),
    ]);
    item.addEventListener('pointerdown', (event) => event.preventDefault()); // keep focus in the box
    item.addEventListener('click', () => choose(i));
    return item;
  }

  function render(query, keepActive = false) {
    shownQuery = query;
    failed = false;
    note.classList.remove('warn');
    const next = hits.length ? (keepActive ? Math.min(Math.max(active, 0), hits.length - 1) : 0) : -1;
    active = next;
    virtual.setCount(hits.length);
    input.setAttribute('aria-expanded', String(hits.length > 0));
    if (!query) note.textContent = 'Type to search every roster.';
    else if (!hits.length) note.textContent = `No character or saved roll matches “${query}”.`;
    else note.textContent = hasMore ? `The first ${hits.length} matches; Show more lists more.` : `${hits.length} ${hits.length === 1 ? 'match' : 'matches'}.`;
    more.hidden = !hasMore;
    setActive(next);
  }

  /** Searches for what the box holds; `more` keeps the hits' order and the one picked. */
  async function update({ more: keepActive = false } = {}) {
    const query = input.value.trim();
    if (!keepActive) limit = LIMIT;
    if (!query) {
      searchCall.invalidate();
      hits = [];
      hasMore = false;
      render('');
      return;
    }
    const answer = await searchCall(query);
    if (answer.superseded) return;
    if (answer.error) {
      hits = [];
      hasMore = false;
      render(query);
      note.textContent = answer.error.message;
      failed = true;
      return;
    }
    const { characters, saved } = answer.value;
    hasMore = characters.length > limit;
    hits = [...saved.map((found) => ({ type: 'saved', ...found })), ...characters.slice(0, limit)];
    render(query, keepActive);
  }
  const scheduleUpdate = debounce(() => update(), SEARCH_DELAY_MS);

  more.addEventListener('click', async () => {
    limit += LIMIT;
    await update({ more: true });
    // The button goes once everything is listed: the box keeps the keys working.
    if (more.hidden) input.focus();
  });

  function choose(index) {
    const hit = hits[index];
    if (!hit) return false;
    if (hit.type === 'saved') {
      // Once the dialog has handed the focus back, so that the roll's row can take it.
      dialog.addEventListener('close', () => {
        ctx.emit('view', { name: 'quick-roll' });
        ctx.emit('saved-roll-picked', { roll: hit.roll });
      }, { once: true });
      dialog.close('chosen');
    } else {
      dialog.close('chosen');
      open(hit);
    }
    return true;
  }

  /** Enter found nothing to open: say so (a new sentence, so a screen reader reads it too). */
  function sayNothingToOpen() {
    if (failed) return; // the note already says why the search failed
    const query = input.value.trim();
    note.textContent = query
      ? `Nothing to open: no character or saved roll matches “${query}”. Change the search, or press Esc to close it.`
      : 'Nothing to open yet: type a name, a player or a tag.';
    note.classList.add('warn');
  }

  function openActive() {
    if (!choose(active)) sayNothingToOpen();
  }

  input.addEventListener('input', scheduleUpdate);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!hits.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + hits.length) % hits.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      scheduleUpdate.cancel();
      if (shownQuery === input.value.trim()) openActive();
      // Enter right after typing waits for the hits of what was typed.
      else update().then(openActive);
    } else if (event.key === 'Escape' && input.value !== '' && !event.isComposing) {
      // The first Esc empties the box; the next reaches the dialog, which closes.
      event.preventDefault();
      input.value = '';
      scheduleUpdate.cancel();
      update();
    }
  });
  return openModal(dialog, { initial: input });
}
