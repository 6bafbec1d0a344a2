// The roll panel: a roll a sheet offers (`sheet_rolls`), opened beside the sheet. The kind's
// form comes prefilled from the character; the GM sets difficulty, modifiers and the rest while
// the exact odds follow; Roll throws the dice, logged with the character. Its form is Quick
// roll's (roll-form.js), asked under the roster and logged with the character. The shell imports
// openRollPanel by this name.

import * as defaultApi from '../api.js';
import { renderResult } from '../dice-view.js';
import { el } from '../dom.js';
import { fieldModel } from '../form.js';
import { oddsParts } from '../odds-view.js';
import { verdictFigure, verdictText } from '../result.js';
import { rollForm } from '../roll-form.js';
import { aboutLine as aboutText, kindOf, mergeRequest, prefillValues, setByGm } from './prefill.js';
import { isolated } from '../format.js';

let instances = 0;

function oddsBlock(doc, prefix) {
  const { view, lead } = oddsParts(doc, { labelId: `${prefix}-success-label`, note: 'Loading the rules…' });
  // The last roll goes between the chart and the table, where the eye already is.
  const slot = el(doc, 'div', { className: 'rp-last-slot' });
  const panel = el(doc, 'section', { className: 'rp-odds odds', 'aria-label': 'Exact odds', 'aria-busy': 'true' }, [
    ...lead,
    slot,
    // It scrolls: focusable, so the keyboard can scroll it too (axe: scrollable-region-focusable).
    el(doc, 'div', { className: 'outcomes-wrap', tabindex: '0', role: 'region', 'aria-label': 'Chance of every outcome' }, [
      el(doc, 'table', { className: 'outcomes', 'aria-label': 'Chance of every outcome' }, [
        el(doc, 'thead', {}, [el(doc, 'tr', {}, [el(doc, 'th', { scope: 'col', text: 'Outcome' }), el(doc, 'th', { scope: 'col', className: 'num', text: 'Chance' })])]),
        view.table,
      ]),
    ]),
  ]);
  /** @type {string | null} the chart axis's title: what the kind's outcomes are */
  const axis = null;
  return { ...view, slot, panel, axis };
}

/**
 * Opens the panel for `sheetRoll` (`{path, group, label, request, note}`) of `character` in
 * `roster` inside `root`. Returns `{close()}`; Esc and the × button close it too.
 */
