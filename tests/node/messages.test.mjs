import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MESSAGES, pick, t, use } from '../../Sources/ApoloServer/Web/js/messages.js';

test('both languages have the same messages, with the same placeholders', () => {
  assert.deepEqual(Object.keys(MESSAGES.es).sort(), Object.keys(MESSAGES.en).sort());
  for (const key of Object.keys(MESSAGES.en)) {
    const holes = (text) => (text.match(/\{\d\}/g) ?? []).sort().join();
    assert.equal(holes(MESSAGES.es[key]), holes(MESSAGES.en[key]), key);
  }
});

test('the browser\'s first known language is chosen, English otherwise', () => {
  assert.equal(pick(['es-ES', 'en']), 'es');
  assert.equal(pick(['fr-FR', 'es-MX']), 'es');
  assert.equal(pick(['de']), 'en');
  assert.equal(pick(undefined), 'en');
});

test('messages are filled in and fall back to English', () => {
  use('es');
  assert.equal(t('bar.undo'), 'Deshacer');
  assert.equal(t('place.slides', 3), '3 diapositivas');
  use('xx');
  assert.equal(t('bar.undo'), 'Undo');
  assert.equal(t('no.such.key'), 'no.such.key');
});

test('counts are grouped by thousands as each language writes them', () => {
  use('en');
  assert.equal(t('place.slides', 45000), '45,000 slides');
  assert.equal(t('place.shownOf', 1200, 45000), '1,200 of 45,000 slides shown');
  use('es');
  assert.equal(t('place.slides', 45000), '45.000 diapositivas');
  assert.equal(t('place.slides', 4500), '4500 diapositivas', 'four digits stay as they are in Spanish');
  assert.equal(t('people.numbered', 12), 'Persona 12');
  use('en');
});
