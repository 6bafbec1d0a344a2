// The players' page's DOM: builds it once from index.html's skeleton and updates it in place from
// each new view. Rows are kept by key (participant id, roll id) and only what changed is
// written, so a TV showing the page does not flicker. User strings go in as text only.
import {
  clockTime, healthView, keyedPlan, latestRolls, pinned, roundText, rowUnits, sideText, signature,
  statusText, titleText, turnAnnouncement, turnMoved, turnText,
} from './model.js';

function make(doc, tag, className, text) {
  const el = doc.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined && text !== null) el.textContent = text;
  return el;
}

function setText(el, text) {
  const value = text ?? '';
  if (el.textContent !== value) el.textContent = value;
}

function setHidden(el, hidden) {
  if (el.hidden !== hidden) el.hidden = hidden;
}

function setData(el, name, value) {
  if (value === null || value === undefined) {
    if (name in el.dataset) delete el.dataset[name];
  } else if (el.dataset[name] !== value) {
    el.dataset[name] = value;
  }
}

/** Restarts a one-off highlight (CSS decides what it looks like, and drops it under reduced motion). */
function flash(el, className) {
  el.classList.remove(className);
  void el.offsetWidth; // so the animation starts again when the class comes back
  el.classList.add(className);
  el.addEventListener('animationend', () => el.classList.remove(className), { once: true });
}

/** The health block: a shape that says the word (full, three-quarter, half, struck ring), the text, a bar for numbers. */
function createHealth(doc) {
  const root = make(doc, 'div', 'health');
  const icon = make(doc, 'span', 'health-icon');
  icon.setAttribute('aria-hidden', 'true');
  const text = make(doc, 'span', 'health-text');
  const word = make(doc, 'span', 'health-word');
  const bar = make(doc, 'span', 'health-bar');
  bar.setAttribute('aria-hidden', 'true');
  const fill = make(doc, 'span', 'health-fill');
  bar.append(fill);
  const label = make(doc, 'span', 'sr-only');
  const shown = make(doc, 'span', 'health-shown');
  shown.setAttribute('aria-hidden', 'true');
  shown.append(icon, text);
  const meter = make(doc, 'span', 'health-meter');
  meter.setAttribute('aria-hidden', 'true');
  meter.append(bar, word);
  root.append(label, shown, meter);
  return {
    root,
    update(health) {
      const h = healthView(health);
      setHidden(root, !h);
      if (!h) return;
      setData(root, 'word', h.word);
      setData(root, 'shown', h.shown);
      setText(label, `Health: ${h.label}`);
      setText(text, h.text);
      setText(word, h.shown === 'numbers' ? h.word : '');
      setHidden(word, h.shown !== 'numbers' || !h.word);
      setHidden(meter, h.shown !== 'numbers');
      if (h.fraction !== null) fill.style.setProperty('--fill', String(h.fraction));
    },
  };
}

function chipList(doc, className, label) {
  const list = make(doc, 'ul', className);
  list.setAttribute('aria-label', label);
  let sig = null;
  return {
    root: list,
    update(items, render) {
      const next = signature(items);
      if (next === sig) return;
      sig = next;
      list.replaceChildren(...items.map((item) => render(item)));
      setHidden(list, items.length === 0);
    },
  };
}

function statChip(doc, { label, value }) {
  const li = make(doc, 'li', 'chip');
  li.append(make(doc, 'span', 'chip-label', `${label}:`), make(doc, 'span', 'chip-value', value));
  return li;
}

function effectChip(doc, { name, left }) {
  const li = make(doc, 'li', 'chip effect');
  const mark = make(doc, 'span', 'effect-mark', '✦');
  mark.setAttribute('aria-hidden', 'true');
  li.append(mark, make(doc, 'span', 'effect-name', name));
  if (left) li.append(make(doc, 'span', 'effect-left', `· ${left}`));
  return li;
}

