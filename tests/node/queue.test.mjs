import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createQueue } from '../../Sources/ApoloServer/Web/js/queue.js';

/// A server that answers when told to, and records what it was sent.
function server() {
  const sent = [], answers = [];
  return {
    sent,
    send: (change) => new Promise((resolve) => { sent.push(change.label); answers.push(resolve); }),
    answer: async (value = {}) => { answers.shift()(value); await new Promise((r) => setTimeout(r, 0)); },
  };
}

test('changes asked for while one is in flight are all sent, in order, one at a time', async () => {
  const s = server(), landed = [];
  const q = createQueue({ send: s.send, landed: (c) => landed.push(c.label), refused: () => assert.fail() });
  for (let i = 1; i <= 10; i++) q.act(() => q.push({ label: 'rate ' + i, structural: false }));
  assert.deepEqual(s.sent, ['rate 1'], 'one in flight');
  for (let i = 1; i <= 10; i++) await s.answer();
  assert.deepEqual(s.sent, Array.from({ length: 10 }, (_, i) => 'rate ' + (i + 1)));
  assert.deepEqual(landed, s.sent);
  assert.ok(q.idle());
});

test('input after a structural change waits until it has landed, then runs in order', async () => {
  const s = server(), order = [];
  const q = createQueue({ send: s.send, landed: (c) => order.push('landed ' + c.label), refused: () => assert.fail() });
  q.act(() => { order.push('X'); q.push({ label: 'discard', structural: true }); });
  q.act(() => order.push('→'));
  q.act(() => { order.push('3'); q.push({ label: 'rate', structural: false }); });
  assert.deepEqual(order, ['X'], 'the arrow and the rating wait for the discard');
  await s.answer();
  assert.deepEqual(order, ['X', 'landed discard', '→', '3']);
  await s.answer();
  assert.deepEqual(s.sent, ['discard', 'rate']);
});

test('a refused change stops the queue and says what was not done', async () => {
  const s = server(), told = [];
  const refused = (c, a, rest) => told.push([c.label, a.error, rest]);
  const q = createQueue({ send: s.send, landed: () => {}, refused });
  q.push({ label: 'a', structural: false });
  q.push({ label: 'b', structural: true });
  q.push({ label: 'c', structural: false });
  q.act(() => assert.fail('held input of a refused queue must not run'));
  await s.answer({ error: 'stale' });
  assert.equal(told.length, 1);
  assert.equal(told[0][0], 'a');
  assert.deepEqual(told[0][2].dropped.map((c) => c.label), ['b', 'c']);
  assert.equal(told[0][2].actions, 1);
  assert.ok(q.idle());
  assert.deepEqual(s.sent, ['a']);
});

test('a failed send is a refusal in words, not a lost change', async () => {
  const told = [];
  const q = createQueue({ send: async () => { throw new Error('offline'); }, landed: () => assert.fail(),
                          refused: (c, a) => told.push(a.error) });
  q.push({ label: 'a', structural: false });
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual(told, ['offline']);
});

test('pending lists what is not saved yet', async () => {
  const s = server(), seen = [];
  const q = createQueue({ send: s.send, landed: () => {}, refused: () => {}, changed: (p) => seen.push(p.length) });
  q.push({ label: 'a', ids: ['x'] });
  q.push({ label: 'b', ids: ['y'] });
  assert.deepEqual(q.pending().map((c) => c.label), ['a', 'b']);
  await s.answer();
  await s.answer();
  assert.deepEqual(seen, [1, 2, 1, 0]);
});
