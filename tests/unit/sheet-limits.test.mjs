// The sheet forms take every number's limit from what Rust serves (the catalog's `sheet_limits`):
// fed a spec, the models show its limits; and the spec Rust serves today
// (tests/unit/served/sheet-limits.json, rewritten with the bindings) has a place in the models
// for every limit, and a limit for every number of the models.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rangeText } from '../../ui/js/sheet/model.js';
import { limitLookup, withLimits } from '../../ui/js/sheet/systems/limits.js';
import { SYSTEM_MODELS, sheetModel } from '../../ui/js/sheet/systems/index.js';

const served = JSON.parse(readFileSync(new URL('./served/sheet-limits.json', import.meta.url), 'utf8'));

const limit = (system, path, min, max, measure = 'value') => ({ system, path, measure, min, max });

/** Every node of a model by the path the rules crate writes: `[path, node]`. */
function nodesOf(node, path = '', out = []) {
  if (node.type === 'object') {
    for (const child of node.children) {
      if (child.type === 'object' && !child.key) nodesOf(child, path, out);
      else nodesOf(child, path ? `${path}.${child.key}` : child.key, out);
    }
    return out;
  }
  out.push([path, node]);
  if (node.type === 'list') nodesOf(node.item, `${path}[]`, out);
  if (node.type === 'map') nodesOf(node.value, `${path}.*`, out);
  return out;
}

test('fed a spec, a sheet form shows its ranges, list sizes and the help built from them', () => {
  const spec = [
    limit('d12', 'abilities[].ranks', 0, 6),
    limit('d12', 'abilities[].ranks', 0, 14, 'total'),
    limit('d12', 'health.max', 1, 42),
    limit('d12', 'health.current', 0, null),
    limit('genre', 'abilities[].ranks', 0, 99), // another system's: not this one's
  ];
  const d12 = sheetModel('d12', spec).root;
  const nodes = new Map(nodesOf(d12));
  assert.deepEqual([nodes.get('abilities[].ranks').min, nodes.get('abilities[].ranks').max], [0, 6]);
  assert.equal(nodes.get('abilities').help, '0–6 ranks each, 14 in total. Dodge, Mind, Toughness and Will Power defend.');
  assert.deepEqual([nodes.get('health.max').min, nodes.get('health.max').max], [1, 42]);
  assert.equal(rangeText(nodes.get('health.current')), '0 or more', 'a track is bounded by its own max');

  const genre = new Map(nodesOf(sheetModel('genre', [limit('genre', 'trackers.grunt_penalties', 0, 5, 'items'), limit('genre', 'trackers.grunt_penalties[]', -5, -1)]).root));
  assert.equal(genre.get('trackers.grunt_penalties').maxItems, 5);
  assert.equal(genre.get('trackers.grunt_penalties').help, 'One per action still to come, −5 to −1.');
  assert.equal(genre.get('level').min, undefined, 'no served limit, no range of its own');

  const lookup = limitLookup(spec, 'd12');
  assert.deepEqual(lookup('health.current'), { min: 0 });
  assert.deepEqual(lookup('nothing'), {});
  assert.equal(SYSTEM_MODELS.d12.root.children[1].children[1].max, undefined, 'the declarations themselves hold no number');
});

test('the served limits and the sheet models name the same places', () => {
  assert.ok(served.length > 0, 'served/sheet-limits.json holds the catalog\'s limits');
  for (const [system, model] of Object.entries(SYSTEM_MODELS)) {
    const nodes = new Map(nodesOf(withLimits(model, served).root));
    for (const [path, node] of nodes) {
      if (node.type === 'int') {
        assert.ok(Number.isFinite(node.min), `${system} ${path} has no served limit`);
      }
    }
    for (const l of served.filter((x) => x.system === system)) {
      const node = nodes.get(l.path);
      assert.ok(node, `${system} ${l.path} is served but no field of the form sits there`);
      assert.equal(node.type, l.measure === 'items' ? 'list' : 'int', `${system} ${l.path}`);
      if (l.measure === 'value') assert.deepEqual([node.min, node.max], [l.min, l.max ?? undefined], `${system} ${l.path}`);
    }
  }
  for (const l of served) assert.ok(SYSTEM_MODELS[l.system], `a limit of an unknown system ${l.system}`);
});
