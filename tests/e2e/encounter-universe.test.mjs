// End-to-end test of card initiative in the real window, on the universe roster Black Meridian
// Crew: both PCs (fate kept on their sheets), the Warden and two quick Drones; fate cards played
// from the panel; Deal for round 1, then next rounds until a joker comes up; the order shown
// follows the cards (jokers first, then Ace high down to 2, ties spades > hearts > diamonds >
// clubs), the joker's fate is applied, and the next round says the deck was reshuffled. What the
// page shows is checked against the CLI's reading of the same database.
// Run with scripts/e2e.sh tests/e2e/encounter-universe.test.mjs.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { REPO_ROOT, STARTUP_TIMEOUT_MS, startApp, screenshotOnFailure } from './app.mjs';
import { shellReady } from './log-transfer-page.mjs';
import { formatPercent } from '../../ui/js/format.js';
import { UniverseEncounterPage } from './encounter-universe-page.mjs';

const ALL_SYSTEMS = join(REPO_ROOT, 'src-tauri', 'roster', 'tests', 'fixtures', 'all-systems.json');
const ROSTER = 'Black Meridian Crew';

// A joker is certain within this many deals, not just likely: the sheets keep 3 fate cards out
// of the 54, so 51 cards (both jokers among them) make the draw pile; nothing before the first
// joker draws fate or reshuffles, and 5 cards are dealt a round, so at most 49 non-jokers can come
// before one: the first joker is dealt by the 10th deal at the latest.
const DEALS_UNTIL_A_JOKER = 10;

const SUITS = { S: 0, H: 1, D: 2, C: 3 };
/** RULES.md's initiative order as a sort key: jokers, then Ace high down to 2, then suit. */
function initiativeKey(code) {
  if (/^JK/.test(code)) return [0, 0, 0];
  const rank = code.slice(0, -1);
  const high = { A: 14, K: 13, Q: 12, J: 11 }[rank] ?? Number(rank);
  return [1, 14 - high, SUITS[code.slice(-1)]];
}
const before_ = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

let app;
let page;
const withShot = screenshotOnFailure('encounter-universe', () => app.driver);

function assertOrderFollowsCards(p) {
  const rows = p.universe.rows;
  assert.deepEqual(rows.map((r) => r.name), p.order.map((o) => o.name), 'the panel lists the turn order');
  const keys = rows.map((r) => initiativeKey(r.card));
  const jokers = keys.filter((k) => k[0] === 0).length;
  assert.ok(keys.slice(0, jokers).every((k) => k[0] === 0), 'jokers first');
  for (let i = jokers + 1; i < keys.length; i += 1) {
    assert.ok(before_(keys[i - 1], keys[i]) < 0, `${rows[i - 1].card} acts before ${rows[i].card}`);
  }
  for (const row of rows) assert.equal(Boolean(row.anyTime), /^JK/.test(row.card), `${row.name}: jokers are marked "acts any time"`);
}

