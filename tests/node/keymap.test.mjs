import assert from 'node:assert/strict';
import { test } from 'node:test';
import { KEYMAP, actionFor, describe, helpRows } from '../../Sources/ApoloServer/Web/js/keymap.js';
import { MESSAGES } from '../../Sources/ApoloServer/Web/js/messages.js';

test('keys are named as the map writes them', () => {
  assert.equal(describe({ key: 'X', shiftKey: true }), 'x', 'a letter in either case');
  assert.equal(describe({ key: 'Z', ctrlKey: true, shiftKey: true }), 'Ctrl+Shift+z');
  assert.equal(describe({ key: 'z', metaKey: true }), 'Ctrl+z', 'Cmd counts as Ctrl');
  assert.equal(describe({ key: ' ' }), 'Space');
  assert.equal(describe({ key: '?', shiftKey: true }), '?');
  assert.equal(describe({ key: 'ArrowRight', shiftKey: true }), 'Shift+ArrowRight');
});

test('each view finds its own keys first, then the table\'s, then those of every view', () => {
  assert.equal(actionFor({ key: 'ArrowRight' }), 'next');
  assert.equal(actionFor({ key: 'ArrowRight' }, 'loupe'), 'step');
  assert.equal(actionFor({ key: '3' }, 'loupe'), 'rate', 'rating in the loupe');
  assert.equal(actionFor({ key: 'x' }, 'compare'), 'discard', 'discarding in compare');
  assert.equal(actionFor({ key: ' ' }, 'loupe'), 'close');
  assert.equal(actionFor({ key: '=' }), 'bigger', '= counts as +');
  assert.equal(actionFor({ key: 'z', ctrlKey: true }, 'compare'), 'undo');
  assert.equal(actionFor({ key: 'q' }), null);
  assert.equal(actionFor({ key: 'ArrowLeft', altKey: true }), 'moveEarlier');
});

test('no key means two things in one view', () => {
  const seen = new Map();
  for (const entry of KEYMAP) {
    for (const key of entry.keys) {
      const slot = entry.scope + ' ' + key;
      assert.ok(!seen.has(slot) || seen.get(slot) === entry.action, `${slot}: ${seen.get(slot)} and ${entry.action}`);
      seen.set(slot, entry.action);
    }
  }
});

test('the help lists every action once, with all its keys, and every text exists in both languages', () => {
  const rows = helpRows();
  const redo = rows.find((r) => r.help === 'help.redo');
  assert.deepEqual(redo.keys, ['Ctrl+Shift+z', 'Ctrl+y']);
  assert.deepEqual(rows.find((r) => r.help === 'help.rows').keys, ['↓', '↑']);
  // a row holds one action and its opposite, never the next action's keys (Space closes the loupe, a advances)
  assert.deepEqual(rows.find((r) => r.help === 'help.peaking').keys, ['p']);
  assert.deepEqual(rows.find((r) => r.help === 'help.compareStep').keys, ['→', '←']);
  for (const row of rows) {
    for (const lang of ['en', 'es']) assert.ok(MESSAGES[lang][row.help], `${lang}: ${row.help}`);
  }
});
