import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matcher, words } from '../../Sources/ApoloServer/Web/js/filterwords.js';

const criteria = (more) => ({ tags: [], any: false, rating: '', label: '', measured: '', camera: '', from: '', to: '',
                             scope: 'table', ...more });
const slides = [{ id: 'a', rating: 3, tags: ['Street'], label: 'green', captured: '2024-06-01T10:00:00' },
  { id: 'b', rating: 0, tags: [], captured: '2024-06-02T10:00:00' },
  { id: 'c', rating: 5, tags: ['street'], label: 'red', captured: '2024-07-01T10:00:00' }];
const facts = (id) => ({ a: { measured: true, blurry: true }, b: { measured: true, clipped: true, faces: 2 },
                         c: { measured: true, bestOfStack: false } }[id]);
const ids = (f) => slides.filter(matcher(f, facts)).map((s) => s.id);

test('the filter panel matches as apolo filter does: label, what was measured, rating, tags, dates', () => {
  assert.deepEqual(ids(criteria({ label: 'green' })), ['a']);
  assert.deepEqual(ids(criteria({ measured: 'blurry' })), ['a']);
  assert.deepEqual(ids(criteria({ measured: 'sharp' })), ['b', 'c']);
  assert.deepEqual(ids(criteria({ measured: 'clipped' })), ['b']);
  assert.deepEqual(ids(criteria({ measured: 'stack-best' })), ['a', 'b'], 'a frame not suggested is left out');
  assert.deepEqual(ids(criteria({ measured: 'faces' })), ['b']);
  assert.deepEqual(ids(criteria({ rating: '>4' })), ['c'], '>N: at least N, as --min-rating');
  assert.deepEqual(ids(criteria({ rating: '=0' })), ['b']);
  assert.deepEqual(ids(criteria({ tags: ['STREET'], to: '2024-06' })), ['a']);
});

test('the panel\'s criteria become the words of the CLI command', () => {
  const f = criteria({ tags: ['street', 'tram'], any: true, rating: '>4', label: 'red', measured: 'closed-eyes',
                       from: '2024-06-01', scope: 'all' });
  assert.deepEqual(words(f), ['filter', '--tag', 'street', '--tag', 'tram', '--any-tag', '--min-rating', '4',
    '--label', 'red', '--closed-eyes', '--date', '2024-06-01..', '--from', 'all']);
  assert.deepEqual(words(criteria({ measured: 'stack-best' })), ['filter', '--stack-best', '--from', 'table']);
});

test('the clients\' criterion matches hearts or comments given through shares, as --picked and --commented', () => {
  const marks = (id) => ({ a: { h: ['Ana'], c: [] }, c: { h: [], c: [['Luis', 'nice']] } }[id] ?? null);
  const hit = (f) => slides.filter(matcher(f, facts, marks)).map((s) => s.id);
  assert.deepEqual(hit(criteria({ client: 'picked' })), ['a']);
  assert.deepEqual(hit(criteria({ client: 'commented' })), ['c']);
  assert.deepEqual(hit(criteria({ client: '' })), ['a', 'b', 'c']);
  assert.deepEqual(words(criteria({ client: 'picked' })), ['filter', '--picked', '--from', 'table']);
});

test('a person chosen in the panel matches their photos and becomes --person', () => {
  const f = criteria({ person: 3, people: new Set(['a', 'c']), tags: ['street'] });
  assert.deepEqual(ids(f), ['a', 'c']);
  assert.deepEqual(ids({ ...f, rating: '>4' }), ['c'], 'combined with every other criterion');
  assert.deepEqual(words(f), ['filter', '--tag', 'street', '--person', '3', '--from', 'table']);
});