/** One participant's row in the turn order. */
function createRow(doc, id) {
  const li = make(doc, 'li', 'row');
  li.dataset.id = id;
  const mark = make(doc, 'span', 'row-mark');
  const head = make(doc, 'div', 'row-head');
  const name = make(doc, 'span', 'row-name');
  const side = make(doc, 'span', 'side');
  head.append(name, side);
  const health = createHealth(doc);
  const details = make(doc, 'div', 'row-details');
  const stats = chipList(doc, 'chips stats', 'Stats');
  const effects = chipList(doc, 'chips effects', 'Effects');
  details.append(stats.root, effects.root);
  li.append(mark, head, health.root, details);
  return {
    el: li,
    /** `place`: the row's number in the turn order, shown when it is nobody's turn or next. */
    update(p, place) {
      setText(name, p.name);
      setText(side, sideText(p.side));
      setData(li, 'side', p.side === 'pc' ? 'pc' : 'npc');
      // The number is written, not a CSS counter: WebKit keeps a moved row's old count.
      const role = p.current ? 'Now' : p.next && !p.current ? 'Next' : String(place);
      setText(mark, role);
      setData(mark, 'role', p.current ? 'now' : p.next ? 'next' : null);
      li.classList.toggle('is-current', Boolean(p.current));
      li.classList.toggle('is-next', Boolean(p.next) && !p.current);
      if (p.current) li.setAttribute('aria-current', 'true');
      else li.removeAttribute('aria-current');
      health.update(p.health);
      stats.update(p.stats ?? [], (s) => statChip(doc, s));
      effects.update(p.effects ?? [], (e) => effectChip(doc, e));
      setHidden(details, !(p.stats?.length || p.effects?.length));
    },
  };
}

function createRoll(doc) {
  const li = make(doc, 'li', 'roll');
  const head = make(doc, 'div', 'roll-head');
  const who = make(doc, 'span', 'roll-who');
  const what = make(doc, 'span', 'roll-what');
  const time = make(doc, 'span', 'roll-time');
  head.append(who, what, time);
  const body = make(doc, 'div', 'roll-body');
  const dice = make(doc, 'span', 'dice');
  const outcome = make(doc, 'span', 'roll-outcome');
  const result = make(doc, 'span', 'roll-result');
  const chance = make(doc, 'span', 'roll-chance');
  body.append(dice, outcome, result, chance);
  li.append(head, body);
  let diceSig = null;
  return {
    el: li,
    update(r, at) {
      setText(who, r.who);
      setText(what, r.roll + (r.byHand ? ' (by hand)' : ''));
      setText(time, clockTime(at));
      const sig = signature([r.dice, r.more]);
      if (sig !== diceSig) {
        diceSig = sig;
        dice.setAttribute('aria-label', `Dice: ${r.dice.join(', ')}${r.more ? ` and ${r.more} more` : ''}`);
        const faces = r.dice.map((face) => {
          const die = make(doc, 'span', 'die', face);
          die.setAttribute('aria-hidden', 'true');
          return die;
        });
        if (r.more) {
          const more = make(doc, 'span', 'die die-more', `+${r.more}`);
          more.setAttribute('aria-hidden', 'true');
          faces.push(more);
        }
        dice.replaceChildren(...faces);
      }
      setText(outcome, r.outcome);
      setData(li, 'result', r.result);
      setText(result, r.result === 'success' ? `✓ ${r.resultText}` : r.result === 'fail' ? `✗ ${r.resultText}` : '');
      setHidden(result, !r.result);
      setText(chance, r.chance ?? '');
      setHidden(chance, !r.chance);
    },
  };
}

/** Moves the keyed elements into `order` inside `list`, touching only those out of place. */
function placeInOrder(list, order) {
  let ref = list.firstElementChild;
  for (const el of order) {
    if (el === ref) ref = ref.nextElementSibling;
    else list.insertBefore(el, ref);
  }
}

/** A keyed list: `sync(items, key, create, update)` → the elements added this time. */
function keyedList(list) {
  const rows = new Map();
  return {
    sync(items, key, create, update) {
      const keys = items.map(key);
      const plan = keyedPlan([...rows.keys()], keys);
      for (const k of plan.remove) {
        rows.get(k).el.remove();
        rows.delete(k);
      }
      const added = new Set();
      for (const k of plan.add) {
        rows.set(k, create(k));
        added.add(k);
      }
      items.forEach((item, i) => update(rows.get(keys[i]), item));
      if (plan.add.length || plan.moved || list.children.length !== keys.length) {
        placeInOrder(list, keys.map((k) => rows.get(k).el));
      }
      return added;
    },
    get: (k) => rows.get(k),
  };
}

