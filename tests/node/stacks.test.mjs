import assert from 'node:assert/strict';
import { test } from 'node:test';
import { factsOf, foldedAway, indexAnalysis, labelFor } from '../../Sources/ApoloServer/Web/js/stacks.js';

const body = {
  stacks: { sa: ['a', 'b', 'c'] }, best: ['b'],
  signals: { a: { s: 0.7, h: 0, d: 0, blurry: false, clipped: false },
             b: { s: 0.71, h: 0, d: 0, blurry: false, clipped: false },
             c: { s: 0.14, h: 0.2, d: 0, blurry: true, clipped: true, f: 'soft', fw: 'face soft', cw: 'a face lost',
                  fl: [{ b: [0, 0, 0.1, 0.1], s: 0.1, e: 'closed' }, { b: [0.5, 0, 0.1, 0.1], s: 0.3, e: 'open' }] } },
  unmeasured: 2, thresholds: { blurryBelow: 0.13, faceSoftBelow: 0.18 },
};

test('a stack member knows its stack, its size and whether it is the suggestion', () => {
  const a = indexAnalysis(body);
  assert.deepEqual(factsOf(a, 'b'), { measured: true, sharpness: 0.71, blurry: false, clipped: false,
    focus: null, focusWhy: '', exposureWhy: '', highlights: 0, shadows: 0, faces: 0, eyes: null, closedEyes: false,
    faceSharpness: null, unsharpFace: false, faceThreshold: 0.18, relative: null, stack: 'sa', stackSize: 3,
    best: true, bestOfStack: true, open: false, threshold: 0.13 });
  assert.deepEqual([factsOf(a, 'c').focus, factsOf(a, 'c').focusWhy, factsOf(a, 'c').exposureWhy],
    ['soft', 'face soft', 'a face lost'], 'the judgement and its reasons, as the server words them');
  assert.equal(factsOf(a, 'c').blurry, true);
  assert.equal(factsOf(a, 'c').bestOfStack, false);
  assert.equal(factsOf(a, 'c').closedEyes, true, 'a face with its eyes closed');
  assert.equal(factsOf(a, 'c').faces, 2);
  assert.equal(factsOf(a, 'c').unsharpFace, true, 'its least sharp face measures 0.1, under 0.18');
  assert.equal(a.unmeasured, 2);
});

test('in an open stack each frame knows its focus next to the sharpest frame', () => {
  const a = indexAnalysis(body);
  assert.equal(factsOf(a, 'c').relative, null, 'a folded stack says nothing');
  const open = new Set(['sa']);
  assert.equal(factsOf(a, 'b', open).relative, 1);
  assert.equal(Math.round(factsOf(a, 'c', open).relative * 100), 20);
  assert.equal(factsOf(a, 'z', open).relative, null, 'a photo in no stack');
});

test('a photo in no stack is the best of its own, and unmeasured is not blurry', () => {
  const f = factsOf(indexAnalysis(body), 'z');
  assert.equal(f.bestOfStack, true);
  assert.equal(f.best, false);
  assert.equal(f.measured, false);
  assert.equal(f.blurry, false);
});

test('keys 6–9 give red, yellow, green, blue; again takes the label off', () => {
  assert.equal(labelFor('6', [null]), 'red');
  assert.equal(labelFor('9', ['red', null]), 'blue');
  assert.equal(labelFor('7', ['yellow', 'yellow']), 'none');
  assert.equal(labelFor('5', []), null);
});

test('a folded stack shows its suggested frame on the table, else its first there; an open one shows all', () => {
  const a = indexAnalysis(body);
  assert.deepEqual([...foldedAway(['x', 'a', 'b', 'c'], a, new Set())], ['a', 'c']);
  assert.deepEqual([...foldedAway(['a', 'c', 'y'], a, new Set())], ['c'], 'b is on a shelf: a stands for the stack');
  assert.deepEqual([...foldedAway(['a', 'b', 'c'], a, new Set(['sa']))], []);
});

test('a frame\'s focus next to its stack\'s sharpest is said in words', async () => {
  const { relativeWords } = await import('../../Sources/ApoloServer/Web/js/frames.js');
  const t = (key, n) => (key === 'slide.softer' ? `${n}% softer` : key);
  assert.equal(relativeWords(1, t), 'slide.sharpest');
  assert.equal(relativeWords(0.86, t), '14% softer');
});
