import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forThePage } from '../../Sources/ApoloServer/Web/js/words.js';

test('command-line hints become the page\'s buttons and keys', () => {
  assert.equal(forThePage("album 'portfolio' is locked; reopen it as a shelf first: apolo album reopen portfolio"),
               "album 'portfolio' is locked; reopen it first with ↺ on the album");
  assert.equal(forThePage("project 'trip' has no albums to export; make one with: apolo album compress SHELF"),
               "project 'trip' has no albums to export; make one with ▣ on a shelf");
  const discarded = "discarded 'a.jpg' from the table (see: apolo table --discarded; undo: apolo slide restore 01234)";
  assert.equal(forThePage(discarded),
               "discarded 'a.jpg' from the table (dimmed in its place: U on it restores it)");
  assert.equal(forThePage('rated 3 photos'), 'rated 3 photos', 'other messages are left as they are');
  assert.equal(forThePage(undefined), undefined);
});

test('any other command-line hint is left out, never shown as a command on the page', () => {
  assert.equal(forThePage("moved 3 slides to 'best' (then: apolo album compress best)"), "moved 3 slides to 'best'");
  assert.equal(forThePage("kept 'a.jpg' (undo: apolo undo)"), "kept 'a.jpg'");
});
