import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LIMITS, anchored, bounded, pinched } from '../../Sources/ApoloServer/Web/js/gesture.js';

test('a pinch scales by the ratio of the distances, within 1× and 8×', () => {
  assert.equal(pinched(1, 100, 200), 2);
  assert.equal(pinched(2, 100, 50), 1);
  assert.equal(pinched(1, 100, 50), LIMITS.min, 'never smaller than the fitted picture');
  assert.equal(pinched(4, 100, 1000), LIMITS.max);
  assert.equal(pinched(3, 0, 10), 3);
});

test('the point between the fingers stays where it is', () => {
  assert.deepEqual(anchored({ x: 0, y: 0 }, { x: 100, y: 50 }, 1, 2), { x: -100, y: -50 });
  assert.deepEqual(anchored({ x: -100, y: -50 }, { x: 100, y: 50 }, 2, 1), { x: 0, y: 0 });
});

test('a pan stops where the picture would leave the frame', () => {
  assert.deepEqual(bounded({ x: 500, y: -500 }, { width: 400, height: 300 }, 2), { x: 200, y: -150 });
  assert.deepEqual(bounded({ x: 50, y: 20 }, { width: 400, height: 300 }, 1), { x: 0, y: 0 });
});
