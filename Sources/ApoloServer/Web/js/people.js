// People as the page shows them: a tile's face window, a person's name in words, and the filter words that find
// them. No DOM here. A person is { id, name?, faces, photos: [id], face?: { photo, box: [x, y, w, h], aspect } } as
// `GET /api/people` sends them (most faces first; `aspect`, the photo's width over its height as shown).
import { t } from './messages.js';

/// What a person is called on the page: their name, or "Person N".
export const called = (person) => person.name ?? t('people.numbered', person.id);

/// The CSS that shows a face's box (shares of a photo `aspect` times wider than high) filling a square tile, with
/// a margin around it: background size and position. A face near an edge moves in the tile, never past the photo.
export function faceWindow(box, aspect = 1) {
  const [x, y, w, h] = box;
  const across = Math.min(1, Math.max(w, h / aspect) * 1.3, 1 / aspect);   // the square's side, a share of the width
  const down = across * aspect;                                            // and of the height
  const left = Math.min(Math.max(0, x + w / 2 - across / 2), 1 - across);
  const top = Math.min(Math.max(0, y + h / 2 - down / 2), Math.max(0, 1 - down));
  const pct = (n) => `${Math.round(n * 1000) / 10}%`;
  const at = (start, size) => (size >= 1 ? 0 : start / (1 - size));
  return { backgroundSize: `${pct(1 / across)} auto`,
    backgroundPosition: `${pct(at(left, across))} ${pct(at(top, down))}` };
}

/// The person a choice names (their id as text), or null.
export const byId = (people, id) => people.find((p) => String(p.id) === String(id)) ?? null;

/// The words of `apolo filter` that put a person's photos on a new shelf named after them.
export function shelfWords(person, name = called(person)) {
  return ['filter', '--from', 'all', '--person', String(person.id), '--new-shelf', name];
}
