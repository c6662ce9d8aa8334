import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { problems, SHAPES } from '../../Sources/ApoloServer/Web/js/api.js';

const sample = (name) => JSON.parse(readFileSync(new URL(`./api/${name}.json`, import.meta.url), 'utf8'));

test('every answer the server recorded has the shape api.js describes', () => {
  for (const name of Object.keys(SHAPES)) assert.deepEqual(problems(SHAPES[name], sample(name)), [], name);
});

test('a field the page does not know of, a missing one and a wrong type are each named', () => {
  const analysis = sample('analysis');
  const [id] = Object.keys(analysis.signals);
  const changed = { ...analysis, signals: { [id]: { ...analysis.signals[id], extra: 1, s: 'x' } } };
  delete changed.signals[id].f;
  assert.deepEqual(problems(SHAPES.analysis, changed).sort(), [`.signals.${id}.extra: not declared in api.js`,
    `.signals.${id}.s: string, not number`, `.signals.${id}.f: missing`].sort());
  assert.deepEqual(problems(SHAPES.state, { ...sample('state'), undo: null }), [], 'undo may be null');
});
