import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ago, differenceText, holdsText, lastSnapshotText, policyText, QUIET_WEEK_MS, reasonText, sizeText } from '../../ui/js/backups/backups-model.js';

const holds = (rosters, characters, rolls, encounters, in_trash = 0) => ({ rosters, characters, rolls, encounters, in_trash });

test('what a snapshot holds reads as counts, with the trash when it holds any', () => {
  assert.equal(holdsText(holds(1, 12, 1204, 0)), '1 roster · 12 characters · 1,204 rolls · 0 encounters');
  assert.equal(holdsText(holds(4, 16, 0, 0, 5)), '4 rosters · 16 characters · 0 rolls · 0 encounters · 5 in the trash');
});

test('the difference from now names what restoring would change', () => {
  assert.equal(differenceText(holds(2, 10, 40, 1), holds(2, 12, 26, 1)), '2 characters fewer, 14 rolls more than now');
  assert.equal(differenceText(holds(3, 1, 0, 0), holds(2, 1, 0, 1)), '1 roster more, 1 encounter fewer than now');
  assert.equal(differenceText(holds(2, 3, 4, 5), holds(2, 3, 4, 5)), 'Same counts as now');
});

test('reasons are said in words, unknown ones as they are', () => {
  assert.equal(reasonText('trash'), 'Before emptying the trash');
  assert.equal(reasonText('upgrade'), 'Before an upgrade');
  assert.equal(reasonText('damaged'), 'The damaged database, set aside');
  assert.equal(reasonText('later'), 'later');
});

test('ago rounds to the unit a person would use', () => {
  const now = Date.parse('2026-11-25T20:00:00Z');
  assert.equal(ago(now - 20_000, now), 'just now');
  assert.equal(ago(now - 5 * 60_000, now), '5 minutes ago');
  assert.equal(ago(now - 60 * 60_000, now), '1 hour ago');
  assert.equal(ago(now - 3 * 24 * 3600_000, now), '3 days ago');
});

test('the status line says when the last snapshot was, and a quiet week gently', () => {
  const now = Date.parse('2026-11-25T20:00:00Z');
  const at = (ms) => ({ at: new Date(now - ms).toISOString() });
  assert.deepEqual(lastSnapshotText([at(2 * 3600_000), at(QUIET_WEEK_MS * 2)], now), { text: 'Last snapshot taken 2 hours ago.', stale: false });
  const quiet = lastSnapshotText([at(QUIET_WEEK_MS + 2 * 24 * 3600_000)], now);
  assert.equal(quiet.stale, true);
  assert.match(quiet.text, /^No snapshot in over a week: the last was taken 9 days ago\./);
  assert.equal(lastSnapshotText([], now).stale, true);
});

test('sizes read as the command line says them', () => {
  assert.equal(sizeText(812), '812 bytes');
  assert.equal(sizeText(48_000), '48.0 KB');
  assert.equal(sizeText(9_712_345), '9.7 MB');
});

test('the policy is said in words', () => {
  assert.equal(policyText({ keep_last: 10, days: 30, months: 1 }), 'Kept: the newest 10, one a day for 30 days and one a month for 1 month (change it under What is kept…, or with rollbook backup policy).');
});
