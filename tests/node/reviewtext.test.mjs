import assert from 'node:assert/strict';
import { test } from 'node:test';
import { counter, language, linkKey, say, step, swipe, title } from '../../Sources/ApoloServer/Web/js/reviewtext.js';

test('the language is the browser\'s first one apolo speaks, else English', () => {
  assert.equal(language(['fr-FR', 'es-ES', 'en']), 'es');
  assert.equal(language(['de']), 'en');
  assert.equal(language([]), 'en');
});

test('every word exists in both languages with the same placeholders', () => {
  const en = ['name', 'send', 'sendAsk', 'sent', 'countOf', 'photo', 'picked', 'noLink'];
  for (const key of en) {
    assert.notEqual(say('es', key, '§1', '§2'), say('en', key, '§1', '§2'), key);
    assert.equal((say('es', key, '§1', '§2').match(/§\d/g) ?? []).length,
                 (say('en', key, '§1', '§2').match(/§\d/g) ?? []).length, key);
  }
});

test('a photo is named by its file only when the share shows names', () => {
  assert.equal(title('en', { n: 12 }), 'Photo 12');
  assert.equal(title('es', { n: 3 }), 'Foto 3');
  assert.equal(title('en', { n: 3, file: 'IMG_1.JPG' }), 'IMG_1.JPG');
});

test('the counter shows the limit when there is one', () => {
  assert.equal(counter('en', 3, 40), '♥ 3 of 40');
  assert.equal(counter('en', 3, null), '♥ 3');
});

test('steps stop at the ends', () => {
  assert.equal(step(0, -1, 5), 0);
  assert.equal(step(4, 1, 5), 4);
  assert.equal(step(2, 1, 5), 3);
});

test('a swipe is a quick, mostly sideways move of 50 px or more', () => {
  assert.equal(swipe(-80, 10, 200), 1);
  assert.equal(swipe(90, -5, 300), -1);
  assert.equal(swipe(30, 0, 100), 0);
  assert.equal(swipe(-80, 70, 200), 0);
  assert.equal(swipe(-80, 0, 2000), 0);
});

test('the link key is 32 base64url characters from the fragment, nothing else', () => {
  assert.equal(linkKey('#JuYxOM6fh1FYY6IE5Y7ztlvTF_gsKEZt'), 'JuYxOM6fh1FYY6IE5Y7ztlvTF_gsKEZt');
  assert.equal(linkKey('#short'), null);
  assert.equal(linkKey('#JuYxOM6fh1FYY6IE5Y7ztlvTF_gsKEZ<'), null);
  assert.equal(linkKey(''), null);
});
