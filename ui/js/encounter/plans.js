// Fights prepared ahead (issue 27): the sidebar's Plans (start one as a new encounter, delete
// one with Undo), "Save as plan…" of the open encounter (a name and the GM's notes) and
// "Duplicate". Each is one store call (`plan_*`, `encounter_duplicate`), as the CLI's are.

import { el } from '../dom.js';
import { buildDialog, dialogButton, openModal } from '../toolkit/dialog.js';
import { maxLength } from '../text-limits.js';
import { isolated } from '../format.js';

/** "3 taking part · Sniper on the gantry": what the sidebar says of a plan. */
export function planSummary(plan) {
  const n = plan.contents.participants.length;
  const who = `${n} taking part`;
  const notes = plan.contents.notes.trim().split('\n')[0];
  return notes ? `${who} · ${isolated(notes)}` : who;
}

/**
 * Builds the Plans section (appended to `aside`). `started(encounter)` opens an encounter just
 * started; `report(error)` shows a refusal. Returns `{load(roster), saveAsPlan(encounter),
 * duplicate(encounter)}`.
 */
export function mountPlans(aside, { ctx, report, started }) {
  const doc = aside.ownerDocument;
  const api = ctx.api;
  let roster = null;
  let plans = [];
  /** @type {import('../../types/bindings').DamagedNotice[]} plans of the roster that do not read */
  let damaged = [];
  let loads = 0;

  const list = el(doc, 'ul', { className: 'plan-list', id: 'plan-list', 'aria-labelledby': 'plans-title' });
  const empty = el(doc, 'p', { className: 'empty plan-list-empty', id: 'plan-list-empty', text: 'Save an encounter as a plan to start the same fight again.' });
  const section = el(doc, 'section', { className: 'plans', id: 'plans', 'aria-labelledby': 'plans-title', hidden: true }, [
    el(doc, 'h2', { className: 'panel-title', id: 'plans-title', text: 'Plans' }),
    list,
    empty,
  ]);
  // Between the encounters and the New encounter form, which keeps the sidebar's foot.
  aside.insertBefore(section, aside.querySelector('form.encounter-new'));

  function item(plan) {
    const start = el(doc, 'button', { type: 'button', className: 'plan-start', title: 'Start this fight as a new encounter' }, [
      el(doc, 'span', { className: 'plan-name', text: plan.name }),
      el(doc, 'span', { className: 'plan-meta', text: planSummary(plan) }),
    ]);
    start.setAttribute('aria-label', `Start ${isolated(plan.name)}`);
    start.addEventListener('click', () => startPlan(plan));
    const remove = el(doc, 'button', { type: 'button', className: 'button quiet danger plan-delete', 'aria-label': `Delete the plan ${isolated(plan.name)}`, title: 'Delete this plan (Undo brings it back)', text: '×' });
    remove.addEventListener('click', () => deletePlan(plan));
    return el(doc, 'li', { className: 'plan-item', 'data-id': plan.id }, [start, remove]);
  }

  /** A plan that does not read: Rust's own words, which name it and the snapshot holding it sound. */
  function damagedItem(notice) {
    return el(doc, 'li', { className: 'plan-item plan-damaged', 'data-id': notice.plan_id ?? '', 'data-code': notice.code, text: notice.message });
  }

  function draw() {
    section.hidden = !roster;
    list.replaceChildren(...plans.map(item), ...damaged.map(damagedItem));
    empty.hidden = plans.length + damaged.length > 0;
  }

  async function load(next) {
    const mine = ++loads;
    roster = next;
    if (!roster) {
      plans = [];
      damaged = [];
      draw();
      return;
    }
    try {
      const found = await api.plans(roster.id);
      if (mine !== loads) return;
      ({ plans, damaged } = found);
    } catch (error) {
      report(error);
    }
    draw();
  }

  async function startPlan(plan) {
    try {
      const encounter = await api.startPlan(plan.id);
      await started(encounter);
      ctx.toast(`Started “${isolated(encounter.state.name)}” from its plan.`);
    } catch (error) {
      report(error);
    }
  }

  async function deletePlan(plan) {
    try {
      await api.deletePlan(plan.id);
    } catch (error) {
      report(error);
      return;
    }
    plans = plans.filter((p) => p.id !== plan.id);
    draw();
    ctx.toast(`Deleted the plan ${isolated(plan.name)}.`, {
      action: {
        label: 'Undo',
        run: async () => {
          try {
            await api.restorePlan(plan.id);
            await load(roster);
          } catch (error) {
            report(error);
          }
        },
      },
    });
  }

  /** Asks a name and notes, then saves the encounter's participants as a plan. */
  async function saveAsPlan(encounter) {
    const { dialog, form, body, actions } = buildDialog(doc, {
      title: 'Save as plan',
      description: 'Who takes part, in this order (copies, quick NPCs with their numbers, who is hidden), to start the same fight again. What happened in this one is not kept.',
      className: 'plan-save-dialog',
    });
    const name = el(doc, 'input', { type: 'text', id: 'plan-save-name', value: encounter.state.name, ...maxLength(ctx, 'name'), spellcheck: 'false' });
    const notes = el(doc, 'textarea', { id: 'plan-save-notes', rows: '3', ...maxLength(ctx, 'notes'), placeholder: 'Tactics, terrain, treasure…' });
    const problem = el(doc, 'p', { className: 'field-error', id: 'plan-save-problem', role: 'alert', hidden: true });
    body.append(
      el(doc, 'label', { className: 'label', for: name.id, text: 'Name' }), name,
      el(doc, 'label', { className: 'label', for: notes.id, text: 'Notes' }), notes,
      problem,
    );
    const save = dialogButton(doc, 'Save plan', { kind: 'primary', type: 'submit' });
    actions.append(dialogButton(doc, 'Cancel', { onClick: () => dialog.close('') }), save);
    /** @type {import('../../types/bindings').EncounterPlan | null} */
    let saved = null;
    form.addEventListener('submit', async () => {
      save.disabled = true;
      try {
        saved = await api.savePlan(encounter.id, name.value, notes.value);
        dialog.close('saved');
      } catch (error) {
        problem.textContent = api.toCommandError ? api.toCommandError(error).message : String(error);
        problem.hidden = false;
      } finally {
        save.disabled = false;
      }
    });
    await openModal(dialog, { initial: name });
    if (!saved) return;
    await load(roster);
    ctx.toast(`Saved the plan “${isolated(saved.name)}”: start it from Plans.`);
  }

  /** A new encounter with the same participants, opened. */
  async function duplicate(encounter) {
    try {
      const copy = await api.duplicateEncounter(encounter.id);
      await started(copy);
    } catch (error) {
      report(error);
    }
  }

  return { load, saveAsPlan, duplicate };
}
