// The filter panel: tags, rating, colour label, what apolo measured, camera, dates and where to look; the matching
// slides are highlighted as the criteria change (as `apolo filter` would find them), then become a new shelf or
// join one. It registers itself with panels.js, so that the panels module does not import it back.
import { ask } from './ask.js';
import { run } from './changes.js';
import { MEASURED, matcher, words } from './filterwords.js';
import { t } from './messages.js';
import { body, el, field, panel, shows } from './panels.js';
import { byId, called } from './people.js';
import { knownPeople, loadPeople, takeChosen } from './peoplepanel.js';
import { factsOf } from './stacks.js';
import { $, app, button, hooks, stars } from './state.js';
import { LABELS } from './viewfilter.js';

const options = (id, first, values, name) => el('select', { id }, el('option', { value: '', textContent: first }),
  ...values.map((value) => el('option', { value, textContent: name(value) })));

function showFilter() {
  const tags = el('input', { id: 'filter-tags', placeholder: t('filter.tagsHint') });
  const mode = el('select', { id: 'filter-mode' }, el('option', { value: 'all', textContent: t('filter.all') }),
      el('option', { value: 'any', textContent: t('filter.any') }));
  const rating = options('filter-rating', t('filter.anyRating'), [0, 1, 2, 3, 4, 5].map((n) => '=' + n)
    .concat([1, 2, 3, 4, 5].map((n) => '>' + n)), (v) => (v[0] === '='
      ? t('filter.exactly', Number(v[1]) ? stars(Number(v[1])) : t('filter.unrated'))
      : t('filter.atLeast', stars(Number(v[1])))));
  const label = options('filter-label', t('filter.anyLabel'), LABELS, (v) => t('label.' + v));
  const measured = options('filter-measured', t('filter.anyMeasure'), MEASURED, (v) => t('filter.measured.' + v));
  const client = options('filter-client', t('filter.anyClient'), ['picked', 'commented'],
    (v) => t('filter.client.' + v));
  const scope = el('select', { id: 'filter-scope' }, ...['shelves', 'albums', 'table', 'all'].map((s) => el('option',
      { value: s, textContent: t('filter.scope.' + s) })));
  const person = el('select', { id: 'filter-person' }, el('option', { value: '', textContent: t('filter.anyPerson') }));
  const camera = el('input', { id: 'filter-camera', placeholder: t('filter.cameraHint') });
  const from = el('input', { id: 'filter-from', type: 'date' });
  const to = el('input', { id: 'filter-to', type: 'date' });
  const count = el('p', { id: 'filter-count' });
  const into = el('select', { id: 'filter-into' });
  into.setAttribute('aria-label', t('filter.intoLabel'));
  const inputs = [tags, mode, rating, label, measured, client, person, scope, camera, from, to];
  const update = () => {
    const who = byId(knownPeople(), person.value);
    panel.filter = { tags: tags.value.split(',').map((word) => word.trim()).filter(Boolean), any: mode.value === 'any',
      rating: rating.value, label: label.value, measured: measured.value, client: client.value, scope: scope.value,
      camera: camera.value.trim().toLowerCase(), from: from.value, to: to.value, person: who ? who.id : '',
      people: who ? new Set(who.photos) : null };
    const hits = highlight();
    count.textContent = t(hits === 1 ? 'filter.match' : 'filter.matches', hits);
    refreshTargets();
  };
  for (const input of inputs) input.addEventListener('input', update);
  body(t('bar.filter'), field(t('filter.tags'), tags), field(t('filter.matchBy'), mode),
    field(t('filter.rating'), rating), field(t('filter.label'), label), field(t('filter.measured'), measured),
    field(t('filter.client'), client), field(t('filter.person'), person),
    field(t('filter.camera'), camera), field(t('filter.from'), from), field(t('filter.until'), to),
    field(t('filter.lookIn'), scope), count,
    el('div', { className: 'row' }, button(t('filter.newShelf'), t('filter.newShelfTitle'), () => {
      ask(t('filter.newShelfAsk')).then((name) => name && run([words(panel.filter).concat('--new-shelf', name)]));
    })),
    el('div', { className: 'row' }, into, button(t('filter.addTo'), t('filter.addToTitle'),
        () => into.value && run([words(panel.filter).concat('--into', into.value)]))));
  const wanted = takeChosen();
  update();
  loadPeople().then(({ people }) => {
    person.append(...people.map((p) => el('option', { value: String(p.id), textContent: called(p) })));
    if (wanted !== null) person.value = String(wanted);
    update();
  });
  tags.focus();
}
shows.filter = showFilter;
hooks.rendered.push(() => panel.name === 'filter' && refreshTargets());
hooks.painted.push(() => panel.filter && highlight());

/// The filter panel's list of shelves to add the matches to, as the project has them now (kept choice).
export function refreshTargets() {
  const into = $('filter-into');
  if (!into) return;
  const kept = into.value;
  const shelves = app.data.places.filter((p) => p.kind === 'shelf').map((p) => p.name);
  into.replaceChildren(...shelves.map((name) => el('option', { value: name, textContent: name })));
  if (shelves.includes(kept)) into.value = kept;
}

/// Marks the slides the filter matches (as `apolo filter` would find them) and returns how many photos match.
export function highlight() {
  const f = panel.filter;
  document.body.classList.toggle('filtering', !!f);
  document.querySelectorAll('.slide.match').forEach((s) => s.classList.remove('match'));
  if (!f) return 0;
  const matches = matcher(f, (id) => factsOf(app.analysis, id), (id) => app.reviews.get(id));
  const kinds = { shelves: ['shelf'], albums: ['album'], table: ['table'], all: ['shelf', 'album', 'table'] }[f.scope];
  const hits = new Set();
  app.data.places.forEach((place, p) => {
    if (!kinds.includes(place.kind)) return;
    // a reject stays on the table, dimmed; `apolo filter` never counts it, so neither does the panel
    const found = new Set(place.slides.filter((s) => !s.discarded && matches(s)).map((s) => s.id));
    found.forEach((id) => hits.add(id));
    document.querySelectorAll(`.strip[data-index="${p}"] .slide`).forEach((s) => {
      if (found.has(s.dataset.id)) s.classList.add('match');
    });
  });
  return hits.size;
}
