import assert from 'node:assert/strict';
import { test } from 'node:test';
import { actionFor, describe } from '../../Sources/ApoloServer/Web/js/keymap.js';
import { parseTagKeys, toggleCommand } from '../../Sources/ApoloServer/Web/js/tagkeys.js';

test('Shift and a digit key is that tag key whatever character the layout gives', () => {
  assert.equal(describe({ key: '!', code: 'Digit1', shiftKey: true }), 'Shift+1');
  assert.equal(describe({ key: '&', code: 'Digit7', shiftKey: true }), 'Shift+7');
  assert.equal(actionFor({ key: '(', code: 'Digit9', shiftKey: true }), 'tagKey');
  assert.equal(actionFor({ key: '3', code: 'Digit3' }), 'rate', 'the digit alone still rates');
  assert.equal(actionFor({ key: ')', code: 'Digit0', shiftKey: true }), null, 'nine keys, 1 to 9');
});

test('the tag set is trimmed, without repeats, nine at most', () => {
  assert.deepEqual(parseTagKeys(' keeper, Family ,family,, ceremony '), ['keeper', 'Family', 'ceremony']);
  assert.equal(parseTagKeys('a,b,c,d,e,f,g,h,i,j,k').length, 9);
  assert.deepEqual(parseTagKeys(null), []);
});

test('a tag key adds its tag, or takes it off when every chosen slide has it', () => {
  const some = [{ ref: 'table:1', tags: ['keeper'] }, { ref: 'table:2', tags: [] }];
  assert.deepEqual(toggleCommand('keeper', some), ['tag', 'add', 'table:1,table:2', 'keeper']);
  const all = [{ ref: 'table:1', tags: ['Keeper'] }, { ref: 'table:2', tags: ['keeper', 'x'] }];
  assert.deepEqual(toggleCommand('keeper', all), ['tag', 'remove', 'table:1,table:2', 'keeper']);
});
