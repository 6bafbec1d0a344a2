// The roll log view: newest first, filtered by roster and character, exported as CSV or JSON,
// cleared with a confirmation; its Luck tab says how lucky the dice of the rolls picked were
// (and each row its roll's percentile), worked out after the rows are shown, never before. The shell mounts it once (`mountLog`) and it keeps itself fresh
// from the bus (`log-changed`, `rosters-changed`, `characters-changed`).

import { el } from '../dom.js';
import { isolated } from '../format.js';
import { clearQuestion, emptyText, exportName, kindNames, logQuery, logRow, PAGE_SIZE, rollsText, shownText, timeFormatter } from './log-rows.js';
import { buildLogTable, virtualLogTable } from './log-table.js';
import { buildLuckPanel } from './luck-panel.js';
import { rowRanks } from './luck-model.js';
import { fileName, LOG_FILTERS, saveTarget } from '../transfer/file-type.js';
import { createDamagedNotice } from '../rosters/damaged-notice.js';
import { backupsFlow } from '../backups/backups-dialog.js';

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
  let ranks = new Map();

  let rosterSelect = el(doc, 'select', { id: 'log-roster' });
  let characterSelect = el(doc, 'select', { id: 'log-character', disabled: true });
  const exportCsv = el(doc, 'button', { type: 'button', className: 'button', id: 'log-export-csv', text: 'Export CSV…', title: 'Export the rolls shown as CSV, for spreadsheets' });
  const exportJson = el(doc, 'button', { type: 'button', className: 'button', id: 'log-export-json', text: 'Export JSON…', title: 'Export the rolls shown as JSON' });
  const clear = el(doc, 'button', { type: 'button', className: 'button danger', id: 'log-clear', text: 'Clear…', title: 'Clear the rolls shown from the log' });
  const table = buildLogTable(doc);
  const empty = el(doc, 'p', { className: 'log-empty', id: 'log-empty', role: 'status' });
  const tableWrap = el(doc, 'div', { className: 'log-table-wrap scroll-shadows' }, [table.table, empty]);
  const fillTable = virtualLogTable(table, tableWrap, { copySeed });
  const count = el(doc, 'p', { className: 'log-count', id: 'log-count', 'aria-live': 'polite' });
  const showMore = el(doc, 'button', { type: 'button', className: 'button', id: 'log-more', text: `Show ${PAGE_SIZE} more`, hidden: true });
  const luck = buildLuckPanel(doc);
  // Entries whose stored JSON does not read: named here, the rest listed as usual.
  const damaged = createDamagedNotice(doc, { openBackups: () => backupsFlow(ctx).catch((error) => ctx.toast.error(error)) }, { id: 'log-damaged-notice' });
  const rollsTab = el(doc, 'button', { type: 'button', role: 'tab', className: 'log-tab', id: 'log-tab-rolls', 'aria-selected': 'true', 'aria-controls': 'log-rolls', text: 'Rolls' });
  const luckTab = el(doc, 'button', { type: 'button', role: 'tab', className: 'log-tab', id: 'log-tab-luck', 'aria-selected': 'false', 'aria-controls': 'luck-panel', tabindex: '-1', text: 'Luck' });
  const rollsPane = el(doc, 'div', { className: 'log-rolls', id: 'log-rolls', role: 'tabpanel', 'aria-labelledby': 'log-tab-rolls' }, [
    tableWrap,
    el(doc, 'footer', { className: 'log-foot' }, [count, showMore]),
  ]);
  luck.element.setAttribute('role', 'tabpanel');
  luck.element.setAttribute('aria-labelledby', 'log-tab-luck');
  luck.element.hidden = true;

  const section = el(doc, 'section', { className: 'log-view', 'aria-labelledby': 'log-title' }, [
    el(doc, 'header', { className: 'log-head' }, [
      el(doc, 'h2', { className: 'log-title', id: 'log-title', text: 'Roll log' }),
      el(doc, 'div', { className: 'log-filters' }, [
        el(doc, 'label', { className: 'log-filter', for: 'log-roster' }, [el(doc, 'span', { text: 'Roster' }), rosterSelect]),
        el(doc, 'label', { className: 'log-filter', for: 'log-character' }, [el(doc, 'span', { text: 'Character' }), characterSelect]),
      ]),
      el(doc, 'div', { className: 'log-actions' }, [exportCsv, exportJson, clear]),
    ]),
    damaged.element,
    el(doc, 'div', { className: 'log-tabs', role: 'tablist', 'aria-label': 'Roll log' }, [rollsTab, luckTab]),
    rollsPane,
    luck.element,
  ]);
  root.replaceChildren(section);

  function option(value, text) {
    return el(doc, 'option', { value, text });
  }

  /**
   * A new <select> in place of `old`, with `options`. Refilling the old one is not enough: WebKit
   * fires `change` only when the picked index differs from the one the user last picked, so
   * after Vex (index 1) in one roster, picking index 1 in another roster's list did nothing.
   */
  function freshSelect(old, options, onChange) {
    const fresh = old.cloneNode(false);
    fresh.append(...options);
    fresh.addEventListener('change', () => onChange(fresh));
    const hadFocus = doc.activeElement === old;
    old.replaceWith(fresh);
    if (hadFocus) fresh.focus();
    return fresh;
  }

  // Lists load asynchronously and the GM may pick again meanwhile: only the latest load of each
  // list applies, so a slow answer for an earlier roster never overwrites a later choice.
  let rosterLoads = 0;
  let characterLoads = 0;

  /** The roster list, keeping the chosen roster when it still exists. */
  async function loadRosters() {
    const mine = ++rosterLoads;
    const { rosters } = await ctx.api.rosters();
    if (mine !== rosterLoads) return;
    rosterSelect = freshSelect(rosterSelect, [option(ALL, 'All rosters'), ...rosters.map((r) => option(r.id, isolated(r.name)))], pickRoster);
    const still = rosters.find((r) => r.id === filter.rosterId);
    if (!still) {
      Object.assign(filter, { rosterId: null, rosterName: null, characterId: null, characterName: null });
    } else filter.rosterName = still.name;
    rosterSelect.value = filter.rosterId ?? ALL;
    await loadCharacters();
  }

  /** The chosen roster's characters; with no roster the character filter is off. */
  async function loadCharacters() {
    const mine = ++characterLoads;
    const rosterId = filter.rosterId;
    if (!rosterId) {
      characterSelect = freshSelect(characterSelect, [option(ALL, 'All characters')], pickCharacter);
      characterSelect.disabled = true;
      return;
    }
    const { characters } = await ctx.api.characterSummaries(rosterId);
    if (mine !== characterLoads || rosterId !== filter.rosterId) return;
    characterSelect = freshSelect(characterSelect, [option(ALL, 'All characters'), ...characters.map((c) => option(c.id, isolated(c.name)))], pickCharacter);
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
      const listed = await ctx.api.rollLog(logQuery(filter, limit + 1));
      if (mine !== generation) return;
      const entries = listed.entries;
      damaged.show(listed.damaged);
      // A damaged entry takes its row of the page: it counts toward "more".
      more = entries.length + listed.damaged.length > limit;
      shown = entries.slice(0, limit);
      // Percentiles of a filter not yet judged are not shown against its rows.
      if (filterKey() !== ranksKey) ranks = new Map();
      fillTable(shown.map((entry) => logRow(entry, names, formatTime, ranks)));
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
    if (mine === generation) judge(mine);
  }

  let ranksKey = null;
  const filterKey = () => JSON.stringify(logQuery(filter));

  /** How lucky the dice were, once the rows are in: the Luck tab and each row's percentile. */
  async function judge(mine) {
    luck.busy();
    try {
      const report = await ctx.api.rollLogLuck(logQuery(filter));
      if (mine !== generation) return;
      ranks = rowRanks(report);
      ranksKey = filterKey();
      luck.show(report);
      fillTable.redraw(shown.map((entry) => logRow(entry, names, formatTime, ranks)));
    } catch (error) {
      if (mine !== generation) return;
      luck.failed(error.message ?? String(error));
    }
  }

  function pickTab(tab) {
    const onLuck = tab === luckTab;
    for (const t of [rollsTab, luckTab]) {
      t.setAttribute('aria-selected', String(t === tab));
      t.tabIndex = t === tab ? 0 : -1;
    }
    rollsPane.hidden = onLuck;
    luck.element.hidden = !onLuck;
  }
  for (const tab of [rollsTab, luckTab]) {
    tab.addEventListener('click', () => pickTab(tab));
    tab.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const other = tab === rollsTab ? luckTab : rollsTab;
      pickTab(other);
      other.focus();
    });
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
      ctx.toast(`Exported ${rollsText(written)} to ${isolated(fileName(target.path))}.`);
    } catch (error) {
      ctx.toast.error(error);
    }
  }

  /** Every roll the filter picks, damaged ones too: clearing removes them all. */
  async function countAll() {
    const listed = await ctx.api.rollLog(logQuery(filter));
    return listed.entries.length + listed.damaged.length;
  }

  async function clearShown() {
    try {
      // The view holds at most `limit` rolls; past that, count them all before asking.
      const total = more ? await countAll() : shown.length;
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

  async function pickRoster(select) {
    // Busy from now on: the character list, then the rolls, are on their way.
    section.setAttribute('aria-busy', 'true');
    const id = select.value || null;
    filter.rosterId = id;
    filter.rosterName = id ? select.selectedOptions[0]?.textContent ?? null : null;
    filter.characterId = null;
    filter.characterName = null;
    limit = PAGE_SIZE;
    try {
      await loadCharacters();
    } catch (error) {
      ctx.toast.error(error);
    }
    await refresh();
  }

  function pickCharacter(select) {
    const id = select.value || null;
    filter.characterId = id;
    filter.characterName = id ? select.selectedOptions[0]?.textContent ?? null : null;
    limit = PAGE_SIZE;
    refresh();
  }

  exportCsv.addEventListener('click', () => exportShown('csv'));
  exportJson.addEventListener('click', () => exportShown('json'));
  clear.addEventListener('click', clearShown);
  showMore.addEventListener('click', () => showMoreRolls());

  /** The next page after the last roll shown, added below it (the rolls shown stay as they are). */
  async function showMoreRolls() {
    const last = shown[shown.length - 1];
    if (!last) return;
    const mine = generation;
    section.setAttribute('aria-busy', 'true');
    try {
      // One more than a page tells whether there is yet more.
      const listed = await ctx.api.rollLog({ ...logQuery(filter, PAGE_SIZE + 1), before: { at: last.at, id: last.id } });
      if (mine !== generation) return;
      const page = listed.entries;
      limit += PAGE_SIZE;
      more = page.length + listed.damaged.length > PAGE_SIZE;
      shown = shown.concat(page.slice(0, PAGE_SIZE));
      fillTable(shown.map((entry) => logRow(entry, names, formatTime, ranks)));
      count.textContent = shownText(shown.length, more);
      showMore.hidden = !more;
    } catch (error) {
      if (mine === generation) ctx.toast.error(error);
    } finally {
      if (mine === generation) section.removeAttribute('aria-busy');
    }
  }

  const reloadFilters = () => loadRosters().catch((error) => ctx.toast.error(error)).then(refresh);
  ctx.bus.addEventListener('log-changed', () => refresh());
  ctx.bus.addEventListener('rosters-changed', reloadFilters);
  ctx.bus.addEventListener('characters-changed', (event) => {
    const id = event.detail?.roster_id;
    // No roster named: more than one changed (characters moved between rosters).
    if (!filter.rosterId || !id || id === filter.rosterId) reloadFilters();
  });

  // Roll kinds by name once; until then (or if the catalog fails) a kind reads as its key.
  ctx.api.catalog().then((catalog) => {
    names = kindNames(catalog);
    refresh();
  }, () => {});
  reloadFilters();
  return { refresh };
}
