// The print dialog's words and its starting paper.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { printedLines, scopeText, startingPaper } from '../../ui/js/print/print-text.js';

test('the paper chosen last time wins, else the usual paper of the region', () => {
  assert.equal(startingPaper('letter', 'de-DE'), 'letter');
  assert.equal(startingPaper('a4', 'en-US'), 'a4');
  assert.equal(startingPaper(null, 'en-US'), 'letter');
  assert.equal(startingPaper(null, 'es_MX'), 'letter');
  assert.equal(startingPaper(null, 'en-GB'), 'a4');
  assert.equal(startingPaper('b5', 'fr'), 'a4', 'an unknown remembered value is ignored');
  assert.equal(startingPaper(null, ''), 'a4');
});

test('what is printed is named before it is laid out', () => {
  assert.equal(scopeText([]), 'the whole roster');
  assert.equal(scopeText(['id-1'], ['Vex']), 'Vex');
  assert.equal(scopeText(['id-1', 'id-2']), '2 characters');
});

test('the layout is told in pages, and a sheet that outgrew its page is named', () => {
  const printed = {
    roster: 'Friday Night Heroes',
    paper: 'letter',
    pages: 5,
    sheets: [{ name: 'Vex', pages: 2 }, { name: 'Juno Park', pages: 1 }, { name: 'Brick', pages: 2 }],
  };
  assert.deepEqual(printedLines(printed), [
    '3 sheets of Friday Night Heroes on 5 pages of Letter.',
    'Vex takes 2 pages (the lists carry on).',
    'Brick takes 2 pages (the lists carry on).',
  ]);
  assert.deepEqual(printedLines({ roster: 'R', paper: 'a4', pages: 1, sheets: [{ name: 'Vex', pages: 1 }] }), [
    '1 sheet of R on 1 page of A4.',
  ]);
});
