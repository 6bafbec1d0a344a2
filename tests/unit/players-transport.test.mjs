// The players' page's transports (ui/players/transport.js) with a fake network and clock: the
// HTTP one (./state, then ./events; reconnecting; stopped) and the Tauri one (players_view and
// the players-view event), both behind start(onView, onStatus).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpTransport, pickTransport, tauriTransport } from '../../ui/players/transport.js';

const tick = () => new Promise((r) => setImmediate(r));

function fakeNet(states) {
  const sources = [];
  const requests = [];
  class FakeEventSource {
    constructor(url) { this.url = url; this.readyState = 0; this.handlers = {}; this.closed = false; sources.push(this); }
    addEventListener(type, fn) { (this.handlers[type] ??= []).push(fn); }
    emit(type, data) { for (const fn of this.handlers[type] ?? []) fn({ data }); }
    close() { this.closed = true; this.readyState = 2; }
  }
  const fetchImpl = async (url) => {
    requests.push(url);
    const next = states.length > 1 ? states.shift() : states[0];
    if (next instanceof Error) throw next;
    return { ok: next.status === 200, status: next.status, text: async () => next.body };
  };
  const timers = [];
  return {
    sources, requests, timers,
    options: {
      base: 'http://127.0.0.1:9/p/tok/', fetchImpl, EventSourceImpl: FakeEventSource,
      setTimer: (fn, ms) => { timers.push({ fn, ms }); return timers.length; },
      clearTimer: () => {},
    },
  };
}

const view = (round) => ({ encounter: 'E', system: 'stunt', round, turn: { current: null, next: null, waiting: false }, participants: [], table: [], tasks: [], rolls: [] });
const ok = (body) => ({ status: 200, body: JSON.stringify(body) });

test('over HTTP: the state first, then every view the stream sends', async () => {
  const net = fakeNet([ok(view(1))]);
  const views = [];
  const statuses = [];
  httpTransport(net.options).start((v) => views.push(v?.round ?? null), (s) => statuses.push(s));
  await tick();
  assert.deepEqual(net.requests, ['http://127.0.0.1:9/p/tok/state']);
  assert.equal(net.sources[0].url, 'http://127.0.0.1:9/p/tok/events');
  net.sources[0].emit('open');
  net.sources[0].emit('view', JSON.stringify(view(2)));
  net.sources[0].emit('view', 'not json');
  assert.deepEqual(views, [1, 2]);
  assert.deepEqual(statuses, ['connecting', 'live']);
});

test('over HTTP: a null state is "no encounter shown"', async () => {
  const net = fakeNet([{ status: 200, body: 'null' }]);
  const views = [];
  httpTransport(net.options).start((v) => views.push(v), () => {});
  await tick();
  assert.deepEqual(views, [null]);
});

test('over HTTP: a dropped stream says Reconnecting and reads the state again once back', async () => {
  const net = fakeNet([ok(view(1)), ok(view(5))]);
  const views = [];
  const statuses = [];
  httpTransport(net.options).start((v) => views.push(v.round), (s) => statuses.push(s));
  await tick();
  const es = net.sources[0];
  es.emit('open');
  es.readyState = 0; // the browser reconnects by itself
  es.emit('error');
  assert.equal(statuses.at(-1), 'reconnecting');
  es.readyState = 1;
  es.emit('open');
  await tick();
  assert.deepEqual(views, [1, 5]);
  assert.equal(statuses.at(-1), 'live');
  assert.equal(net.sources.length, 1, 'the same stream, reconnected by the browser');
});

