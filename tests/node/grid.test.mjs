import assert from 'node:assert/strict';
import { test } from 'node:test';
import { entry, framesInView, perRow, rowMove, wraps } from '../../Sources/ApoloServer/Web/js/grid.js';

test('frames per row follow the width and the frame size', () => {
  assert.equal(perRow(1000, 176), 5);
  assert.equal(perRow(2528, 176), 13);
  assert.equal(perRow(2528, 336), 7);
  assert.equal(perRow(100, 400), 1, 'never less than one');
});

test('the first screen makes the frames a pane shows: its rows in view and one more', () => {
  // 1400 px wide at 128 px: (1350 + 10) / (148 + 10) = 8 a row; 500 px tall: 500 / 164 → 4 rows, and one more
  assert.equal(framesInView(1400, 500, 128), 40);
  assert.equal(framesInView(1400, 0, 128), 8, 'a pane of no height still makes its first row');
  assert.equal(framesInView(2560, 1300, 96), 20 * 11, 'a large screen at the smallest size: 20 a row, 10 rows');
});

test('down and up move one row within a place, keeping the column', () => {
  // 10 slides, 4 to a row: rows [0-3] [4-7] [8-9]
  assert.deepEqual(rowMove(1, 10, 4, 1), { index: 5 });
  assert.deepEqual(rowMove(5, 10, 4, -1), { index: 1 });
  assert.deepEqual(rowMove(6, 10, 4, 1), { index: 9 }, 'a short last row: its last slide');
});

test('past the first or last row the focus leaves the place, at its column', () => {
  assert.deepEqual(rowMove(9, 10, 4, 1), { leave: 1, column: 1 });
  assert.deepEqual(rowMove(2, 10, 4, -1), { leave: -1, column: 2 });
});

test('page moves stop at the first or last slide before leaving', () => {
  assert.deepEqual(rowMove(5, 10, 4, -3), { index: 1 });
  assert.deepEqual(rowMove(1, 10, 4, 3), { index: 9 });
});

test('entering a place from above or below lands on the same column', () => {
  assert.equal(entry(10, 4, 2, 'top'), 2);
  assert.equal(entry(10, 4, 2, 'bottom'), 9, 'the last row is short');
  assert.equal(entry(10, 4, 1, 'bottom'), 9);
  assert.equal(entry(10, 4, 0, 'bottom'), 8);
  assert.equal(entry(3, 4, 3, 'top'), 2);
  assert.equal(entry(0, 4, 1, 'top'), -1);
});

const box = (top, height) => ({ top, height, bottom: top + height });

test('controls of different heights centred on one line do not wrap; one on a line below does', () => {
  assert.equal(wraps([box(6, 28), box(10, 20), box(0, 40)]), false);
  assert.equal(wraps([box(6, 28), box(10, 20), box(46, 28)]), true);
});

test('an empty box (a spacer, no chips) is not a line of its own, and one box is never wrapped', () => {
  assert.equal(wraps([box(6, 28), box(20, 0), box(8, 24)]), false);
  assert.equal(wraps([box(6, 28)]), false);
  assert.equal(wraps([]), false);
});
