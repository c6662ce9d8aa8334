// The reviewer's "Find me" (a share made with --find-me): the faces of the people in the share's photos; one picked
// shows only the photos that person is in (the others are hidden, not removed: a frame keeps its place), until
// "Show all". Nothing leaves the page: the faces come with the share's state.
import { faceWindow } from './facetile.js';
import { say } from './reviewtext.js';

const $ = (id) => document.getElementById(id);

/// Wires the buttons; returns `findMe` (draws the faces), `show(person | null)` and `finding()` (the person shown).
export function wireFindMe(view, lang, note) {
  let finding = null;

  /// Draws the faces of the people in the share's photos (the button shows when there are any).
  function findMe() {
    const people = view.state.people ?? [];
    $('find-me').hidden = !people.length;
    $('find-me').textContent = say(lang, 'findMe');
    $('faces').hidden = $('faces').hidden || !people.length;
    $('faces').setAttribute('aria-label', say(lang, 'faces'));
    $('faces-hint').textContent = say(lang, 'findMeHint');
    $('face-list').replaceChildren(...people.map((person) => {
      const button = Object.assign(document.createElement('button'), { type: 'button', className: 'guest' });
      const words = person.photos.length === 1 ? say(lang, 'faceOne', person.n)
        : say(lang, 'face', person.n, person.photos.length);
      button.setAttribute('aria-label', words);
      button.setAttribute('aria-pressed', String(finding === person.n));
      button.title = words;
      Object.assign(button.style, { backgroundImage: `url("preview/${person.photo}")` },
        faceWindow(person.box, person.aspect));
      button.onclick = () => show(finding === person.n ? null : person);
      const li = document.createElement('li');
      li.append(button);
      return li;
    }));
  }

  /// Shows only `person`'s photos (null: all of them again).
  function show(person) {
    finding = person?.n ?? null;
    const only = person ? new Set(person.photos) : null;
    [...$('grid').children].forEach((li, at) => { li.hidden = !!only && !only.has(view.state.photos[at].id); });
    $('show-all').hidden = !person;
    $('show-all').textContent = say(lang, 'showAll');
    note(person ? say(lang, 'showing', person.photos.length) : '');
    findMe();
  }

  $('find-me').onclick = () => { $('faces').hidden = !$('faces').hidden; findMe(); };
  $('show-all').onclick = () => show(null);
  return { findMe, show, finding: () => finding };
}