test('over HTTP: a closed stream or an unreachable server is tried again with backoff', async () => {
  const net = fakeNet([ok(view(1)), new Error('offline'), { status: 502, body: '' }, ok(view(2))]);
  const views = [];
  const statuses = [];
  httpTransport(net.options).start((v) => views.push(v.round), (s) => statuses.push(s));
  await tick();
  net.sources[0].readyState = 2;
  net.sources[0].emit('error');
  assert.equal(net.sources[0].closed, true);
  assert.deepEqual(net.timers.map((t) => t.ms), [1000]);
  net.timers[0].fn();
  await tick();
  assert.deepEqual(net.timers.map((t) => t.ms), [1000, 2000], 'offline: wait longer');
  net.timers[1].fn();
  await tick();
  assert.deepEqual(net.timers.map((t) => t.ms), [1000, 2000, 4000], 'a server error: longer still');
  net.timers[2].fn();
  await tick();
  assert.deepEqual(views, [1, 2]);
  assert.equal(net.sources.length, 2);
  net.sources[1].emit('open');
  assert.equal(statuses.at(-1), 'live');
  assert.ok(statuses.includes('reconnecting'));
});

test('over HTTP: "stopped" ends it all, and nothing is tried again', async () => {
  const net = fakeNet([ok(view(1))]);
  const statuses = [];
  const views = [];
  httpTransport(net.options).start((v) => views.push(v.round), (s) => statuses.push(s));
  await tick();
  const es = net.sources[0];
  es.emit('stopped', '');
  assert.equal(es.closed, true);
  assert.equal(statuses.at(-1), 'stopped');
  es.emit('error');
  es.emit('view', JSON.stringify(view(9)));
  assert.deepEqual(views, [1]);
  assert.equal(net.timers.length, 0);
  assert.equal(statuses.filter((s) => s === 'stopped').length, 1);
});

test('over HTTP: a share that is gone (404) is stopped', async () => {
  const net = fakeNet([{ status: 404, body: '' }]);
  const statuses = [];
  httpTransport(net.options).start(() => {}, (s) => statuses.push(s));
  await tick();
  assert.deepEqual(statuses, ['connecting', 'stopped']);
  assert.equal(net.sources.length, 0);
});

test('over HTTP: stop() closes the stream', async () => {
  const net = fakeNet([ok(view(1))]);
  const handle = httpTransport(net.options).start(() => {}, () => {});
  await tick();
  handle.stop();
  assert.equal(net.sources[0].closed, true);
});

function fakeTauri(answers) {
  const listeners = [];
  let unlistened = 0;
  return {
    listeners,
    unlistened: () => unlistened,
    tauri: {
      core: { invoke: async (cmd) => { assert.equal(cmd, 'players_view'); const a = answers.shift(); if (a instanceof Error) throw a; return a; } },
      event: { listen: async (name, fn) => { assert.equal(name, 'players-view'); listeners.push(fn); return () => { unlistened++; }; } },
    },
  };
}

test('in the app: players_view answers the view, the players-view event pushes the next', async () => {
  const fake = fakeTauri([view(1)]);
  const views = [];
  const statuses = [];
  const handle = tauriTransport(fake.tauri).start((v) => views.push(v?.round ?? null), (s) => statuses.push(s));
  await tick();
  fake.listeners[0]({ payload: view(2) });
  fake.listeners[0]({ payload: null });
  assert.deepEqual(views, [1, 2, null]);
  assert.deepEqual(statuses, ['connecting', 'live']);
  handle.stop();
  assert.equal(fake.unlistened(), 1);
});

test('in the app: a failed read is tried again', async () => {
  const fake = fakeTauri([new Error('not yet'), null]);
  const timers = [];
  const views = [];
  const statuses = [];
  tauriTransport(fake.tauri, { setTimer: (fn, ms) => timers.push({ fn, ms }), clearTimer: () => {} })
    .start((v) => views.push(v), (s) => statuses.push(s));
  await tick();
  assert.deepEqual(timers.map((t) => t.ms), [1000]);
  timers[0].fn();
  await tick();
  assert.deepEqual(views, [null]);
  assert.deepEqual(statuses, ['connecting', 'reconnecting', 'live']);
  assert.equal(fake.listeners.length, 1, 'listened once');
});

test('the transport is picked by window.__TAURI__', async () => {
  const fake = fakeTauri([view(3)]);
  const views = [];
  pickTransport({ __TAURI__: fake.tauri }).start((v) => views.push(v.round), () => {});
  await tick();
  assert.deepEqual(views, [3]);
  assert.equal(typeof pickTransport({ location: { href: 'http://h/p/t/' } }).start, 'function');
});
