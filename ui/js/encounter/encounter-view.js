// The Encounters view (docs/ui.md): the selected roster's encounters in a sidebar and the open
// one beside it — name, round, Next turn / Next round, Undo, the turn order with its Add
// characters / Add NPCs controls, the action log, and the system's own panel. Every change is
// one `encounter_play` (or `encounter_undo`); the view is drawn again from the encounter it
// answers, so what is shown is always what the database holds.

import { el } from '../dom.js';
import { toCommandError } from '../api.js';
import { isTextField } from '../toolkit/shortcuts.js';
import { isStoreFailure } from '../toolkit/store-error.js';
import { pickCharacters } from './add-characters.js';
import { editNpcNumbers } from './npc-numbers.js';
import { mountPlans } from './plans.js';
import { mountEncounterList } from './encounter-list.js';
import { addableCharacters, logItems, sheetsToRead, turnText } from './encounter-model.js';
import { mountSystemPanel } from './system-host.js';
import { compareCalls, moveRange } from './systems/panel-parts.js';
import { fileTableOf } from './systems/file-model.js';
import { fileSpecOf } from '../sheet/systems/index.js';
import { mountTurnOrder } from './turn-order.js';
import { mountPlayersControls } from './players-controls.js';
import { DiceCancelled, mountTableDice } from './table-dice.js';
import { maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

const DEFAULT_NPC_LABEL = 'Goon';

/** Builds the view inside `root`. Returns `{refresh()}` (the shell calls it when the tab is shown). */
export function mountEncounters(root, ctx) {
  const doc = root.ownerDocument;
  const state = {
    roster: null,
    encounters: [],
    open: null,
    /**
     * The roster's live characters by id, the same Map object staying with the panel: summaries
     * (no sheets), and whole characters for the participants (`withSheets`), whose sheets the
     * panels read.
     */
    characters: new Map(),
    /** Raised each time the Map is filled again: a slower read of sheets is then dropped. */
    filled: 0,
    panel: null,
    /** The encounter last open in each roster (this session). */
    lastOpen: new Map(),
  };
  let loads = 0;

  const report = (error) => {
    if (!isStoreFailure(error)) ctx.toast.error(toCommandError(error));
  };

  // Layout.
  const sidebar = el(doc, 'aside', { className: 'encounter-sidebar', 'aria-labelledby': 'encounters-title' });
  const list = mountEncounterList(sidebar, { onOpen: (id) => openEncounter(id), onCreate: create, onDelete: remove, limits: ctx.catalog?.text_limits });
  const planned = mountPlans(sidebar, { ctx, report: (error) => report(error), started: (encounter) => opened(encounter) });

  const nameInput = el(doc, 'input', { type: 'text', id: 'encounter-name', className: 'encounter-name', ...maxLength(ctx, 'name'), 'aria-label': 'Encounter name (Enter renames)', spellcheck: 'false' });
  const round = el(doc, 'span', { className: 'encounter-round', id: 'encounter-round' });
  const turn = el(doc, 'span', { className: 'encounter-turn', id: 'encounter-turn' });
  const status = el(doc, 'p', { className: 'visually-hidden', id: 'encounter-status', role: 'status', 'aria-live': 'polite' });
  const headButton = (id, text, keys, title, run) => {
    const b = el(doc, 'button', { type: 'button', className: 'button', id, title: `${title} (${keys})`, 'aria-keyshortcuts': keys.replace('Ctrl', 'Control') }, [
      doc.createTextNode(text), el(doc, 'kbd', { 'aria-hidden': 'true', text: keys.replace('+', ' ') }),
    ]);
    b.addEventListener('click', run);
    return b;
  };
  const nextTurn = headButton('encounter-next-turn', 'Next turn', 'N', 'The turn passes to the next in order; after the last, a new round', () => play({ action: 'next_turn' }).catch(() => {}));
  nextTurn.classList.add('primary');
  const nextRound = headButton('encounter-next-round', 'Next round', 'Shift+N', 'A new round starts with the first in order', () => play({ action: 'next_round' }).catch(() => {}));
  const undo = headButton('encounter-undo', 'Undo', 'Ctrl+Z', 'Undo the last table action', () => undoLast());
  // Table moves rolled in secret are logged as GM only and never reach the players' view.
  const secretBox = el(doc, 'input', { type: 'checkbox', id: 'encounter-secret' });
  const secretSwitch = el(doc, 'label', { className: 'encounter-secret', for: 'encounter-secret', title: 'The table\'s rolls are logged as GM only: the players\' view never shows them' }, [secretBox, doc.createTextNode(' Roll in secret')]);
  // Dice rolled at the table: each move asks for its dice before it is played.
  const tableDice = mountTableDice(doc, { api: ctx.api, errorText: (error) => toCommandError(error).message });
  // Fights prepared ahead: the same participants again, now or later (plans.js).
  const duplicate = el(doc, 'button', { type: 'button', className: 'button quiet encounter-duplicate', id: 'encounter-duplicate', text: 'Duplicate', title: 'A new encounter with the same participants, at round 1' });
  duplicate.addEventListener('click', () => state.open && planned.duplicate(state.open));
  const savePlan = el(doc, 'button', { type: 'button', className: 'button quiet encounter-save-plan', id: 'encounter-save-plan', text: 'Save as plan…', title: 'Keep who takes part, to start the same fight again from Plans' });
  savePlan.addEventListener('click', () => state.open && planned.saveAsPlan(state.open));
  const saveSheets = el(doc, 'button', { type: 'button', className: 'button quiet encounter-save-sheets', id: 'encounter-save-sheets', text: 'Save to sheets…', title: 'Write what the table tracks (Glory, fate cards, health, HTK …) onto the characters\' sheets' });
  saveSheets.addEventListener('click', () => saveToSheets());

  const orderList = el(doc, 'ol', { className: 'turn-order', id: 'turn-order', 'aria-label': 'Turn order', 'aria-describedby': 'turn-order-help' });
  const players = mountPlayersControls(doc, {
    api: ctx.api,
    toast: (text) => ctx.toast(text),
    report,
    getOpen: () => state.open,
    play: (action) => play(action),
    characters: state.characters,
    catalog: ctx.catalog,
  });
  const turnOrder = mountTurnOrder(orderList, {
    play: (action) => play(action).catch(() => {}),
    onVisibility: (id) => players.editVisibility(id),
    onToggleHidden: (id) => players.toggleHidden(id),
    onKeep: (id) => keepAsCharacter(id),
  });
  const orderEmpty = el(doc, 'p', { className: 'empty', id: 'turn-order-empty', text: 'Nobody has joined yet. Add characters of the roster or quick NPCs.' });
  const addCharacters = el(doc, 'button', { type: 'button', className: 'button', id: 'encounter-add-characters', text: 'Add characters…' });
  addCharacters.addEventListener('click', () => chooseCharacters());
  const npcLabel = el(doc, 'input', { type: 'text', id: 'npc-label', value: DEFAULT_NPC_LABEL, ...maxLength(ctx, 'npc_label'), 'aria-label': 'NPC label', spellcheck: 'false' });
  const npcCount = el(doc, 'input', { type: 'number', id: 'npc-count', value: '1', min: '1', max: '50', step: '1', inputmode: 'numeric', 'aria-label': 'How many NPCs' });
  // The quick NPCs' numbers (a sheet of the system), kept per roster while the window is open.
  const npcNumbers = el(doc, 'button', { type: 'button', className: 'button quiet', id: 'encounter-npc-numbers', text: 'NPC numbers…', title: 'The numbers the quick NPCs join with (AC, hp, ranks … as on a sheet); the system\'s defaults until set' });
  const numbersByRoster = new Map();
  const numbersFor = (roster) => (roster ? numbersByRoster.get(roster.id) ?? null : null);
  const showNumbersSet = () => {
    const set = Boolean(numbersFor(state.roster));
    npcNumbers.textContent = set ? 'NPC numbers ✓' : 'NPC numbers…';
    npcNumbers.classList.toggle('set', set);
  };
  async function editNumbers() {
    const roster = state.roster;
    if (!roster) return;
    try {
      const numbers = await editNpcNumbers(doc, { roster, numbers: numbersFor(roster), label: npcLabel.value || DEFAULT_NPC_LABEL, api: ctx.api, catalog: ctx.catalog });
      if (numbers) numbersByRoster.set(roster.id, numbers);
    } catch (error) {
      report(error);
    }
    showNumbersSet();
  }
  const npcForm = el(doc, 'form', { className: 'encounter-add-npcs', id: 'encounter-add-npcs', novalidate: true, autocomplete: 'off' }, [
    el(doc, 'label', { className: 'visually-hidden', for: 'npc-label', text: 'NPC label' }),
    npcLabel,
    el(doc, 'span', { className: 'npc-times', 'aria-hidden': 'true', text: '×' }),
    npcCount,
    el(doc, 'button', { type: 'submit', className: 'button', id: 'encounter-add-npcs-button', text: 'Add NPCs' }),
  ]);
  npcForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const count = Number(npcCount.value);
    // The store says what a count must be; whatever was typed goes to it (a blank is 0).
    const action = { action: 'add_npcs', label: npcLabel.value || DEFAULT_NPC_LABEL, count: Number.isInteger(count) && count >= 0 ? count : 0 };
    const numbers = numbersFor(state.roster);
    if (numbers) action.sheet = numbers;
    play(action).catch(() => {});
  });
  npcNumbers.addEventListener('click', () => editNumbers());

  const orderPanel = el(doc, 'section', { className: 'panel encounter-order', 'aria-labelledby': 'turn-order-title' }, [
    el(doc, 'h3', { className: 'panel-title', id: 'turn-order-title', text: 'Turn order', title: 'Drag a row, or Alt+↑/↓ on it, to reorder. Enter gives it the turn; Delete removes it.' }),
    el(doc, 'p', { className: 'encounter-help', id: 'turn-order-help', text: 'Drag a row, or Alt+↑/↓ on it, to reorder. Enter gives it the turn; Delete removes it.' }),
    orderList,
    orderEmpty,
    el(doc, 'div', { className: 'encounter-add' }, [addCharacters, npcNumbers, npcForm]),
  ]);
  // It scrolls on its own: tabindex lets the keyboard reach it and scroll it (axe:
  // scrollable-region-focusable).
  const logList = el(doc, 'ol', { className: 'encounter-log', id: 'encounter-log', 'aria-label': 'Table actions, newest first', tabindex: '0' });
  const logEmpty = el(doc, 'p', { className: 'empty', id: 'encounter-log-empty', text: 'Every change at the table is listed here, newest first.' });
  const logPanel = el(doc, 'section', { className: 'panel encounter-log-panel', 'aria-labelledby': 'encounter-log-title' }, [
    el(doc, 'h3', { className: 'panel-title', id: 'encounter-log-title', text: 'Action log' }),
    logList,
    logEmpty,
  ]);
  const systemTitle = el(doc, 'h3', { className: 'panel-title', id: 'encounter-system-title' });
  const systemHost = el(doc, 'div', { className: 'encounter-system-host', id: 'encounter-system-host' });
  const systemPanel = el(doc, 'section', { className: 'panel encounter-system', 'aria-labelledby': 'encounter-system-title' }, [systemTitle, systemHost]);

  const openView = el(doc, 'div', { className: 'encounter-open-view', id: 'encounter-open-view', hidden: true }, [
    el(doc, 'header', { className: 'encounter-head' }, [
      el(doc, 'div', { className: 'encounter-title' }, [nameInput, el(doc, 'div', { className: 'encounter-where' }, [round, turn, duplicate, savePlan, saveSheets])]),
      el(doc, 'div', { className: 'encounter-controls' }, [secretSwitch, tableDice.toggle, ...players.controls, undo, nextRound, nextTurn]),
    ]),
    status,
    el(doc, 'div', { className: 'encounter-body' }, [
      el(doc, 'div', { className: 'encounter-left' }, [orderPanel, logPanel]),
      systemPanel,
    ]),
  ]);
  const noneText = el(doc, 'p', { className: 'empty', id: 'encounter-none-text' });
  const toRosters = el(doc, 'button', { type: 'button', className: 'button', id: 'encounter-to-rosters', text: 'Go to Rosters', hidden: true });
  toRosters.addEventListener('click', () => ctx.emit('view', { name: 'rosters' }));
  const none = el(doc, 'div', { className: 'encounter-none', id: 'encounter-none' }, [noneText, toRosters]);
  const main = el(doc, 'section', { className: 'encounter-main', id: 'encounter-main', 'aria-label': 'The open encounter' }, [none, openView]);
  const layout = el(doc, 'div', { className: 'encounters-layout', 'aria-busy': 'true' }, [sidebar, main]);
  root.replaceChildren(layout);

  // Drawing.
  function drawList() {
    list.render({ roster: state.roster, encounters: state.encounters, openId: state.open?.id ?? null });
  }

  function drawNone() {
    const { roster } = state;
    none.hidden = Boolean(state.open);
    openView.hidden = !state.open;
    toRosters.hidden = Boolean(roster);
    noneText.textContent = !roster
      ? 'Pick a roster on the Rosters tab: its encounters are run here.'
      : state.encounters.length
        ? 'Open an encounter from the list, or create a new one.'
        : `No encounters in ${isolated(roster.name)} yet. Name one on the left and press Create.`;
  }

  function drawEncounter(encounter, { announce = true } = {}) {
    const { name, round: number, order } = encounter.state;
    if (doc.activeElement !== nameInput) nameInput.value = name;
    round.textContent = `Round ${number}`;
    const text = turnText(encounter);
    turn.textContent = text.slice(text.indexOf('·') + 2);
    if (announce) status.textContent = text;
    turnOrder.render(encounter);
    orderEmpty.hidden = order.length > 0;
    nextTurn.disabled = order.length === 0;
    nextRound.disabled = order.length === 0;
    players.update();
    addCharacters.disabled = addableCharacters([...state.characters.values()], encounter).length === 0;
    addCharacters.title = addCharacters.disabled ? 'Every character of the roster is in already' : 'Add characters of the roster';
  }

  async function drawLog() {
    const open = state.open;
    if (!open) return;
    const entries = await ctx.api.encounterLog(open.id);
    if (state.open?.id !== open.id) return;
    const items = logItems(entries);
    logList.replaceChildren(...items.map((item) => el(doc, 'li', {
      className: `log-entry${item.undone ? ' undone' : ''}`,
      'data-entry-id': String(item.id),
    }, [
      el(doc, 'div', { className: 'log-entry-head' }, [
        el(doc, 'time', { className: 'log-entry-time', datetime: item.at, text: new Date(item.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) }),
        item.undone ? el(doc, 'span', { className: 'log-entry-undone', text: 'Undone' }) : '',
      ]),
      el(doc, 'ul', { className: 'log-entry-lines' }, item.lines.map((line, i) => el(doc, 'li', { className: i ? 'log-line' : 'log-line first' }, line.ruling
        ? [el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' }), el(doc, 'span', { className: 'ruling-text', text: line.text })]
        : [doc.createTextNode(line.text)]))),
    ])));
    logEmpty.hidden = items.length > 0;
    undo.disabled = !items.some((item) => !item.undone);
  }

  /** Reads the whole characters of the participants who have only their summary in the Map. */
  async function withSheets(encounter) {
    const { characters, filled } = state;
    const ids = sheetsToRead(encounter, characters);
    if (!ids.length) return;
    const whole = await Promise.all(ids.map((id) => ctx.api.character(id)));
    if (state.filled !== filled) return;
    for (const character of whole) characters.set(character.id, character);
  }

  /** The encounter as the store answered it: drawn everywhere, the panel told, the log read again. */
  async function show(encounter, options) {
    await withSheets(encounter);
    state.open = encounter;
    state.encounters = state.encounters.map((e) => (e.id === encounter.id ? encounter : e));
    drawList();
    drawNone();
    drawEncounter(encounter, options);
    state.panel?.update(encounter);
    await drawLog();
  }

  // Actions.
  /**
   * Runs `work` with the view marked busy (aria-busy) until everything it changes is drawn, the
   * action log included: assistive technology and tests wait for the view to settle.
   */
  let inFlight = 0;
  async function busy(work) {
    inFlight += 1;
    layout.setAttribute('aria-busy', 'true');
    try {
      return await work();
    } finally {
      inFlight -= 1;
      if (inFlight === 0) layout.setAttribute('aria-busy', 'false');
    }
  }

  /**
   * One table action on the open encounter, with the dice rolled at the table when "Rolled by
   * hand" is on. Rejects (after the toast) when refused, and when the GM cancels the dice.
   */
  function play(action) {
    return busy(async () => {
      const open = state.open;
      if (!open) throw new Error('no encounter is open');
      let played;
      try {
        const typed = await tableDice.diceFor(open.id, action);
        played = await ctx.api.playEncounter(open.id, action, undefined, { secret: secretBox.checked, dice: typed?.dice ?? null, cards: typed?.cards ?? null });
      } catch (error) {
        if (error instanceof DiceCancelled) throw error; // the GM's own choice: nothing to report
        report(error);
        throw error;
      }
      if (state.open?.id === open.id) await show(played.encounter);
      if (played.rolls.length) ctx.emit('log-changed');
      return played;
    });
  }

  function undoLast() {
    return busy(async () => {
      const open = state.open;
      if (!open) return;
      try {
        await show(await ctx.api.undoEncounter(open.id));
      } catch (error) {
        report(error);
      }
    });
  }

  /** After asking: the table's running state onto the stored characters' sheets. */
  async function saveToSheets() {
    const open = state.open;
    if (!open) return;
    const stored = open.state.order.filter((p) => p.character_id && !open.absent.includes(p.id)).length;
    if (!stored) {
      ctx.toast('Only quick NPCs are in this encounter; they have no sheets to save to.');
      return;
    }
    const yes = await ctx.confirm({
      title: 'Save to sheets?',
      message: `What the table tracks for the ${stored === 1 ? 'character' : `${stored} characters`} of ${isolated(open.state.name)} (Glory and trackers, fate cards, health and effects, HTK) replaces those fields of their sheets. Each sheet is checked first; if one is refused, none is changed.`,
      confirm: 'Save to sheets',
    });
    if (!yes) return;
    try {
      const saved = await ctx.api.saveEncounterToSheets(open.id);
      ctx.toast(saved.length
        ? `Saved to ${saved.map((c) => isolated(c.name)).join(', ')}.`
        : 'The sheets already say what the table says; nothing to save.');
      if (saved.length) ctx.emit('characters-changed', { roster_id: open.roster_id });
    } catch (error) {
      report(error);
    }
  }

  /** An encounter just made elsewhere (started from a plan, duplicated): listed and opened. */
  async function opened(encounter) {
    if (encounter.roster_id !== state.roster?.id) return;
    state.encounters = [...state.encounters, encounter];
    await openEncounter(encounter.id);
  }

  async function create(name) {
    const roster = state.roster;
    if (!roster) return false;
    try {
      const encounter = await ctx.api.createEncounter(roster.id, name);
      state.encounters = [...state.encounters, encounter];
      await openEncounter(encounter.id);
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  }

  async function remove(encounter) {
    try {
      await ctx.api.deleteEncounter(encounter.id);
    } catch (error) {
      report(error);
      return;
    }
    state.encounters = state.encounters.filter((e) => e.id !== encounter.id);
    if (state.open?.id === encounter.id) closeEncounter();
    drawList();
    drawNone();
    ctx.toast(`Deleted ${isolated(encounter.state.name)}.`, {
      action: {
        label: 'Undo',
        run: async () => {
          try {
            const back = await ctx.api.restoreEncounter(encounter.id);
            if (back.roster_id === state.roster?.id) {
              await loadRoster(state.roster, { open: back.id });
            }
          } catch (error) {
            report(error);
          }
        },
      },
    });
  }

  async function chooseCharacters() {
    if (!state.open) return;
    const characters = [...state.characters.values()];
    const joinable = new Set(addableCharacters(characters, state.open).map((c) => c.id));
    const joined = new Set(characters.filter((c) => !joinable.has(c.id)).map((c) => c.id));
    const served = moveRange(ctx.catalog, 'table', 'add_copies', 'count');
    const copiesRange = served.max === undefined ? undefined : { min: served.min ?? 1, max: served.max };
    const { ids, copies } = await pickCharacters(doc, characters, joined, copiesRange);
    // One action each, in order; the first refused stops the rest (its toast says why).
    try {
      if (ids.length) await play({ action: 'add_characters', character_ids: ids });
      for (const { id, count } of copies) await play({ action: 'add_copies', character_id: id, count });
    } catch {
      // play() has shown the refusal.
    }
  }

  /** A quick NPC or copy becomes an NPC of the roster with its numbers (a bestiary built at the table). */
  async function keepAsCharacter(participantId) {
    const open = state.open;
    if (!open) return;
    try {
      const kept = await ctx.api.keepAsCharacter(open.id, participantId);
      state.characters.set(kept.id, kept);
      ctx.toast(`Kept “${isolated(kept.name)}” as an NPC of the roster: “Add characters…” copies it into any fight.`);
    } catch (error) {
      report(error);
    }
  }

  async function rename() {
    const open = state.open;
    if (!open || nameInput.value.trim() === open.state.name) {
      if (open) nameInput.value = open.state.name;
      return;
    }
    try {
      await play({ action: 'rename', name: nameInput.value });
    } catch {
      nameInput.value = state.open?.state.name ?? '';
    }
  }
  nameInput.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      rename();
    } else if (event.key === 'Escape' && state.open) {
      event.preventDefault();
      nameInput.value = state.open.state.name;
    }
  });
  nameInput.addEventListener('change', () => rename());

  function closeEncounter() {
    state.open = null;
    state.panel = null;
    systemHost.replaceChildren();
  }

  async function openEncounter(id) {
    const roster = state.roster;
    let encounter;
    try {
      encounter = await ctx.api.encounter(id);
    } catch (error) {
      report(error);
      return;
    }
    if (state.roster?.id !== roster?.id) return;
    await withSheets(encounter);
    if (state.roster?.id !== roster?.id) return;
    state.lastOpen.set(roster.id, id);
    const changed = state.open?.id !== id;
    state.open = encounter;
    if (changed) {
      // A system from a file is read at the table's version (it keeps the one it began with):
      // titled by its name ("D20 Heroes"), not its id (the five by id), its kinds compared.
      const version = fileTableOf(encounter)?.version ?? roster.system_version ?? null;
      const file = fileSpecOf(ctx.catalog, roster.system, version);
      systemTitle.textContent = `${file?.name ?? roster.system} table`;
      state.panel = null;
      const mine = state.open;
      const panel = await mountSystemPanel(systemHost, {
        roster,
        encounter,
        // The rules catalog the shell read at start: limits, ranges, weapons, and the rulings'
        // words (`table_rulings`).
        catalog: ctx.catalog,
        characters: state.characters,
        play: (move) => play({ action: 'system', move }),
        preview: (move) => ctx.api.previewEncounterMove(encounter.id, move),
        // "Compare choices" under the odds blocks, under the roster's house rules.
        compare: compareCalls(ctx.api, roster.id, version),
        sheetRolls: (characterId) => ctx.api.sheetRolls(characterId),
        toast: (text) => ctx.toast(text),
      });
      if (state.open !== mine && state.open?.id !== id) return;
      state.panel = panel;
    }
    await show(state.open, { announce: changed });
  }

  /** The roster's encounters and characters; opens `open`, else the one open last, else the newest. */
  async function loadRoster(roster, { open = null } = {}) {
    const mine = ++loads;
    if (!roster) {
      state.roster = null;
      state.encounters = [];
      planned.load(null);
      closeEncounter();
      drawList();
      drawNone();
      return;
    }
    const [encounters, { characters }] = await Promise.all([ctx.api.encounters(roster.id), ctx.api.characterSummaries(roster.id)]);
    if (mine !== loads) return;
    const rosterChanged = state.roster?.id !== roster.id;
    state.roster = roster;
    state.encounters = encounters;
    showNumbersSet();
    planned.load(roster);
    if (rosterChanged) {
      closeEncounter();
      // The open panel holds on to the Map it was given: a new roster gets a Map of its own.
      state.characters = new Map();
    }
    state.characters.clear();
    state.filled += 1;
    for (const c of characters) state.characters.set(c.id, c);
    const wanted = open ?? (rosterChanged ? state.lastOpen.get(roster.id) : state.open?.id) ?? encounters.at(-1)?.id ?? null;
    const pick = encounters.find((e) => e.id === wanted) ?? (rosterChanged ? encounters.at(-1) : null);
    if (!pick) {
      closeEncounter();
      drawList();
      drawNone();
      return;
    }
    await openEncounter(pick.id);
  }

  const guard = (work) => async (...args) => {
    try {
      await work(...args);
    } catch (error) {
      report(error);
    }
  };
  // Shown, the view reads the roster again (busy meanwhile: tests and screen readers wait).
  const refresh = guard(() => busy(() => loadRoster(ctx.state.roster ?? state.roster)));
  const shown = () => !root.hidden && root.getClientRects().length > 0;
  /**
   * A roster's encounters and characters are read only while the view is shown: opening a big
   * roster on the Rosters tab does not wait on a second copy of its list. Hidden, the view
   * only forgets a roster that is gone; `refresh` reads the rest when it is shown.
   */
  const whenShown = (load) => (shown() ? load() : undefined);

  ctx.bus.addEventListener('roster-selected', guard((event) => {
    const roster = /** @type {CustomEvent} */ (event).detail?.roster ?? null;
    return roster ? whenShown(() => loadRoster(roster)) : loadRoster(null);
  }));
  ctx.bus.addEventListener('characters-changed', guard((event) => {
    const id = /** @type {CustomEvent} */ (event).detail?.roster_id;
    if (!id || id === state.roster?.id) return whenShown(() => loadRoster(state.roster));
    return undefined;
  }));
  ctx.bus.addEventListener('rosters-changed', guard(() => whenShown(async () => {
    if (!state.roster) return;
    const { rosters } = await ctx.api.rosters();
    await loadRoster(rosters.find((r) => r.id === state.roster?.id) ?? null);
  })));

  // Shortcuts: only while the view is shown, never while typing.
  const ready = (event) => shown() && Boolean(state.open) && !isTextField(event.target) && !event.target?.closest?.('dialog');
  const { register, describe } = ctx.shortcuts;
  register({ keys: 'N', label: 'Next turn', group: 'Encounter', when: (e) => ready(e) && !nextTurn.disabled, run: () => play({ action: 'next_turn' }).catch(() => {}) });
  register({ keys: 'Shift+N', label: 'Next round', group: 'Encounter', when: (e) => ready(e) && !nextRound.disabled, run: () => play({ action: 'next_round' }).catch(() => {}) });
  register({
    keys: 'Ctrl+Z',
    label: 'Undo the last table action',
    group: 'Encounter',
    inText: false,
    when: (e) => ready(e) && (root.contains(e.target) || e.target === doc.body),
    run: () => undoLast(),
  });
  register({ keys: 'P', label: 'Open the players\' view (a window for a TV or second screen)', group: 'Encounter', when: (e) => ready(e), run: () => players.openPlayersWindow() });
  describe({ keys: 'V', label: 'What the players see of the focused participant', group: 'Encounter' });
  describe({ keys: 'H', label: 'Hide the focused participant from the players, or show them again', group: 'Encounter' });
  describe({ keys: ['Alt+Up', 'Alt+Down'], label: 'Move the focused participant up or down the turn order', group: 'Encounter' });
  describe({ keys: 'Enter', label: 'Give the focused participant the turn', group: 'Encounter' });
  describe({ keys: 'Delete', label: 'Remove the focused participant from the encounter', group: 'Encounter' });

  drawList();
  drawNone();
  guard(() => loadRoster(ctx.state.roster))().finally(() => layout.setAttribute('aria-busy', 'false'));
  return { refresh };
}
