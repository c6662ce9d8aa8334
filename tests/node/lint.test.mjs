import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { lint } from './lint.mjs';

const made = [];
after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function folder(files) {
  const dir = mkdtempSync(join(tmpdir(), 'apolo-lint-'));
  made.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

test('the page modules pass the lint', () => {
  assert.deepEqual(lint(new URL('../../Sources/ApoloServer/Web/js', import.meta.url).pathname), []);
});

test('an undeclared name, an unused or missing import and a syntax error are each found', () => {
  const problems = lint(folder({
    'a.js': "import { b, gone } from './b.js';\nexport function f() { return b() + missing; }\n",
    'b.js': 'export function b() { return 1; }\nexport const unused = 2;\n',
    'c.js': 'function (\n',
    'd.js': "import { b } from './b.js';\nexport function g() { const b = 2; return b; }\n",
    'e.js': `export const long = '${'x'.repeat(120)}';\n`,
    'f.js': 'export const a = [1].map((t) => t + 1);\nexport function g() { return t(2); }\n',
  }));
  assert.deepEqual(problems.sort(), [
    "a.js: './b.js' exports no 'gone'".replace("'./b.js'", './b.js'),
    "a.js: 'gone' is imported but not used",
    "a.js:2: 'missing' is not declared, imported or a global",
    'c.js: Unexpected token (1:9)',
    "d.js: 'b' is imported and declared again",
    'e.js:1: a line of 143 characters (at most 120)',
    "f.js:2: 't' is not declared, imported or a global",
  ].sort());
});
