import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describe, onTheSamePhotos, refPlaces } from '../../Sources/ApoloServer/Web/js/changewords.js';
import { MESSAGES } from '../../Sources/ApoloServer/Web/js/messages.js';

const t = (key, ...args) => (MESSAGES.en[key] ?? `?${key}`).replace(/\{(\d)\}/g, (_, k) => args[k]);
const names = { 'table:3': 'DSC_0412.jpg', 'table:4': 'DSC_0413.jpg', 'best:1': 'IMG_1.jpg' };
const nameOf = (ref) => names[ref] ?? 'a slide';

test('a change is told in the page\'s words, never as its command or an id', () => {
  assert.equal(describe([['rate', 'table:3', '4']], nameOf, t), '★★★★ on DSC_0412.jpg');
  assert.equal(describe([['rate', 'table:3', 'table:4', '0']], nameOf, t), '0 ★ on 2 slides');
  assert.equal(describe([['slide', 'discard', 'table:3']], nameOf, t), 'discard DSC_0412.jpg');
  assert.equal(describe([['label', 'table:4', 'green']], nameOf, t), 'green label on DSC_0413.jpg');
  assert.equal(describe([['tag', 'add', 'table:3,table:4', 'kiss', 'rings']], nameOf, t), 'tag kiss, rings on 2 slides');
  assert.equal(describe([['slide', 'move', 'best:1', '--to', 'maybe:2']], nameOf, t), 'move IMG_1.jpg to maybe');
  assert.equal(describe([['shelf', 'rename', 'best', 'keepers']], nameOf, t), 'rename shelf best to keepers');
  const three = [1, 2, 3].map(() => ['slide', 'restore', 'table:3']);
  assert.equal(describe(three, nameOf, t), 'restore DSC_0412.jpg; restore DSC_0412.jpg and 1 more');
  for (const words of [['rate', 'table:3', '4'], ['shelf', 'move', 'best', '--up'], ['album', 'compress', 'x']]) {
    assert.doesNotMatch(describe([words], nameOf, t), /apolo|table:|--|\?/, words.join(' '));
  }
});

test('a refused change is made again on the photos it was meant for, whatever their places now', () => {
  const ids = { 'table:3': 'aaa', 'table:4': 'bbb' };
  assert.deepEqual(onTheSamePhotos([['rate', 'table:3', 'table:4', '5']], (r) => ids[r]), [['rate', 'aaa', 'bbb', '5']]);
  assert.deepEqual(onTheSamePhotos([['tag', 'add', 'table:3,table:4', 'x']], (r) => ids[r]),
                   [['tag', 'add', 'aaa,bbb', 'x']]);
  assert.equal(onTheSamePhotos([['rate', 'table:9', '5']], (r) => ids[r]), null, 'a slide no longer known');
  assert.equal(onTheSamePhotos([['slide', 'move', 'table:3', '--to', 'best:2']], (r) => ids[r]), null,
               'a move names a place: not made again blindly');
  assert.deepEqual(refPlaces(['label', 'a', 'b', 'red']), [1, 2]);
});
