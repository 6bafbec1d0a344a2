// Issue 28: a stored name holding a right-to-left override is isolated wherever the window puts
// it into a sentence (a toast, a heading, an aria-label, a confirmation), so it reorders nothing
// but itself: the sentences of the pure modules are read for a control that escapes its
// isolate, and the window's source for a name interpolated into a template without `isolated`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnText } from '../../ui/js/encounter/encounter-model.js';
import { clearQuestion, emptyText, filterText } from '../../ui/js/log/log-rows.js';
import { appliedText } from '../../ui/js/transfer/import-plan.js';
import { printedLines } from '../../ui/js/print/print-text.js';
import { isolated } from '../../ui/js/format.js';

const RLO = '\u202E';

/** Whether every bidi embedding, override or mark of `text` sits inside an isolate that closes. */
function contained(text) {
  let depth = 0;
  for (const c of text) {
    if (c >= '\u2066' && c <= '\u2068') depth += 1;
    else if (c === '\u2069') {
      if (depth === 0) return false;
      depth -= 1;
    } else if (((c >= '\u202A' && c <= '\u202E') || c === '\u200E' || c === '\u200F' || c === '\u061C') && depth === 0) return false;
  }
  return depth === 0;
}

test('the check catches a raw override and passes an isolated one', () => {
  assert.equal(contained(`Deleted ${RLO}Vex.`), false);
  assert.equal(contained(`Deleted ${isolated(`${RLO}Vex`)}.`), true);
});

test('the sentences of the pure modules isolate the names in them', () => {
  const name = `${RLO}Vex`;
  const roster = `${RLO}Heroes`;
  const plan = { roster_counts: { added: 1, updated: 0, skipped: 0, removed: 0 }, character_counts: { added: 1, updated: 0, skipped: 0, removed: 0 }, rosters: [], characters: [] };
  const sentences = [
    turnText({ state: { round: 2, current: 'a', order: [{ id: 'a', name }] } }),
    filterText({ rosterName: roster, characterName: name }),
    filterText({ rosterName: roster }),
    emptyText({ rosterName: roster, characterName: name }),
    clearQuestion(3, { rosterName: roster }).message,
    appliedText(plan, `${RLO}campaign.json`),
    ...printedLines({ roster, paper: 'a4', pages: 3, sheets: [{ name, pages: 3 }] }),
  ];
  for (const text of sentences) {
    assert.ok(text.includes(RLO), `the sentence names no one: ${JSON.stringify(text)}`);
    assert.ok(contained(text), `a name escapes its isolate in ${JSON.stringify(text)}`);
  }
});

/** Every module of the window, as text. */
function sources(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.js') ? [[path, readFileSync(path, 'utf8')]] : [];
  });
}

// Names the catalog gives (a kind's, a system's, a field's, a card suit's, a weapon of RULES.md)
// and class names: never stored by a GM.
const NOT_STORED = /^(?:[\w.?]*\b(?:kind|system|field|n|suit|w)\.name|kindName|systemName|className)$/;

test('no stored name is put raw into a template of the window', () => {
  const root = fileURLToPath(new URL('../../ui/js/', import.meta.url));
  const raw = [];
  for (const [path, text] of sources(root)) {
    for (const match of text.matchAll(/\$\{([A-Za-z_.?]*(?:\.name|Name|_name))\}/g)) {
      if (!NOT_STORED.test(match[1])) raw.push(`${path.slice(root.length)}: \${${match[1]}}`);
    }
  }
  assert.deepEqual(raw, [], 'wrap each in isolated() of format.js');
});