describe('card initiative at the universe table', { timeout: 10 * 60_000 }, () => {
  before(async () => {
    app = await startApp();
    app.cli('--json', 'import', ALL_SYSTEMS);
    await app.driver.navigate().refresh();
    await shellReady(app.driver);
    page = new UniverseEncounterPage(app.driver);
  }, { timeout: STARTUP_TIMEOUT_MS + 60_000 });

  after(async () => {
    await app?.stop();
  });

  test('deal, play rounds until a joker, its fate, and the reshuffle after it', () => withShot('joker', async () => {
    await page.open(ROSTER);
    await page.create('Reactor deck');
    await page.addCharacters(['Captain Ines Moreau', 'Tobias Kell', 'Warden Ashby']);
    await page.addNpcs('Drone', 2);
    let p = await page.untilUniverse((x) => x.universe.rows.length === 5, 'the panel did not list everyone');
    const row = (x, name) => x.universe.rows.find((r) => r.name === name);
    assert.deepEqual(row(p, 'Captain Ines Moreau').fate, ['QH', '7S'], 'the fate kept on her sheet');
    assert.deepEqual(row(p, 'Tobias Kell').fate, ['3D']);
    assert.equal(row(p, 'Captain Ines Moreau').side, 'PC');
    assert.equal(row(p, 'Warden Ashby').side, 'hostile_npc');
    assert.equal(row(p, 'Drone 1').side, 'hostile_npc');
    assert.ok(p.universe.rows.every((r) => r.card === null), 'no cards before combat starts');
    assert.deepEqual(p.universe.deal, { text: 'Deal round 1', enabled: true });
    assert.match(p.universe.counts, /^Draw 51 · Discard 0 · Dealt 0 · Held as fate 3$/);

    // Free a fate slot on each PC so a joker dealt to them draws a card.
    p = await page.playFate('Tobias Kell', '3D', 'attack');
    assert.ok(p.universe.events.includes('Tobias Kell plays the 3 of diamonds (3D): +3 to one attack.'), p.universe.events.join(' | '));
    p = await page.playFate('Captain Ines Moreau', '7S', 'armor_class');
    assert.ok(p.universe.events.includes('Captain Ines Moreau plays the 7 of spades (7S): +7 AC against one attack.'), p.universe.events.join(' | '));

    p = await page.deal();
    assert.deepEqual(p.universe.deal, { text: 'Dealt', enabled: false });
    assertOrderFollowsCards(p);
    assert.match(p.log[0].lines[0], /^Round 1: cards dealt; .+ acts first\.$/);
    assert.ok(p.order[0].current, 'the first card has the turn');

    let deals = 1;
    while (!p.universe.rows.some((r) => /^JK/.test(r.card))) {
      assert.ok(deals < DEALS_UNTIL_A_JOKER, `no joker in ${deals} deals: the deck is not being dealt as ruled`);
      const was = p;
      p = await page.nextRound();
      deals += 1;
      assertOrderFollowsCards(p);
      assert.ok(!p.log[0].lines.some((l) => /^The deck was reshuffled/.test(l)), 'no reshuffle without a joker the round before');
      if (p.universe.rows.some((r) => /^JK/.test(r.card))) {
        // The joker's fate: a PC draws a fate card, a hostile NPC gives the GM one (or the log
        // says why none was drawn).
        const lines = p.log[0].lines;
        for (const jokerRow of p.universe.rows.filter((r) => /^JK/.test(r.card))) {
          assert.ok(lines.some((l) => l.includes(`${jokerRow.name} is dealt a joker`) && l.includes('acts any time')), lines.join(' | '));
          if (jokerRow.side === 'PC') {
            const gained = lines.some((l) => l.startsWith(`${jokerRow.name} gains a fate card for a joker`));
            assert.ok(gained || lines.some((l) => l.startsWith('No fate drawn')), lines.join(' | '));
            if (gained) assert.equal(jokerRow.fate.length, row(was, jokerRow.name).fate.length + 1, 'the fate card is shown with her');
          } else {
            assert.ok(lines.some((l) => l.startsWith('The GM gains negative fate for a joker')), lines.join(' | '));
            assert.ok(p.universe.gm.length > was.universe.gm.length, 'the GM pool shows the card');
          }
        }
        assert.match(p.universe.status, /A joker is out: it acts any time, and the deck is reshuffled before the next deal/);
      }
    }

    const stored = app.cli('--json', 'encounter', 'show', 'Reactor deck', '--roster', ROSTER);
    const state = stored.encounter?.state ?? stored.state;
    assert.deepEqual(state.order.map((o) => o.name), p.order.map((o) => o.name), 'the stored order is the order shown');

    p = await page.nextRound();
    assert.ok(p.log[0].lines.includes('The deck was reshuffled: a joker was dealt last round.'), p.log[0].lines.join(' | '));
    assert.ok(p.log[0].rulings.some((l) => /shuffled after any round in which a joker was dealt/.test(l)), p.log[0].lines.join(' | '));
    assertOrderFollowsCards(p);
  }));

  test('an attack previews the CLI\'s odds with the sheets\' numbers, then rolls into the log', () => withShot('attack', async () => {
    const preview = await page.previewMove('Attack', { Attacker: 'Warden Ashby', Target: 'Tobias Kell' });
    // The Warden's combat skill 3 + attack bonus 2, against Tobias's AC 12.
    assert.deepEqual(preview.request, { system: 'universe', roll: 'attack', bonus: 5, ac: 12, advantage: false });
    const odds = app.cli('--json', 'odds', JSON.stringify(preview.request));
    assert.equal(preview.success, formatPercent(odds.success));
    const p = await page.rollMove('Attack');
    assert.match(p.log[0].lines[0], /^Warden Ashby's attack on Tobias Kell: /);
    assert.ok(p.universe.events[0].startsWith("Warden Ashby's attack on Tobias Kell: "), p.universe.events.join(' | '));
    assert.equal(p.universe.dice.length, 1, 'the d20 is shown');
    const logged = app.cli('--json', 'log', '--roster', ROSTER);
    const entries = logged.rolls;
    assert.equal(entries[0].character_name, 'Warden Ashby');
    assert.equal(entries[0].dice[0], p.universe.dice[0]);
  }));

  test('the forms follow the turn: whose turn it is acts, the first opponent after them is the target', () => withShot('follows', async () => {
    /** The expected target: the first after `i` in turn order, going round, of the other side. */
    const opponent = (p, i) => {
      const rows = p.universe.rows;
      const side = (r) => (r.side === 'hostile_npc' ? 'foes' : 'party');
      const after = [...rows.slice(i + 1), ...rows.slice(0, i)];
      return (after.find((r) => side(r) !== side(rows[i])) ?? after[0]).name;
    };
    for (let turns = 0; turns < 3; turns += 1) {
      await page.press('next-turn');
      const p = await page.untilUniverse(() => true, 'the panel did not follow the turn');
      const i = p.order.findIndex((o) => o.current);
      const acting = p.order[i].name;
      const want = [acting, acting, opponent(p, i), opponent(p, i)];
      // The forms and the turn line as they are once they follow this turn, read in one go.
      const forms = async () => {
        const picks = [...await page.picked('select[aria-label="Attacker"]'), ...await page.picked('select[aria-label="Target"]'), ...await page.picked('select[aria-label="Unguarded target"]')];
        return {
          got: [picks[0], picks[1], picks[2], picks[3]],
          save: await page.picked('select[aria-label="Who saves"]'),
          turn: await app.driver.executeScript(() => document.querySelector('.uv-panel [data-role="turn-name"]').textContent),
        };
      };
      let seen = null;
      await page.waitValue(async () => {
        seen = await forms();
        return seen;
      }, (x) => JSON.stringify(x.got) === JSON.stringify(want) && JSON.stringify(x.save) === JSON.stringify([acting]) && x.turn === `${acting}'s turn`, `turn of ${acting}: the attack and takedown forms should read ${want.join(', ')}`).catch(() => assert.deepEqual(seen?.got, want));
      assert.deepEqual(seen.save, [acting], 'the save is theirs too');
      assert.equal(seen.turn, `${acting}'s turn`);
    }
  }));

  test('hp typed in place is shown, logged and undone', () => withShot('hp', async () => {
    await page.settled();
    const before = Number((await page.trackText('Tobias Kell', 'uv-hp')).replace('hp ', ''));
    await page.typeTrack('Tobias Kell', 'uv-hp', '-3');
    await page.until((x) => x.log[0]?.lines[0] === `Tobias Kell's hp: ${before} → ${before - 3} (-3), changed by hand.`, 'the change was not logged');
    assert.equal(await page.trackText('Tobias Kell', 'uv-hp'), `hp ${before - 3}`);
    await page.typeTrack('Tobias Kell', 'uv-sanity', '4');
    await page.until((x) => /^Tobias Kell's Sanity: \d+ → 4 \([+-]\d+\), changed by hand\.$/.test(x.log[0]?.lines[0] ?? ''), 'the Sanity change was not logged');
    await page.press('undo');
    await page.press('undo');
    await page.untilTrack('Tobias Kell', 'uv-hp', `hp ${before}`, 'undo did not put the hp back');
    const shown = app.cli('--json', 'encounter', 'show', '--roster', ROSTER, 'Reactor deck');
    const tobias = shown.state.order.find((x) => x.name === 'Tobias Kell').id;
    assert.equal(shown.state.system_state.parts[tobias].hp, before, 'the database holds the undone state');
  }));
});
