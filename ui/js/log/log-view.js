// The roll log view: newest first, filtered by roster and character, exported as CSV or JSON,
// cleared with a confirmation. The shell mounts it once (`mountLog`) and it keeps itself fresh
// from the bus (`log-changed`, `rosters-changed`, `characters-changed`).

import { el } from '../dom.js';
import { clearQuestion, emptyText, exportName, kindNames, logQuery, logRow, PAGE_SIZE, rollsText, shownText, timeFormatter } from './log-rows.js';
import { buildLogTable, fillLogTable } from './log-table.js';
import { fileName, LOG_FILTERS, saveTarget } from '../transfer/file-type.js';

const ALL = '';

/** Builds the roll log inside `root`. Returns `{refresh()}`. */
export function mountLog(root, ctx) {
  const doc = root.ownerDocument;
  const formatTime = timeFormatter();
  const filter = { rosterId: null, rosterName: null, characterId: null, characterName: null };
  let limit = PAGE_SIZE;
  let shown = [];
  let more = false;
  let names = new Map();
  let generation = 0;

  const rosterSelect = el(doc, 'select', { id: 'log-roster', 'aria-label': 'Show the rolls of roster' });
  const characterSelect = el(doc, 'select', { id: 'log-character', 'aria-label': 'Show the rolls of character', disabled: true });
  const exportCsv = el(doc, 'button', { type: 'button', className: 'log-button', id: 'log-export-csv', text: 'Export CSV…', 'aria-label': 'Export the rolls shown as CSV, for spreadsheets' });
  const exportJson = el(doc, 'button', { type: 'button', className: 'log-button', id: 'log-export-json', text: 'Export JSON…', 'aria-label': 'Export the rolls shown as JSON' });
  const clear = el(doc, 'button', { type: 'button', className: 'log-button danger', id: 'log-clear', text: 'Clear…', 'aria-label': 'Clear the rolls shown from the log' });
  const table = buildLogTable(doc);
  const empty = el(doc, 'p', { className: 'log-empty', id: 'log-empty', role: 'status' });
  const count = el(doc, 'p', { className: 'log-count', id: 'log-count', 'aria-live': 'polite' });
  const showMore = el(doc, 'button', { type: 'button', className: 'log-button', id: 'log-more', text: `Show ${PAGE_SIZE} more`, hidden: true });

  const section = el(doc, 'section', { className: 'log-view', 'aria-labelledby': 'log-title' }, [
    el(doc, 'header', { className: 'log-head' }, [
      el(doc, 'h2', { className: 'log-title', id: 'log-title', text: 'Roll log' }),
      el(doc, 'div', { className: 'log-filters' }, [
        el(doc, 'label', { className: 'log-filter', for: 'log-roster' }, [el(doc, 'span', { text: 'Roster' }), rosterSelect]),
        el(doc, 'label', { className: 'log-filter', for: 'log-character' }, [el(doc, 'span', { text: 'Character' }), characterSelect]),
      ]),
      el(doc, 'div', { className: 'log-actions' }, [exportCsv, exportJson, clear]),
    ]),
    el(doc, 'div', { className: 'log-table-wrap scroll-shadows' }, [table.table, empty]),
    el(doc, 'footer', { className: 'log-foot' }, [count, showMore]),
  ]);
  root.replaceChildren(section);

  function option(value, text) {
    return el(doc, 'option', { value, text });
  }

  /** The roster list, keeping the chosen roster when it still exists. */
  async function loadRosters() {
    const rosters = await ctx.api.rosters();
    rosterSelect.replaceChildren(option(ALL, 'All rosters'), ...rosters.map((r) => option(r.id, r.name)));
    const still = rosters.find((r) => r.id === filter.rosterId);
    if (!still) {
      Object.assign(filter, { rosterId: null, rosterName: null, characterId: null, characterName: null });
    } else filter.rosterName = still.name;
    rosterSelect.value = filter.rosterId ?? ALL;
    await loadCharacters();
  }

  /** The chosen roster's characters; with no roster the character filter is off. */
  async function loadCharacters() {
    if (!filter.rosterId) {
      characterSelect.replaceChildren(option(ALL, 'All characters'));
      characterSelect.disabled = true;
      return;
    }
    const characters = await ctx.api.characters(filter.rosterId);
    characterSelect.replaceChildren(option(ALL, 'All characters'), ...characters.map((c) => option(c.id, c.name)));
    const still = characters.find((c) => c.id === filter.characterId);
    filter.characterId = still?.id ?? null;
    filter.characterName = still?.name ?? null;
    characterSelect.value = filter.characterId ?? ALL;
    characterSelect.disabled = false;
  }

  async function refresh() {
    const mine = ++generation;
    section.setAttribute('aria-busy', 'true');
    try {
      // One more than shown tells whether "Show more" has anything to show.
      const entries = await ctx.api.rollLog(logQuery(filter, limit + 1));
      if (mine !== generation) return;
      more = entries.length > limit;
      shown = entries.slice(0, limit);
      fillLogTable(table, shown.map((entry) => logRow(entry, names, formatTime)), { copySeed });
      empty.textContent = shown.length ? '' : emptyText(filter);
      empty.hidden = shown.length > 0;
      table.table.hidden = shown.length === 0;
      count.textContent = shownText(shown.length, more);
      showMore.hidden = !more;
      exportCsv.disabled = exportJson.disabled = clear.disabled = shown.length === 0;
    } catch (error) {
      if (mine !== generation) return;
      empty.hidden = false;
      empty.textContent = `The roll log could not be read: ${error.message}`;
    } finally {
      if (mine === generation) section.removeAttribute('aria-busy');
    }
  }

  async function copySeed(seed) {
    try {
      await navigator.clipboard.writeText(seed);
      ctx.toast(`Seed ${seed} copied. Give it to a roll to get the same dice again.`);
    } catch {
      ctx.toast(`The seed could not be copied: select ${seed} in the table and press Ctrl+C.`, { error: true });
    }
  }

  async function exportShown(format) {
    try {
      const chosen = await ctx.api.pickSavePath({
        title: 'Export the roll log',
        defaultPath: exportName(filter, format),
        filters: format === 'csv' ? LOG_FILTERS : [...LOG_FILTERS].reverse(),
      });
      if (!chosen) return;
      const target = saveTarget(chosen, format);
      const written = await ctx.api.exportRollLog(target.path, target.format, logQuery(filter));
      ctx.toast(`Exported ${rollsText(written)} to ${fileName(target.path)}.`);
    } catch (error) {
      ctx.toast.error(error);
    }
  }

  async function clearShown() {
    try {
      // The view holds at most `limit` rolls; past that, count them all before asking.
      const total = more ? (await ctx.api.rollLog(logQuery(filter))).length : shown.length;
      if (total === 0) return;
      const question = clearQuestion(total, filter);
      if (!(await ctx.confirm({ ...question, danger: true }))) return;
      const removed = await ctx.api.clearRollLog(logQuery(filter));
      ctx.toast(`Cleared ${rollsText(removed)} from the log.`);
      ctx.bus.dispatchEvent(new CustomEvent('log-changed'));
    } catch (error) {
      ctx.toast.error(error);
    }
  }

  rosterSelect.addEventListener('change', async () => {
    const id = rosterSelect.value || null;
    filter.rosterId = id;
    filter.rosterName = id ? rosterSelect.selectedOptions[0]?.textContent ?? null : null;
    filter.characterId = null;
    filter.characterName = null;
    limit = PAGE_SIZE;
    try {
      await loadCharacters();
    } catch (error) {
      ctx.toast.error(error);
    }
    await refresh();
  });
  characterSelect.addEventListener('change', () => {
    const id = characterSelect.value || null;
    filter.characterId = id;
    filter.characterName = id ? characterSelect.selectedOptions[0]?.textContent ?? null : null;
    limit = PAGE_SIZE;
    refresh();
  });
  exportCsv.addEventListener('click', () => exportShown('csv'));
  exportJson.addEventListener('click', () => exportShown('json'));
  clear.addEventListener('click', clearShown);
  showMore.addEventListener('click', () => {
    limit += PAGE_SIZE;
    refresh();
  });

  const reloadFilters = () => loadRosters().catch((error) => ctx.toast.error(error)).then(refresh);
  ctx.bus.addEventListener('log-changed', () => refresh());
  ctx.bus.addEventListener('rosters-changed', reloadFilters);
  ctx.bus.addEventListener('characters-changed', (event) => {
    if (!filter.rosterId || event.detail?.roster_id === filter.rosterId) reloadFilters();
  });

  // Roll kinds by name once; until then (or if the catalog fails) a kind reads as its key.
  ctx.api.catalog().then((catalog) => {
    names = kindNames(catalog);
    refresh();
  }, () => {});
  reloadFilters();
  return { refresh };
}
