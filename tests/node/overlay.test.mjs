import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clippingMask, peakingMask } from '../../Sources/ApoloServer/Web/js/overlay.js';

const rgba = (pixels) => Uint8ClampedArray.from(pixels.flatMap(([r, g, b]) => [r, g, b, 255]));

test('the clipping mask marks blown and crushed pixels at apolo\'s thresholds', () => {
  const mask = clippingMask(rgba([[255, 10, 10], [251, 251, 251], [3, 2, 0], [4, 0, 0]]), 4, 1);
  assert.deepEqual([...mask], [1, 0, 2, 0]);
});

test('focus peaking marks a crisp edge and not the same edge blurred', () => {
  const size = 16;
  const picture = (soft) => rgba(Array.from({ length: size * size }, (_, i) => {
    const x = i % size;
    const v = soft ? Math.max(0, Math.min(255, (x - 4) * 32)) : (x < 8 ? 0 : 255);
    return [v, v, v];
  }));
  const count = (m) => m.reduce((n, v) => n + v, 0);
  assert.ok(count(peakingMask(picture(false), size, size)) >= size - 2, 'the sharp edge is marked');
  assert.equal(count(peakingMask(picture(true), size, size)), 0, 'a ramp over eight pixels is not');
});
