import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileName, formatOf, saveTarget, slug } from '../../ui/js/transfer/file-type.js';

test('fileName takes the last part of a Unix or Windows path', () => {
  assert.equal(fileName('/home/gm/backup.json'), 'backup.json');
  assert.equal(fileName('C:\\Users\\gm\\Heroes.CSV'), 'Heroes.CSV');
  assert.equal(fileName('plain'), 'plain');
});

test('the format comes from the extension, in any case, and only json and csv count', () => {
  assert.equal(formatOf('/a/b.json'), 'json');
  assert.equal(formatOf('/a/B.CSV'), 'csv');
  assert.equal(formatOf('/a.csv/b'), null);
  assert.equal(formatOf('/a/b.txt'), null);
  assert.equal(formatOf('/a/.json'), null);
  assert.equal(formatOf('/a/b'), null);
});

test('a save path without a known extension gets the flow\'s default one', () => {
  assert.deepEqual(saveTarget('/tmp/heroes.csv', 'json'), { path: '/tmp/heroes.csv', format: 'csv' });
  assert.deepEqual(saveTarget('/tmp/heroes', 'json'), { path: '/tmp/heroes.json', format: 'json' });
  assert.deepEqual(saveTarget('/tmp/heroes.txt', 'csv'), { path: '/tmp/heroes.txt.csv', format: 'csv' });
});

test('slug makes a file name from any name', () => {
  assert.equal(slug('Friday Night Heroes'), 'friday-night-heroes');
  assert.equal(slug('  Ünïcode   Crew!! '), 'unicode-crew');
  assert.equal(slug('!!!'), 'rollbook');
  assert.equal(slug(''), 'rollbook');
  assert.ok(slug('x'.repeat(200)).length <= 60);
});
