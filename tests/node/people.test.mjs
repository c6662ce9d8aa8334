import assert from 'node:assert/strict';
import { test } from 'node:test';
import { use } from '../../Sources/ApoloServer/Web/js/messages.js';
import { faceWindow } from '../../Sources/ApoloServer/Web/js/facetile.js';
import { byId, called, shelfWords } from '../../Sources/ApoloServer/Web/js/people.js';

test('a person is called by their name, else by their number, in the page\'s language', () => {
  use('en');
  assert.equal(called({ id: 3, name: 'Ana' }), 'Ana');
  assert.equal(called({ id: 3 }), 'Person 3');
  use('es');
  assert.equal(called({ id: 3 }), 'Persona 3');
  use('en');
});

test('a tile shows the face with a margin, square, and never past the photo\'s edge', () => {
  const middle = faceWindow([0.4, 0.4, 0.1, 0.1]);
  assert.equal(middle.backgroundSize, '769.2% auto', 'the face and 30% around it fill the tile');
  const corner = faceWindow([0, 0, 0.2, 0.2]);
  assert.equal(corner.backgroundPosition, '0% 0%', 'a face at the corner starts the tile at the corner');
  const edge = faceWindow([0.85, 0.85, 0.15, 0.15]);
  assert.equal(edge.backgroundPosition, '100% 100%', 'a face at the far edge ends the tile at that edge');
  const wide = faceWindow([0.45, 0.4, 0.1, 0.15], 1.5);
  assert.equal(wide.backgroundSize, '769.2% auto', 'a 3:2 photo: the face is 0.1 of its width, 0.15 of its height');
  assert.equal(wide.backgroundPosition, '50% 46.9%', 'the window 0.195 of the height, from 0.3775');
});

test('a person is found by the id a choice holds, and their shelf is made by apolo filter', () => {
  const people = [{ id: 1, name: 'Ana' }, { id: 12 }];
  assert.equal(byId(people, '12'), people[1]);
  assert.equal(byId(people, '7'), null);
  assert.deepEqual(shelfWords(people[0]), ['filter', '--from', 'all', '--person', '1', '--new-shelf', 'Ana']);
});
