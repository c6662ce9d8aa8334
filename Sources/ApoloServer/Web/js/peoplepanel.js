// The People panel (W): each person a tile with their largest face, their name (or number) and how many photos
// they are in. A tile marks their photos on the table and rack (as the filter panel marks matches); its buttons
// name the person, put their photos on a new shelf, or open the filter panel with them chosen, to combine with
// every other criterion. "Group new faces" runs `apolo people group`. It registers itself with panels.js.
import { ask } from './ask.js';
import { run } from './changes.js';
import { t } from './messages.js';
import { body, el, openPanel, panel, shows } from './panels.js';
import { faceWindow } from './facetile.js';
import { called, shelfWords } from './people.js';
import { api, app, button, knowVersion, media, say, screen } from './state.js';

/// The people as last loaded, and the person the panel's "Filter…" chose (taken once by the filter panel).
let known = { people: [], loose: 0, off: null };
let chosen = null;

/// Loads the people (the filter panel's choice of a person reads them too).
export async function loadPeople() {
  const r = await api('/api/people');
  known = r.ok ? await r.json() : { people: [], loose: 0, off: null };
  return known;
}

/// The people as last loaded.
export const knownPeople = () => known.people;

/// The person "Filter…" chose, once (null after).
export function takeChosen() {
  const id = chosen;
  chosen = null;
  return id;
}

function tile(person) {
  const face = el('span', { className: 'person-face' });
  face.setAttribute('aria-hidden', 'true');
  if (person.face) {
    Object.assign(face.style, { backgroundImage: `url("${media('/preview/' + person.face.photo)}")` },
      faceWindow(person.face.box, person.face.aspect));
  }
  const count = t(person.photos.length === 1 ? 'people.photo' : 'people.photos', person.photos.length);
  const show = button('', t('people.showTitle', called(person)), () => mark(person));
  show.className = 'person';
  show.setAttribute('aria-label', `${called(person)}, ${count}`);
  show.append(face, el('b', { textContent: called(person) }), el('span', { textContent: count }));
  return el('li', {}, show, el('span', { className: 'row' },
    button(t('people.name'), t('people.nameTitle', called(person)), () => ask(t('people.nameAsk', called(person)),
      person.name ?? '').then((name) => name && run([['person', 'name', String(person.id), name]])
      .then(() => panel.name === 'people' && showPeople()))),
    button(t('people.shelf'), t('people.shelfTitle', called(person)), () => ask(t('filter.newShelfAsk'),
      called(person)).then((name) => name && run([shelfWords(person, name)]))),
    button(t('people.filter'), t('people.filterTitle', called(person)), () => {
      chosen = person.id;
      openPanel('filter');
    })));
}

/// Marks the person's photos on the table and rack, as the filter panel marks matches.
function mark(person) {
  const photos = new Set(person.photos);
  document.body.classList.add('filtering');
  document.querySelectorAll('.slide.match').forEach((s) => s.classList.remove('match'));
  document.querySelectorAll('.slide').forEach((s) => photos.has(s.dataset.id) && s.classList.add('match'));
  say(t('people.marked', called(person), photos.size));
}

async function groupNew() {
  await screen.whole;
  const r = await api('/api/people/group', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ expect: app.data.revision }) });
  const answer = await r.json();
  knowVersion(answer.version);
  if (answer.state) screen.apply(answer.state);
  say(answer.error ?? answer.messages?.join(' · '), !!answer.error || !r.ok);
  if (panel.name === 'people') showPeople();
}

export async function showPeople() {
  const { people, loose, off } = await loadPeople();
  const hint = off ?? (people.length ? t('people.hint') : t('people.none'));
  const group = button(t('people.group'), t('people.groupTitle'), groupNew);
  group.id = 'people-group';
  group.disabled = !!off || !loose;
  body(t('bar.people'), el('p', { className: 'hint', textContent: hint }),
    el('ul', { id: 'people-list', className: 'people' }, ...people.map(tile)),
    el('p', { id: 'people-loose', textContent: t(loose === 1 ? 'people.looseOne' : 'people.loose', loose) }),
    el('div', { className: 'row' }, group));
}
shows.people = showPeople;