export function openRollPanel(root, { sheetRoll, character, roster }, ctx = {}) {
  const api = ctx.api ?? defaultApi;
  const doc = root.ownerDocument;
  const prefix = `roll-panel${++instances}`;
  const opener = doc.activeElement;
  const state = { kind: null, system: null, start: {}, closed: false };
  const commandError = (error) => (api.toCommandError ? api.toCommandError(error) : error);

  const titleId = `${prefix}-title`;
  const closeButton = el(doc, 'button', { type: 'button', className: 'rp-close', 'aria-label': 'Close the roll panel (Esc)', title: 'Close (Esc)', text: '×' });
  const summary = el(doc, 'p', { className: 'kind-summary' });
  // How the roll works and its rulings fold away: at 1024×700 the form, the odds and the
  // result must all be in sight at once. The line that opens it names the rulings' count.
  const aboutLine = el(doc, 'summary', { className: 'rp-about-line', text: 'How this roll works' });
  // What the sheet's roll is set to until the GM sets it: gone once the form says otherwise.
  const untilSet = el(doc, 'p', { className: 'rp-until-set', text: sheetRoll.until_set ?? '', hidden: !sheetRoll.until_set });
  const rulingsList = el(doc, 'ul');
  const rulings = el(doc, 'aside', { className: 'rulings', 'aria-label': 'Rulings that decide this roll', hidden: true }, [rulingsList]);
  const fields = el(doc, 'fieldset', { className: 'fields' }, [el(doc, 'legend', { className: 'visually-hidden', text: 'Fields of this roll' })]);
  const formError = el(doc, 'div', { className: 'form-error', role: 'alert', hidden: true });
  const seedId = `${prefix}-seed`;
  const seed = el(doc, 'input', { id: seedId, type: 'text', inputmode: 'numeric', spellcheck: 'false', placeholder: 'random', 'aria-label': 'Seed for reproducible dice (optional)', 'aria-describedby': `${seedId}-error` });
  const seedError = el(doc, 'p', { className: 'field-error seed-error', id: `${seedId}-error`, hidden: true });
  const rollButton = el(doc, 'button', { type: 'submit', className: 'roll-button', 'aria-keyshortcuts': 'Control+Enter' }, ['Roll ', el(doc, 'kbd', { 'aria-hidden': 'true', text: 'Ctrl+Enter' })]);
  // A secret roll is logged as GM only and never reaches the players' view (issue 14).
  const secretId = `${prefix}-secret`;
  const secret = el(doc, 'input', { type: 'checkbox', id: secretId, className: 'rp-secret-box' });
  const switches = el(doc, 'div', { className: 'rp-switches' }, [
    el(doc, 'label', { className: 'rp-secret', for: secretId, title: 'Logged as GM only: the players\' view never shows it' }, [secret, doc.createTextNode(' Secret (GM only): never in the players\' view')]),
  ]);
  const handArea = el(doc, 'div', { className: 'rp-hand' });
  const formNode = el(doc, 'form', { className: 'rp-form', novalidate: true, autocomplete: 'off' }, [
    fields,
    formError,
    switches,
    handArea,
    el(doc, 'div', { className: 'roll-row' }, [
      el(doc, 'div', { className: 'field seed' }, [
        el(doc, 'label', { className: 'label', for: seedId }, ['Seed ', el(doc, 'span', { className: 'range', text: 'optional' })]),
        seed,
      ]),
      rollButton,
      seedError,
    ]),
  ]);
  const odds = oddsBlock(doc, prefix);
  const result = el(doc, 'div', { className: 'result-body rp-result', 'aria-live': 'polite' }, [
    el(doc, 'p', { className: 'empty', text: 'No dice yet. Set the roll, then Roll or Ctrl+Enter.' }),
  ]);
  const logged = el(doc, 'p', { className: 'rp-logged', role: 'status' });
  const panel = el(doc, 'section', { className: 'roll-panel', 'aria-labelledby': titleId, 'data-path': sheetRoll.path }, [
    el(doc, 'header', { className: 'rp-head' }, [
      el(doc, 'div', { className: 'rp-titles' }, [
        el(doc, 'p', { className: 'rp-kicker', text: `Roll for ${isolated(character.name)}` }),
        el(doc, 'h2', { className: 'rp-title', id: titleId, text: sheetRoll.label }),
        sheetRoll.note ? el(doc, 'p', { className: 'rp-note', text: sheetRoll.note }) : '',
        untilSet,
      ]),
      closeButton,
    ]),
    el(doc, 'details', { className: 'rp-about' }, [aboutLine, summary, rulings]),
    formNode,
    odds.panel,
  ]);
  odds.slot.append(el(doc, 'section', { className: 'rp-last', 'aria-label': 'Last roll' }, [result, logged]));
  root.replaceChildren(panel);

  const form = rollForm(doc, prefix, {
    fields,
    error: formError,
    seed,
    seedError,
    rollButton,
    odds,
    // The by-hand switch sits beside Secret, its dice under them.
    handSlot: (toggle, area) => {
      switches.append(toggle);
      handArea.replaceWith(area);
    },
  }, {
    request: (values) => mergeRequest(sheetRoll.request, form.models(), values),
    odds: async (request) => ({ odds: await api.odds(request, roster.id) }),
    roll: (request, seedValue, dice) => api.roll(request, seedValue, { rosterId: roster.id, characterId: character.id, secret: secret.checked, dice }),
    rolled: (request, answer, dice) => {
      renderResult(result, answer.result, `${isolated(sheetRoll.label)} · ${state.kind.name}`, { idPrefix: `${prefix}-dice` });
      logged.textContent = `${[verdictText(answer.result), verdictFigure(answer.result)].filter(Boolean).join(', ')}. In the roll log with ${isolated(character.name)}${secret.checked ? ', GM only' : ''}${dice ? ', rolled by hand' : ''}.`;
      // The dice sit under the chart: bring them into view (the panel scrolls, not the page).
      result.parentElement.scrollIntoView({ block: 'nearest' });
      form.lightUp(request, answer.result);
      ctx.bus?.dispatchEvent(new CustomEvent('log-changed', { detail: { log_id: answer.log_id, character_id: character.id } }));
    },
    askDice: (request, faces) => api.rollDiceAsked(request, faces, { rosterId: roster.id, characterId: character.id }),
    // Choices side by side under the odds, under the roster's house rules; asked only while open.
    compare: {
      call: (request, field, values) => api.oddsCompare(request, field, values, roster.id),
      callPlan: (plan) => api.oddsPlan(plan, roster.id),
    },
    commandError,
    closed: () => state.closed,
    changed: () => {
      if (sheetRoll.until_set) untilSet.hidden = setByGm(form.models(), state.start, form.values());
    },
  });

  function showRulings(list) {
    rulings.hidden = list.length === 0;
    rulingsList.replaceChildren(...list.map((text) => el(doc, 'li', {}, [
      el(doc, 'span', { className: 'ruling-badge', text: 'Ruling' }),
      el(doc, 'span', { className: 'ruling-text', text }),
    ])));
  }

  const shown = () => !state.closed && panel.isConnected && panel.getClientRects().length > 0;
  const unregister = [];
  if (ctx.shortcuts?.register) {
    unregister.push(ctx.shortcuts.register({ keys: ['Ctrl+Enter', 'Ctrl+R'], label: 'Roll from the sheet', group: 'Roll panel', inText: true, when: shown, run: () => form.roll() }));
    unregister.push(ctx.shortcuts.register({ keys: 'Esc', label: 'Close the roll panel', group: 'Roll panel', inText: true, when: shown, run: () => close() }));
  }
  // Without the shell's registry (or when focus is inside the panel) the panel hears its keys itself.
  panel.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    const ctrl = event.ctrlKey || event.metaKey;
    if (ctrl && !event.altKey && (event.key === 'Enter' || event.key.toLowerCase() === 'r')) {
      event.preventDefault();
      form.roll();
    } else if (event.key === 'Escape' && !event.target.closest?.('select')) {
      event.preventDefault();
      close();
    }
  });
  formNode.addEventListener('submit', (event) => {
    event.preventDefault();
    form.roll();
  });
  closeButton.addEventListener('click', () => close());

  function close() {
    if (state.closed) return;
    state.closed = true;
    form.close();
    for (const off of unregister) off();
    const hadFocus = panel.contains(doc.activeElement);
    panel.remove();
    if (hadFocus && opener?.isConnected) opener.focus();
    ctx.bus?.dispatchEvent(new CustomEvent('roll-panel-closed', { detail: { sheetRoll, character } }));
  }

  (async () => {
    try {
      const found = kindOf(await api.catalog(roster.id), sheetRoll.request, roster.system_version ?? null);
      if (state.closed) return;
      if (!found) throw new Error(`This roll (${sheetRoll.request?.system} ${sheetRoll.request?.roll}) is not in the rules catalog.`);
      state.system = found.system;
      state.kind = found.kind;
      odds.axis = found.kind.outcome ?? null;
      const models = found.kind.fields.map(fieldModel);
      form.compare.setKind(found.kind);
      summary.textContent = `${found.kind.name}: ${found.kind.summary ?? ''}`;
      showRulings(found.kind.rulings ?? []);
      aboutLine.textContent = aboutText(found.kind.name, (found.kind.rulings ?? []).length);
      state.start = prefillValues(models, sheetRoll.request);
      form.show(models, state.start, { idPrefix: `${prefix}-field` });
      await form.update();
      if (!state.closed) fields.querySelector('input, select')?.focus();
    } catch (error) {
      form.fail(error?.message ?? String(error));
    }
  })();

  return { close };
}
