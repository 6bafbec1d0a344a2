// Rules of the front end that are cheap to check on the source itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const jsDir = fileURLToPath(new URL('../../ui/js/', import.meta.url));
const modules = readdirSync(jsDir).filter((name) => name.endsWith('.js'));
const source = (name) => readFileSync(jsDir + name, 'utf8');

// The modules with logic only: Node's test runner imports them as they are.
const PURE = ['format.js', 'odds.js', 'result.js', 'form.js', 'history.js', 'timing.js', 'chart-layout.js', 'virtual-window.js'];

test('no module writes HTML: user-visible text goes through textContent', () => {
  for (const name of modules) {
    assert.doesNotMatch(source(name), /\.(innerHTML|outerHTML)\s*=|insertAdjacentHTML|document\.write/, name);
  }
});

test('the pure modules touch no DOM and import only pure modules', () => {
  for (const name of PURE) {
    const text = source(name).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    assert.doesNotMatch(text, /\b(document|window|HTMLElement|getElementById|querySelector)\b/, name);
    for (const [, imported] of text.matchAll(/from\s+'\.\/([\w-]+\.js)'/g)) {
      assert.ok(PURE.includes(imported), `${name} imports ${imported}, which is not pure`);
    }
  }
});

test('the pure modules load in Node', async () => {
  for (const name of PURE) await import(new URL(`../../ui/js/${name}`, import.meta.url));
});

test('every control in the page has an accessible label', () => {
  const html = readFileSync(new URL('../../ui/index.html', import.meta.url), 'utf8');
  const controls = [...html.matchAll(/<(select|input|button|textarea)\b[^>]*>/g)];
  assert.ok(controls.length >= 4);
  for (const [tag] of controls) {
    const id = /\bid="([^"]+)"/.exec(tag)?.[1];
    const labelled = /aria-label(ledby)?="[^"]+"/.test(tag) || (id && html.includes(`for="${id}"`)) || /<button[^>]*>[^<]*\w/.test(html.slice(html.indexOf(tag)));
    assert.ok(labelled, `unlabelled control: ${tag}`);
  }
});

test('no text ends an ellipsis with a full stop ("Backups…." read as two dots)', () => {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(`${dir}${entry.name}/`);
      else if (/\.(js|html)$/.test(entry.name)) files.push(`${dir}${entry.name}`);
    }
  };
  walk(fileURLToPath(new URL('../../ui/', import.meta.url)));
  assert.ok(files.length > 20);
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
    assert.doesNotMatch(text, /…\.|\.\.\.\./, file);
  }
});
