import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clockText, HISTORY_LIMIT, historyEntry, pushHistory } from '../../ui/js/history.js';

test('pushHistory puts the newest first and keeps at most the limit, without changing the old list', () => {
  let list = [];
  for (let i = 1; i <= HISTORY_LIMIT + 3; i += 1) {
    const before = list;
    list = pushHistory(list, { n: i });
    assert.notEqual(list, before);
  }
  assert.equal(list.length, HISTORY_LIMIT);
  assert.equal(list[0].n, HISTORY_LIMIT + 3);
  assert.equal(list.at(-1).n, 4);
  assert.deepEqual(pushHistory([{ n: 1 }, { n: 2 }], { n: 3 }, 2), [{ n: 3 }, { n: 1 }]);
});

const time = new Date(2024, 0, 2, 9, 5, 7);

test('a numeric outcome reads as the verdict and the number', () => {
  const entry = historyEntry({
    systemName: '64 Bit Heroes Marks',
    kindName: 'Dice pool',
    result: { outcome: '2', success: true, detail: '6d6 keep 3: 2 Marks', seed: 7 },
    chance: 0.2640067729766804,
    time,
  });
  assert.deepEqual(entry, {
    what: 'Dice pool · 64 Bit Heroes Marks',
    outcome: 'Success 2',
    chance: '26.40%',
    success: true,
    detail: '6d6 keep 3: 2 Marks',
    seed: 7,
    time,
  });
});

test('a named outcome reads as itself; a negative result keeps its sign', () => {
  const crit = historyEntry({ systemName: 'U', kindName: 'Attack', result: { outcome: 'critical', success: true, detail: '', seed: 1 }, time });
  assert.equal(crit.outcome, 'Critical');
  assert.equal(crit.chance, null);
  const bad = historyEntry({ systemName: 'G', kindName: 'Action', result: { outcome: '-2', success: false, detail: '', seed: 1 }, chance: 0.19, time });
  assert.equal(bad.outcome, 'Failure \u22122');
  assert.equal(bad.success, false);
});

test('clockText is a 24-hour time with seconds, always eight characters', () => {
  assert.equal(clockText(time), '09:05:07');
  assert.equal(clockText(new Date(2024, 0, 2, 23, 59, 0)), '23:59:00');
});
