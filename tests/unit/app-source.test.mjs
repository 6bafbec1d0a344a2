// Rules of the shell (ui/js/app), its toolkit (ui/js/toolkit) and the Rosters view (ui/js/rosters)
// checked on the source.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const jsDir = fileURLToPath(new URL('../../ui/js/', import.meta.url));
const FOLDERS = ['app', 'toolkit', 'rosters'];
const modules = FOLDERS.flatMap((folder) => readdirSync(jsDir + folder).filter((n) => n.endsWith('.js')).map((n) => `${folder}/${n}`));
const source = (path) => readFileSync(jsDir + path, 'utf8');
const code = (path) => source(path).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');

// The logic of these areas, kept apart from the DOM so Node can test it.
const PURE = ['toolkit/shortcut-keys.js', 'toolkit/store-error.js', 'toolkit/error-text.js', 'rosters/list-model.js', 'rosters/selection.js', 'rosters/list-nav.js', 'rosters/damaged-model.js'];

test('the areas exist and every pure module is one of them', () => {
  assert.ok(modules.length >= 15, modules.join(' '));
  for (const path of PURE) assert.ok(modules.includes(path), path);
});

test('the toolkit the views import imports nothing of the shell or of a view (no cycle through it)', () => {
  for (const path of modules.filter((m) => m.startsWith('toolkit/'))) {
    const imported = [...code(path).matchAll(/from\s+'([^']+)'/g)].map((m) => m[1]);
    for (const target of imported) assert.match(target, /^\.\/[\w-]+\.js$|^\.\.\/dom\.js$/, `${path} imports ${target}`);
  }
});

test('no module writes HTML: user text goes in with textContent / createElement', () => {
  for (const path of modules) {
    assert.doesNotMatch(code(path), /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write|\.setAttribute\(\s*'style'/, path);
  }
});

test('the pure modules touch no DOM and import only pure modules', () => {
  for (const path of PURE) {
    const text = code(path);
    assert.doesNotMatch(text, /\b(document|window|HTMLElement|getElementById|querySelector|createElement)\b/, path);
    for (const [, imported] of text.matchAll(/from\s+'(\.[^']+)'/g)) {
      const resolved = new URL(imported, new URL(path, 'file:///x/')).pathname.slice(3);
      assert.ok(PURE.includes(resolved), `${path} imports ${resolved}, which is not pure`);
    }
  }
});

test('the entry points docs/ui.md names are exported', async () => {
  assert.match(source('app/shell.js'), /export async function startApp\(doc\)/);
  assert.match(source('rosters/rosters.js'), /export function mountRosters\(root, ctx/);
  assert.match(source('main.js'), /startApp\(document\)/);
});