/** The turn banner: pinned at the top on a phone, a headline strip on a TV. */
function createBanner(doc, root) {
  const label = root.querySelector('.now-label');
  const name = root.querySelector('.now-name');
  const health = createHealth(doc);
  root.querySelector('.now-health').append(health.root);
  const next = root.querySelector('.now-next');
  const nextName = root.querySelector('.now-next-name');
  return {
    update(view) {
      const pin = pinned(view);
      setData(root, 'kind', pin.kind);
      setText(label, pin.kind === 'current' ? 'Now' : 'Turn');
      setText(name, pin.kind === 'current' ? pin.participant.name : turnText(view));
      health.update(pin.kind === 'current' ? pin.participant.health : null);
      setHidden(next, !pin.next);
      setText(nextName, pin.next ? pin.next.name : '');
      return pin;
    },
  };
}

/**
 * `createView(doc)` → `{show(view), status(status)}`: `show` takes a PlayersView or null (no
 * encounter shown); `status` a transport status ("connecting", "live", "reconnecting", "stopped").
 */
export function createView(doc) {
  const $ = (id) => doc.getElementById(id);
  const app = $('app');
  const order = $('order');
  const rowsList = keyedList(order);
  const rollsList = keyedList($('rolls'));
  const banner = createBanner(doc, $('now'));
  let last = null;
  let shownAny = false;

  function showTable(view) {
    const table = $('table-stats');
    const sig = signature(view.table);
    if (table.dataset.sig !== sig) {
      table.dataset.sig = sig;
      table.replaceChildren(...view.table.map(({ label, value }) => {
        const item = make(doc, 'div', 'stat');
        item.append(make(doc, 'dt', 'stat-label', label), make(doc, 'dd', 'stat-value', value));
        return item;
      }));
    }
    setHidden(table, view.table.length === 0);
    const tasks = $('tasks');
    const tsig = signature(view.tasks);
    if (tasks.dataset.sig !== tsig) {
      tasks.dataset.sig = tsig;
      tasks.replaceChildren(...view.tasks.map(({ label, kind, progress }) => {
        const li = make(doc, 'li', 'task');
        const head = make(doc, 'div', 'task-head');
        head.append(make(doc, 'span', 'task-label', label), make(doc, 'span', 'task-kind', kind));
        li.append(head, make(doc, 'span', 'task-progress', progress));
        return li;
      }));
    }
    setHidden(tasks, view.tasks.length === 0);
    setHidden($('table-panel'), view.table.length === 0 && view.tasks.length === 0);
  }

  function showRolls(view) {
    const rolls = latestRolls(view);
    const at = new Map((view.rolls ?? []).map((r) => [String(r.id), r.at]));
    const added = rollsList.sync(rolls, (r) => r.id, () => createRoll(doc), (row, r) => row.update(r, at.get(r.id)));
    if (shownAny) for (const id of added) flash(rollsList.get(id).el, 'flash');
    setHidden($('rolls-empty'), rolls.length > 0);
  }

  function show(view) {
    const before = last;
    last = view;
    doc.title = titleText(view);
    setData(app, 'view', view ? 'encounter' : 'none');
    if (!view) {
      setText($('encounter-name'), 'Rollbook');
      setText($('round'), '');
      setText($('message'), 'No encounter is shown yet');
      return;
    }
    setText($('encounter-name'), view.encounter);
    setText($('round'), roundText(view));
    setData(app, 'system', view.system);

    const participants = view.participants ?? [];
    order.style.setProperty('--units', String(rowUnits(participants)));
    const places = new Map(participants.map((p, i) => [p.id, i + 1]));
    rowsList.sync(participants, (p) => p.id, (id) => createRow(doc, id), (row, p) => row.update(p, places.get(p.id)));
    setHidden($('order-empty'), participants.length > 0);

    const pin = banner.update(view);
    showTable(view);
    showRolls(view);

    const said = turnAnnouncement(before, view);
    if (said) setText($('announce'), said);
    if (turnMoved(before, view) && pin.kind === 'current') {
      const row = rowsList.get(pin.participant.id);
      if (row) flash(row.el, 'flash');
      flash($('now'), 'flash');
    }
    shownAny = true;
  }

  function status(s) {
    setData(app, 'status', s);
    const text = statusText(s);
    const el = $('status');
    setText(el, text);
    setHidden(el, !text);
    // Before the first view the message in the middle says what is going on.
    if (app.dataset.view === 'loading') setText($('message'), text || 'Connecting…');
  }

  return { show, status };
}
