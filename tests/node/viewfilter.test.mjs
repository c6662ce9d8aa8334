import assert from 'node:assert/strict';
import { test } from 'node:test';
import { NONE, chips, isNone, passes, shown, viewKey, without } from '../../Sources/ApoloServer/Web/js/viewfilter.js';

const photo = (rating, ...tags) => ({ rating, tags });

test('no filter shows everything', () => {
  assert.ok(isNone(NONE));
  assert.deepEqual(shown([photo(0), photo(5, 'a')], NONE), [0, 1]);
  assert.equal(viewKey(NONE), "");
});

test('the parts combine: at least N stars, unrated, with and without a tag (any case)', () => {
  const slides = [photo(0), photo(3, 'Sunset'), photo(5, 'sunset', 'blurry'), photo(4)];
  assert.deepEqual(shown(slides, { ...NONE, stars: 3 }), [1, 2, 3]);
  assert.deepEqual(shown(slides, { ...NONE, unrated: true }), [0]);
  assert.deepEqual(shown(slides, { ...NONE, tag: 'SUNSET' }), [1, 2]);
  assert.deepEqual(shown(slides, { ...NONE, stars: 3, tag: 'sunset', without: 'blurry' }), [1]);
  assert.ok(!passes(photo(2), { ...NONE, stars: 3 }));
});

test('each active part is a chip, and a chip removes its part', () => {
  const f = { ...NONE, stars: 2, without: 'x', hideRejects: true };
  assert.deepEqual(chips(f).map((c) => c.part), ['stars', 'without', 'hideRejects']);
  assert.deepEqual(chips(without(f, 'stars')).map((c) => c.part), ['without', 'hideRejects']);
  assert.ok(isNone(without(without(without(f, 'stars'), 'without'), 'hideRejects')));
});

test('hiding closed eyes hides the photos where a face has its eyes closed, and is a chip', () => {
  const slides = [{ id: 'a', rating: 0, tags: [] }, { id: 'b', rating: 0, tags: [] }];
  const facts = (id) => ({ closedEyes: id === 'b' });
  const f = { ...NONE, hideClosedEyes: true };
  assert.deepEqual(shown(slides, f, facts), [0]);
  assert.ok(!isNone(f));
  assert.deepEqual(chips(f).map((c) => c.part), ['hideClosedEyes']);
  assert.ok(isNone(without(f, 'hideClosedEyes')));
});

test('the CLI\'s culling filters: any of several colour labels, stars at most, sharp only, clipped only', () => {
  const slides = [{ id: 'a', rating: 1, tags: [], label: 'red' }, { id: 'b', rating: 4, tags: [], label: 'green' },
    { id: 'c', rating: 2, tags: [] }, { id: 'd', rating: 0, tags: [], label: 'blue' }];
  const facts = (id) => ({ measured: id !== 'd', blurry: id === 'a', clipped: id === 'c' });
  assert.deepEqual(shown(slides, { ...NONE, labels: ['green', 'red'] }, facts), [0, 1]);
  assert.deepEqual(shown(slides, { ...NONE, maxStars: 2 }, facts), [0, 2, 3]);
  assert.deepEqual(shown(slides, { ...NONE, stars: 1, maxStars: 2 }, facts), [0, 2], 'a rating range');
  assert.deepEqual(shown(slides, { ...NONE, sharpOnly: true }, facts), [1, 2], 'not measured is not sharp');
  assert.deepEqual(shown(slides, { ...NONE, clippedOnly: true }, facts), [2]);
  const f = { ...NONE, labels: ['blue'], maxStars: 3, sharpOnly: true, clippedOnly: true };
  assert.deepEqual(chips(f).map((c) => c.part), ['maxStars', 'labels', 'sharpOnly', 'clippedOnly']);
  assert.ok(!isNone(f) && isNone(['labels', 'maxStars', 'sharpOnly', 'clippedOnly'].reduce(without, f)));
});
