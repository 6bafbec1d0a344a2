// Rules of the players' page (ui/players/) cheap to check on its source: the share serves only
// the files directly in the folder under the strict CSP of docs/players-view.md, so no inline
// script or style, no module from elsewhere, and user text never goes in as HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';

const dir = new URL('../../ui/players/', import.meta.url);
const names = readdirSync(dir);
const source = (name) => readFileSync(new URL(name, dir), 'utf8');
const code = (name) => source(name).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');

test('only plain files the share may serve', () => {
  for (const name of names) {
    assert.match(name, /^[a-z0-9._-]+$/, name);
    assert.ok(statSync(new URL(name, dir)).isFile(), `${name}: no subfolders`);
  }
  for (const needed of ['index.html', 'players.css', 'main.js', 'transport.js', 'view.js', 'model.js']) {
    assert.ok(names.includes(needed), needed);
  }
});

test('the page loads under the CSP: no inline script or style, relative URLs only', () => {
  const html = source('index.html');
  assert.match(html, /<html lang="en">/);
  assert.match(html, /<title>[^<]+<\/title>/);
  assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=|javascript:/i);
  for (const [, body] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) assert.equal(body.trim(), '', 'no inline script');
  for (const [, url] of html.matchAll(/\b(?:src|href)="([^"]+)"/g)) {
    assert.ok(url.startsWith('./') || url === 'data:,', `${url}: relative to /p/TOKEN/`);
    if (url.startsWith('./')) assert.ok(names.includes(url.slice(2)), `${url} is in ui/players/`);
  }
  assert.doesNotMatch(source('players.css'), /@import|url\((?!["']?data:)/, 'the CSS loads nothing');
});

test('the modules import only each other and never write HTML or inline styles', () => {
  for (const name of names.filter((n) => n.endsWith('.js'))) {
    const text = code(name);
    assert.doesNotMatch(text, /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/, name);
    assert.doesNotMatch(text, /setAttribute\(\s*['"]style['"]|\.style\.cssText|\beval\(|new Function\(/, name);
    for (const [, imported] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      assert.match(imported, /^\.\/[a-z0-9._-]+\.js$/, `${name} imports ${imported}`);
      assert.ok(names.includes(imported.slice(2)), `${name} imports ${imported}, which is not served`);
    }
  }
});

test('model.js touches no DOM and imports nothing', () => {
  const text = code('model.js');
  assert.doesNotMatch(text, /\b(document|window|HTMLElement|getElementById|querySelector|EventSource|fetch)\b/);
  assert.doesNotMatch(text, /\bimport\b/);
});

test('every element view.js looks up is in the page', () => {
  const html = source('index.html');
  const ids = new Set([...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]));
  const wanted = [...code('view.js').matchAll(/\$\('([^']+)'\)/g)].map((m) => m[1]);
  assert.ok(wanted.length > 5);
  for (const id of wanted) assert.ok(ids.has(id), `#${id}`);
  for (const [, cls] of code('view.js').matchAll(/querySelector\('\.([a-z-]+)'\)/g)) {
    assert.match(html, new RegExp(`class="[^"]*\\b${cls}\\b`), `.${cls}`);
  }
  assert.match(html, /aria-live="polite"/);
});
