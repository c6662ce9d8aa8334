import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellWords, summary, whoIs } from '../../Sources/ApoloServer/Web/js/groupshot.js';
import { use } from '../../Sources/ApoloServer/Web/js/messages.js';

const shot = { frames: ['a', 'b'], suggested: 'a', good: 1, swaps: [{ row: 1, from: 'b' }],
  rows: [{ person: 1, name: 'Ana', cells: [{ eyes: 'open', sharpness: 0.5, good: true }, null] },
    { cells: [{ eyes: 'closed', sharpness: 0.4, good: false }, { eyes: 'open', sharpness: 0.45, good: true }] }] };

test('a row is called by its name, its number, else its place among the faces', () => {
  use('en');
  assert.equal(whoIs(shot.rows[0], 0), 'Ana');
  assert.equal(whoIs({ person: 4 }, 0), 'Person 4');
  assert.equal(whoIs(shot.rows[1], 1), 'Face 2');
});

test('each cell says the eyes, the face\'s sharpness and whether it is good, or that the face was not found', () => {
  use('en');
  assert.equal(cellWords(shot.rows[0].cells[0]), 'eyes open, face sharpness 0.50: good');
  assert.equal(cellWords(shot.rows[1].cells[0]), 'eyes closed, face sharpness 0.40');
  assert.equal(cellWords(null), 'face not found');
});

test('the summary names the suggested frame and where each other person is at their best, in both languages', () => {
  use('en');
  assert.deepEqual(summary(shot, (id) => 'table:' + id), ['table:a: most people good (1 of 2)',
    'Face 2: at their best in table:b']);
  use('es');
  assert.deepEqual(summary(shot, (id) => id), ['a: la mayoría bien (1 de 2)', 'Cara 2: mejor en b']);
  use('en');
});
