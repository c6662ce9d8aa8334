import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wraps } from '../../Sources/ApoloServer/Web/js/grid.js';

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
