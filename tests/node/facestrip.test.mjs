import assert from 'node:assert/strict';
import { test } from 'node:test';

test('each face gets a window at 100% on its eyes, clamped inside the picture', async () => {
  const { faceWindows, stripSide } = await import('../../Sources/ApoloServer/Web/js/facewindows.js');
  const [big, edge, broken] = faceWindows([
    { b: [0.35, 0.162, 0.172, 0.172], s: 0.46, e: 'open' },   // 88 px at 512: the whole face width fits
    { b: [0.95, 0.9, 0.2, 0.2], s: 0.1, e: 'closed' },        // over the corner: moved inside
    { b: [0.1, 0.1], s: 0.3, e: 'open' },                     // not a box: left out
  ], 512, 512);
  assert.deepEqual(big, { left: 179, top: 92, width: 88, height: 53, zoom: 1, sharpness: 0.46, eyes: 'open' });
  assert.equal(edge.left + edge.width <= 512 && edge.top + edge.height <= 512, true, JSON.stringify(edge));
  assert.equal(edge.width, 102);
  assert.equal(broken, undefined);
  // a 3,000 px face (a 24 MP portrait): its whole eye band, both eyes, shown at the scale that fits the strip
  const [large] = faceWindows([{ b: [0.2, 0.2, 0.5, 0.5], s: 0.5, e: 'open' }], 6000, 4000);
  assert.deepEqual([large.width, large.height], [3000, 1200], 'the window holds the face width across its eyes');
  assert.ok(large.width * large.zoom <= 160.001 && large.height * large.zoom <= 120.001, JSON.stringify(large));
  assert.ok(Math.abs(large.zoom - 160 / 3000) < 1e-9, 'shown at 5%, said so');
  const [portrait] = faceWindows([{ b: [0.3, 0.2, 1029 / 6000, 1029 / 4000], s: 0.5, e: 'open' }], 6000, 4000, 320);
  assert.ok(portrait.left <= 0.3 * 6000 && portrait.left + portrait.width >= 0.3 * 6000 + 1029, 'both eyes');
  const [enlarged] = faceWindows([{ b: [0.35, 0.162, 0.172, 0.172], s: 0.46, e: 'open' }], 512, 512, 320, 2.8);
  assert.deepEqual([enlarged.width, enlarged.height], [88, 53], 'shown at 2.8×, the whole eyes band still fits');
  assert.deepEqual([stripSide(1400), stripSide(2560), stripSide(800)], [175, 320, 160]);
  const { scaleWords } = await import('../../Sources/ApoloServer/Web/js/facewindows.js');
  assert.deepEqual([scaleWords(1), scaleWords(2.8), scaleWords(0.1)], ['100%', '280%', '10%']);
});

test('compare lines up the same person across frames by where their faces are, left to right', async () => {
  const { alignFaces, overlap } = await import('../../Sources/ApoloServer/Web/js/facewindows.js');
  const ana = (dx = 0) => ({ b: [0.6 + dx, 0.2, 0.1, 0.15] });
  const luis = (dx = 0) => ({ b: [0.2 + dx, 0.25, 0.1, 0.15] });
  // frame 1: Ana then Luis; frame 2: Luis only, moved a little; frame 3: Luis, Ana, and a third face far away
  const rows = alignFaces([[ana(), luis()], [luis(0.02)], [luis(0.01), ana(0.03), { b: [0.9, 0.8, 0.05, 0.05] }]]);
  assert.deepEqual(rows, [[1, 0, 0], [0, -1, 1], [-1, -1, 2]]);
  assert.deepEqual(alignFaces([[], []]), []);
  assert.ok(Math.abs(overlap([0, 0, 0.2, 0.2], [0.1, 0.1, 0.2, 0.2]) - 1 / 7) < 1e-9, 'common area over the union');
  assert.equal(overlap([0, 0, 0.1, 0.1], [0.5, 0.5, 0.1, 0.1]), 0);
});
