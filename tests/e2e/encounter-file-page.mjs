// The table panel of a system from a file (ui/js/encounter/systems/file.js, file-roll.js) as a
// test sees it: Roll initiative and what it said, the Roll form (who, which kind, the rating,
// whom against, the fields typed, a list's entries among them, each with the error shown at it)
// with the request its odds are for, and the last roll's dice,
// outcome and events. Built on the Encounters view's page (order, log, undo).

import { EncounterPage, pickOption, waitUntil } from './encounter-page.mjs';

const HOST = '#encounter-system-host';
const FORM = `${HOST} form.file-roll`;

export class FileTablePage extends EncounterPage {
  /** What the file panel shows, read in one go. */
  async readTable() {
    return this.driver.executeScript((host, formCss) => {
      const root = document.querySelector(host);
      const form = document.querySelector(formCss);
      const text = (node) => node?.textContent.trim() ?? null;
      const shownField = (name) => {
        const select = form?.querySelector(`select[name="${name}"]`);
        const field = select?.closest('.tp-field');
        return field && !field.hidden ? {
          label: text(field.firstChild),
          picked: select.value,
          options: [...select.options].map((o) => ({ value: o.value, text: text(o) })),
        } : null;
      };
      const initiative = root?.querySelector('button[data-role="file-initiative"]');
      const initiativeResult = root?.querySelector('[data-role="file-initiative-result"]');
      const odds = form?.querySelector('.tp-odds');
      const result = form?.querySelector('[data-role="file-roll-result"]');
      const dice = result?.querySelector('[data-outcome]');
      return {
        initiative: initiative && !initiative.hidden ? { disabled: initiative.disabled } : null,
        initiativeEvents: initiativeResult && !initiativeResult.hidden ? [...initiativeResult.querySelectorAll('.tp-events li')].map(text) : null,
        form: Boolean(form && !form.hidden),
        heading: text(form?.querySelector('[data-role="file-roll-heading"]')),
        who: shownField('roller'),
        kind: shownField('kind'),
        rating: shownField('rating'),
        against: shownField('against'),
        typed: [...(form?.querySelectorAll('[data-role="file-typed"] [data-field]') ?? [])].map((field) => {
          const input = field.querySelector('input, select');
          const shown = {
            name: field.dataset.field,
            type: input?.type ?? null,
            value: input?.type === 'checkbox' ? input.checked : input?.value ?? null,
            min: input?.getAttribute('min') ?? null,
            max: input?.getAttribute('max') ?? null,
          };
          const list = field.querySelector('[data-list]');
          // A list: every entry's text, and which are marked invalid; the error line's words.
          if (list) shown.items = [...list.querySelectorAll('input')].map((i) => ({ value: i.value, invalid: i.getAttribute('aria-invalid') === 'true' }));
          const error = field.querySelector('.field-error:not([hidden])');
          if (error || list) shown.error = text(error);
          return shown;
        }),
        request: odds?.dataset.request ? JSON.parse(odds.dataset.request) : null,
        oddsBusy: odds?.getAttribute('aria-busy') === 'true',
        held: Boolean(odds?.classList.contains('held')),
        success: text(odds?.querySelector('.success-value')),
        result: result && !result.hidden ? {
          outcome: dice?.dataset.outcome ?? null,
          seed: dice?.dataset.seed ?? null,
          faces: [...result.querySelectorAll('.die')].map((d) => Number(d.dataset.face)),
          events: [...result.querySelectorAll('.tp-events li')].map(text),
        } : null,
        error: text(root?.querySelector('.form-error:not([hidden])')),
      };
    }, HOST, FORM);
  }

  /** Waits until `check(readTable())` holds; answers that reading. */
  async untilTable(check, message) {
    return waitUntil(this.driver, () => this.readTable(), (t) => Boolean(t && check(t)), message);
  }

  /** Presses Roll initiative and waits for its own log entry; answers the page then. */
  async rollInitiative() {
    return this.logged(
      () => this.click(`${HOST} button[data-role="file-initiative"]`),
      (p) => /^Initiative: /.test(p.log[0]?.lines[0] ?? ''),
      'Roll initiative was not logged',
    );
  }

  /**
   * Sets the Roll form as a GM would: `who` (a name), `kind` (a kind's id), `rating` (a rating's
   * name), `against` (a name, or '' for no one), `fields` (typed numbers by field name; an array
   * for a list, see `setList`), each waited for until the form shows it.
   */
  async setRoll({ who, kind, rating, against, fields = {} }) {
    if (who !== undefined) await pickOption(this.driver, `${FORM} select[name="roller"]`, (o) => o.text === who, who);
    if (kind !== undefined) await pickOption(this.driver, `${FORM} select[name="kind"]`, (o) => o.value === kind, kind);
    if (rating !== undefined) await pickOption(this.driver, `${FORM} select[name="rating"]`, (o) => o.value === rating, rating);
    if (against !== undefined) await pickOption(this.driver, `${FORM} select[name="against"]`, (o) => (against === '' ? o.value === '' : o.text === against), against || 'no one');
    for (const [name, value] of Object.entries(fields)) {
      if (Array.isArray(value)) await this.setList(name, value);
      else await this.typeOver(`${FORM} [data-field="${name}"] input`, String(value));
    }
    return this.readTable();
  }

  /**
   * Makes the list field `name` hold `values` as a GM would: "+ Add" or an entry's × until it
   * has as many entries, then each typed over.
   */
  async setList(name, values) {
    const list = `${FORM} [data-field="${name}"] [data-list]`;
    const count = () => this.driver.executeScript((css) => document.querySelectorAll(`${css} input`).length, list);
    for (let n = await count(); n !== values.length; n = await count()) {
      await this.click(n < values.length ? `${list} button.add` : `${list} .item:last-of-type button.remove`);
      await this.waitValue(count, (m) => m !== n, `the ${name} list did not change from ${n} entries`);
    }
    for (const [index, value] of values.entries()) {
      await this.typeOver(`${list} .item:nth-of-type(${index + 1}) input`, String(value));
    }
  }

  /** Presses Roll and waits for its own log entry and the panel's result; answers both. */
  async roll(check, message) {
    const page = await this.logged(() => this.click(`${FORM} button[data-role="file-roll"]`), check, message);
    const table = await this.untilTable((t) => t.result !== null && t.result.outcome !== null, 'the roll\'s result was not shown');
    return { page, table };
  }
}
