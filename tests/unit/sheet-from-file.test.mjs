// The sheet form of a system from a file is built from the declarations Rust serves (the
// catalog's `files[].sheet`; tests/unit/served/shipped-files.json is the shipped systems' spec,
// rewritten with the bindings): every part of every shipped system has its node, with the
// file's own range, and a blank sheet reads back through the form as it went in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { flatChildren, fromDraft, toDraft } from '../../ui/js/sheet/model.js';
import { fileModel } from '../../ui/js/sheet/systems/from-file.js';
import { fileSpecs, sheetModel } from '../../ui/js/sheet/systems/index.js';

const shipped = JSON.parse(readFileSync(new URL('./served/shipped-files.json', import.meta.url), 'utf8'));

/** Every keyed node at the model's top (its groups opened). */
const topNodes = (model) => flatChildren(model.root);

test('every part of every shipped file system has a node with the file s limits', () => {
  // The five written as files declare rolls only; the games declare sheets.
  const withSheets = shipped.filter((spec) => spec.sheet);
  assert.ok(withSheets.length >= 3, 'the shipped games with sheets are served');
  for (const spec of withSheets) {
    const model = fileModel(spec);
    const nodes = new Map(topNodes(model).map((n) => [n.key, n]));
    for (const { name, part } of spec.sheet) {
      const node = nodes.get(name);
      assert.ok(node, `${spec.id}: ${name} has a node`);
      if (part.type === 'number') {
        assert.deepEqual([node.type, node.min, node.max], ['int', part.min, part.max], `${spec.id}.${name}`);
      } else if (part.type === 'ratings') {
        assert.equal(node.type, 'list');
        assert.equal(node.maxItems, part.max_count);
        const value = node.item.children.find((c) => c.key === 'value');
        assert.deepEqual([value.min, value.max], [part.min, part.max]);
        assert.deepEqual(node.newItem(), { name: '', value: part.default });
      } else if (part.type === 'tracker') {
        assert.deepEqual([node.type, node.min], ['int', 0]);
        assert.match(node.help, new RegExp(part.max.replace(/[.*+?^${}()|[\]\\@]/g, '\\$&')));
      } else if (part.type === 'check') {
        assert.equal(node.type, 'bool');
      } else if (part.type === 'choice') {
        assert.deepEqual(node.choices, part.choices);
      } else {
        assert.equal(node.type, 'text');
      }
    }
    assert.equal(nodes.size, spec.sheet.length, `${spec.id}: no node without a part`);
  }
});

test('a sheet goes through the form and back unchanged', () => {
  const spec = {
    id: 'grit',
    name: 'Grit',
    sheet: [
      { name: 'might', label: 'Might', help: '', public: false, part: { type: 'number', min: 1, max: 5, default: 2 } },
      { name: 'skills', label: 'Skills', help: '', public: false, part: { type: 'ratings', min: 0, max: 3, default: 1, budget: 5, min_count: 1, max_count: 20, suggested: ['climb'] } },
      { name: 'hp', label: 'Hit points', help: '', public: true, part: { type: 'tracker', max: '@might * 2', full: true } },
      { name: 'brave', label: 'Brave', help: '', public: false, part: { type: 'check', default: false } },
      { name: 'kind', label: 'Kind', help: '', public: false, part: { type: 'choice', choices: ['human', 'elf'], default: 'human' } },
      { name: 'look', label: 'Look', help: '', public: false, part: { type: 'text', max_chars: 20 } },
    ],
  };
  const sheet = { might: 3, skills: [{ name: 'climb', value: 2 }], hp: 4, brave: true, kind: 'elf', look: 'tall' };
  const model = sheetModel('grit', [], null, [spec]);
  const { value, problems } = fromDraft(model.root, toDraft(model.root, sheet));
  assert.deepEqual(problems, []);
  assert.deepEqual(value, sheet);
  const skills = topNodes(model).find((n) => n.key === 'skills');
  assert.match(skills.help, /each 0 to 3; at most 5 in all; at least 1/);
  assert.equal(sheetModel('unknown-game', [], null, [spec]), null);
});

test('a roster keeps the form of its own version, not the newest', () => {
  const part = (max) => [{ name: 'grit', label: 'Grit', help: '', part: { type: 'number', min: 0, max, default: 0 }, public: false }];
  const catalog = {
    files: [{ id: 'grit', name: 'Grit', version: 2, kinds: [], sheet: part(5) }],
    file_versions: [{ id: 'grit', name: 'Grit', version: 1, kinds: [], sheet: part(9) }],
  };
  const maxOf = (version) => topNodes(sheetModel('grit', [], null, fileSpecs(catalog), version)).find((n) => n.key === 'grit').max;
  assert.equal(maxOf(1), 9);
  assert.equal(maxOf(2), 5);
  assert.equal(maxOf(null), 5, 'no version given: the newest');
});
