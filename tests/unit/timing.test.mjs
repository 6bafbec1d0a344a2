import { test } from 'node:test';
import assert from 'node:assert/strict';
import { debounce, latestOnly } from '../../ui/js/timing.js';

/** A hand-driven clock for debounce: `advance(ms)` runs what falls due. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map();
  return {
    setTimeout(fn, ms) {
      const id = nextId++;
      pending.set(id, { fn, at: now + ms });
      return id;
    },
    clearTimeout(id) {
      pending.delete(id);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.fn();
        }
      }
    },
    get count() {
      return pending.size;
    },
  };
}

test('debounce calls once, with the last arguments, after input has been quiet', () => {
  const timers = fakeTimers();
  const calls = [];
  const fn = debounce((...args) => calls.push(args), 100, timers);
  fn(1);
  timers.advance(60);
  fn(2);
  timers.advance(60);
  fn(3);
  timers.advance(99);
  assert.deepEqual(calls, []);
  timers.advance(1);
  assert.deepEqual(calls, [[3]]);
  assert.equal(timers.count, 0);
});

test('debounce.cancel drops the pending call', () => {
  const timers = fakeTimers();
  let calls = 0;
  const fn = debounce(() => { calls += 1; }, 100, timers);
  fn();
  fn.cancel();
  timers.advance(500);
  assert.equal(calls, 0);
  fn.cancel(); // nothing pending: harmless
  fn();
  timers.advance(100);
  assert.equal(calls, 1);
});

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

test('latestOnly: a slow older answer never overwrites a newer one', async () => {
  const answers = [deferred(), deferred()];
  let call = 0;
  const wrapped = latestOnly(() => answers[call++].promise);
  const first = wrapped('a');
  const second = wrapped('b');
  answers[1].resolve('new');
  answers[0].resolve('old');
  assert.deepEqual(await second, { value: 'new' });
  assert.deepEqual(await first, { superseded: true });
});

test('latestOnly: errors come back as values, and only for the latest call', async () => {
  const answers = [deferred(), deferred()];
  let call = 0;
  const wrapped = latestOnly(() => answers[call++].promise);
  const first = wrapped();
  const second = wrapped();
  const boom = new Error('boom');
  answers[0].reject(new Error('old'));
  answers[1].reject(boom);
  assert.deepEqual(await first, { superseded: true });
  assert.deepEqual(await second, { error: boom });
});

test('latestOnly.invalidate supersedes calls still under way', async () => {
  const answer = deferred();
  const wrapped = latestOnly(() => answer.promise);
  const pending = wrapped();
  wrapped.invalidate();
  answer.resolve(1);
  assert.deepEqual(await pending, { superseded: true });
  assert.deepEqual(await wrapped(), { value: 1 });
});

test('latestOnly passes the arguments through', async () => {
  const wrapped = latestOnly(async (a, b) => a + b);
  assert.deepEqual(await wrapped(2, 3), { value: 5 });
});
