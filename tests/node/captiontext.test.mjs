import assert from 'node:assert/strict';
import { test } from 'node:test';
import { captionCommand, captionFor, replaceCodes, shared } from '../../Sources/ApoloServer/Web/js/captiontext.js';

const photo = { file: 'DSC_0412.JPG', captured: '2026-05-02T09:03:04.120+02:00', camera: 'Apolo One' };

test('codes are replaced, unknown ones named, a lone backslash kept', () => {
  assert.deepEqual(replaceCodes('\\b\\ and \\g\\', { b: 'Ana Bride', g: 'Luis Groom' }),
                   { text: 'Ana Bride and Luis Groom', unknown: [] });
  assert.deepEqual(replaceCodes('\\x\\ here', { b: 'Ana' }), { text: '\\x\\ here', unknown: ['x'] });
  assert.deepEqual(replaceCodes('C:\\ no code', { b: 'Ana' }), { text: 'C:\\ no code', unknown: [] });
  assert.deepEqual(replaceCodes('\\x\\', {}), { text: '\\x\\', unknown: [] }, 'no codes file: nothing is wrong');
});

test('variables are made from the photo as apolo makes them; unknown braces stay', () => {
  assert.equal(captionFor('{date} {time} {camera} {file} {name} {number:6} {smile}', photo, {}).text,
               '2026-05-02 09:03:04 Apolo One DSC_0412.JPG DSC_0412 000412 {smile}');
  assert.equal(captionFor('\\b\\ at {time}', photo, { b: 'Ana' }).text, 'Ana at 09:03:04');
});

test('several photos show their field only when they agree', () => {
  assert.equal(shared([{ meta: { city: 'Lisbon' } }, { meta: { city: 'Lisbon' } }], 'city'), 'Lisbon');
  assert.equal(shared([{ meta: { city: 'Lisbon' } }, {}], 'city'), null);
  assert.equal(shared([{}, {}], 'city'), '');
});

test('the command sets only what changed, other fields as --field', () => {
  assert.deepEqual(captionCommand(['table:1', 'table:2'], { title: 'Tram', city: 'Lisbon', caption: '' }),
                   ['caption', 'set', 'table:1,table:2', '--title', 'Tram', '--field', 'city=Lisbon', '--caption', '']);
});
