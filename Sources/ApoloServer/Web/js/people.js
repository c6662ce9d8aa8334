// People as the page shows them: a person's name in words, and the filter words that find
// them. No DOM here. A person is { id, name?, faces, photos: [id], face?: { photo, box: [x, y, w, h], aspect } } as
// `GET /api/people` sends them (most faces first; `aspect`, the photo's width over its height as shown).
import { t } from './messages.js';

/// What a person is called on the page: their name, or "Person N".
export const called = (person) => person.name ?? t('people.numbered', person.id);

/// The person a choice names (their id as text), or null.
export const byId = (people, id) => people.find((p) => String(p.id) === String(id)) ?? null;

/// The words of `apolo filter` that put a person's photos on a new shelf named after them.
export function shelfWords(person, name = called(person)) {
  return ['filter', '--from', 'all', '--person', String(person.id), '--new-shelf', name];
}
