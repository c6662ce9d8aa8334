import { run, walk } from './changes.js';
import { t } from './messages.js';
import { $, api, app, say, stars } from './state.js';
import { apply, button, marks } from './table.js';
import { showView } from './view.js';

export const panel = { name: null, filter: null, exportTimer: null };
export const el = (tag, props = {}, ...children) => { const e = Object.assign(document.createElement(tag), props);
    e.append(...children); return e; };
export const field = (label, input) => el('label', { className: 'field' }, el('span', { textContent: label }), input);

/// Opens a side panel: a dialog next to the table (not modal); focus moves in and returns when it closes.
export function openPanel(name) {
  if (panel.name === name) return closePanel();
  if (!panel.name) app.panelReturn = document.activeElement;
  panel.name = name;
  $('panel').hidden = false;
  $('panel').dataset.panel = name;
  document.querySelectorAll('#bar [data-opens]').forEach((b) => b.classList.toggle('on', b.dataset.opens === name));
  ({ filter: showFilter, projects: showProjects, history: showHistory, export: showExport, view: showView })[name]();
  if (!$('panel').contains(document.activeElement)) $('panel').focus();
}

export function closePanel() {
  panel.name = null;
  panel.filter = null;
  $('panel').hidden = true;
  document.querySelectorAll('#bar [data-opens]').forEach((b) => b.classList.remove('on'));
  highlight();
  app.panelReturn?.focus?.();
  app.panelReturn = null;
}

export function body(title, ...children) {
  $('panel').setAttribute('aria-label', title);
  $('panel').replaceChildren(el('h2', {}, title, button('✕', t('panel.close'), closePanel)), ...children);
}

// ---- filter: matching slides are highlighted as the criteria change, then become a shelf

export function showFilter() {
  const tags = el('input', { id: 'filter-tags', placeholder: t('filter.tagsHint') });
  const mode = el('select', { id: 'filter-mode' }, el('option', { value: 'all', textContent: t('filter.all') }),
      el('option', { value: 'any', textContent: t('filter.any') }));
  const rating = el('select', { id: 'filter-rating' }, el('option', { value: '', textContent: t('filter.anyRating') }),
    ...[0, 1, 2, 3, 4, 5].map((n) => el('option', { value: '=' + n,
        textContent: t('filter.exactly', n ? stars(n) : t('filter.unrated')) })),
    ...[1, 2, 3, 4, 5].map((n) => el('option', { value: '>' + n, textContent: t('filter.atLeast', stars(n)) })));
  const scope = el('select', { id: 'filter-scope' }, ...['shelves', 'albums', 'table', 'all'].map((s) => el('option',
      { value: s, textContent: t('filter.scope.' + s) })));
  const camera = el('input', { id: 'filter-camera', placeholder: t('filter.cameraHint') });
  const from = el('input', { id: 'filter-from', type: 'date' });
  const to = el('input', { id: 'filter-to', type: 'date' });
  const count = el('p', { id: 'filter-count' });
  const into = el('select', { id: 'filter-into' });
  into.setAttribute('aria-label', t('filter.intoLabel'));
  const update = () => {
    panel.filter = { tags: tags.value.split(',').map((word) => word.trim()).filter(Boolean), any: mode.value === 'any',
        rating: rating.value,
                     scope: scope.value, camera: camera.value.trim().toLowerCase(), from: from.value, to: to.value };
    const hits = highlight();
    count.textContent = t(hits === 1 ? 'filter.match' : 'filter.matches', hits);
    refreshTargets();
  };
  for (const input of [tags, mode, rating, scope, camera, from, to]) input.addEventListener('input', update);
  const words = () => {
    const f = panel.filter, w = ['filter'];
    for (const tag of f.tags) w.push('--tag', tag);
    if (f.any) w.push('--any-tag');
    if (f.rating) w.push(f.rating[0] === '=' ? '--rating' : '--min-rating', f.rating.slice(1));
    if (f.camera) w.push('--camera', f.camera);
    if (f.from || f.to) w.push('--date', f.from + '..' + f.to);
    return w.concat('--from', f.scope);
  };
  body(t('bar.filter'), field(t('filter.tags'), tags), field(t('filter.matchBy'), mode), field(t('filter.rating'),
      rating),
    field(t('filter.camera'), camera), field(t('filter.from'), from), field(t('filter.until'), to),
    field(t('filter.lookIn'), scope), count,
    el('div', { className: 'row' }, button(t('filter.newShelf'), t('filter.newShelfTitle'), () => {
      const name = prompt(t('filter.newShelfAsk'));
      if (name) run([words().concat('--new-shelf', name)]);
    })),
    el('div', { className: 'row' }, into, button(t('filter.addTo'), t('filter.addToTitle'),
        () => into.value && run([words().concat('--into', into.value)]))));
  update();
  tags.focus();
}

/// The filter panel's list of shelves to add the matches to, as the project has them now (kept choice).
export function refreshTargets() {
  const into = $('filter-into');
  if (!into) return;
  const kept = into.value;
  const shelves = app.data.places.filter((p) => p.kind === 'shelf').map((p) => p.name);
  into.replaceChildren(...shelves.map((name) => el('option', { value: name, textContent: name })));
  if (shelves.includes(kept)) into.value = kept;
}

/// "1 photo", "3 photos".
const counted = (n, one, many = one + 's') => n + ' ' + (n === 1 ? one : many);

/// Marks the slides the filter matches (as `apolo filter` would find them) and returns how many photos match.
export function highlight() {
  const f = panel.filter;
  document.body.classList.toggle('filtering', !!f);
  document.querySelectorAll('.slide.match').forEach((s) => s.classList.remove('match'));
  if (!f) return 0;
  const wanted = f.tags.map((tag) => tag.toLowerCase());
  const matches = (s) => {
    if (f.camera && !(s.camera ?? '').toLowerCase().includes(f.camera)) return false;
    if (f.from && s.captured < f.from) return false;
    if (f.to && s.captured.slice(0, f.to.length) > f.to) return false;
    const wantedStars = f.rating ? Number(f.rating.slice(1)) : 0;
    if (f.rating && (f.rating[0] === '=' ? s.rating !== wantedStars : s.rating < wantedStars)) return false;
    const has = wanted.map((tag) => s.tags.some((u) => u.toLowerCase() === tag));
    return !wanted.length || (f.any ? has.includes(true) : !has.includes(false));
  };
  const kinds = { shelves: ['shelf'], albums: ['album'], table: ['table'], all: ['shelf', 'album', 'table'] }[f.scope];
  const hits = new Set();
  app.data.places.forEach((place, p) => {
    if (!kinds.includes(place.kind)) return;
    const found = new Set(place.slides.filter(matches).map((s) => s.id));
    found.forEach((id) => hits.add(id));
    document.querySelectorAll(`.strip[data-index="${p}"] .slide`).forEach((s) => {
      if (found.has(s.dataset.id)) s.classList.add('match');
    });
  });
  return hits.size;
}

// ---- projects

export async function showProjects() {
  const list = await (await api('/api/projects')).json();
  const rows = list.map((p) => el('li', { className: p.open ? 'open' : '' }, el('b', { textContent: p.name }),
    el('span', { textContent: p.problem ? ' unreadable'
      : ` ${counted(p.photos, 'photo')} · ${counted(p.shelves, 'shelf', 'shelves')} · ${counted(p.albums, 'album')}`
        + (p.open ? ' · open' : '') }),
    el('span', { className: 'row' },
      ...(p.open ? [] : [button(t('projects.open'), t('projects.openTitle'), () => projectAction('open', p.name))]),
      button(t('projects.rename'), t('projects.renameTitle'), () => { const to = prompt(t('projects.renameAsk',
          p.name), p.name);
          if (to && to !== p.name) projectAction('rename', p.name, to); }),
      ...(p.open ? [] : [button(t('projects.discard'), t('projects.discardTitle'), () => {
        if (confirm(t('projects.discardAsk', p.name))) projectAction('discard',
            p.name, null, true);
      })]))));
  body(t('bar.projects'), el('ul', { id: 'project-list' }, ...rows), el('div', { className: 'row' },
    button(t('projects.new'), t('projects.newTitle'), () => { const n = prompt(t('projects.newAsk'));
        if (n) projectAction('new', n); }),
    button(t('projects.saveAs'), t('projects.saveAsTitle'),
        () => { const n = prompt(t('projects.saveAsAsk', app.data.project)); if (n) projectAction('save-as', n); })));
}

export async function projectAction(action, name, to, confirmed) {
  const r = await api('/api/project', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action, name, to, confirmed }) });
  const answer = await r.json();
  if (answer.version) app.version = answer.version;
  if (answer.state) {
    if (answer.state.project !== app.data.project) { app.data = null; app.focus = null; app.selection.clear(); }
    apply(answer.state);
    marks();
  }
  say(answer.error ?? answer.messages?.join(' · '), !!answer.error || !r.ok);
  if (panel.name === 'projects') showProjects();
}

// ---- history: every step, the current one marked; a click undoes or redoes up to it

export async function showHistory() {
  const h = await (await api('/api/history')).json();
  const items = h.steps.map((s, i) => el('li', { className: i < h.position ? 'done' : 'undone',
      title: s ? s.command + ' · ' + s.date : t('history.damagedTitle') },
    el('b', { textContent: String(i + 1) }), ' ', s ? s.summary : t('history.damaged')));
  items.forEach((li, i) => li.addEventListener('click', () => travel(h.position, i + 1)));
  const start = el('li', { className: 'start', textContent: t('history.start') });
  start.addEventListener('click', () => travel(h.position, 0));
  const list = el('ol', { id: 'history-list' }, start, ...items);
  if (items[h.position - 1]) items[h.position - 1].classList.add('here'); else start.classList.add('here');
  body(t('bar.history'), el('p', { className: 'hint', textContent: t('history.hint') }), list);
  list.querySelector('.here')?.scrollIntoView({ block: 'center' });   // the current step, not the oldest
}

export async function travel(position, to) {
  if (to === position) return;
  await walk(to < position, Math.abs(to - position));
  if (panel.name === 'history') showHistory();
}

// ---- export: the CLI's export with its options, its progress, then the folder and the manifest

/** Opens the manifest from its bytes: an address with the token would stay in the browser's history. */
async function openManifest(event) {
  event.preventDefault();
  const answer = await api('/api/export/manifest');
  const blob = new Blob([await answer.text()], { type: 'application/json' });
  window.open(URL.createObjectURL(blob), '_blank', 'noopener');
}

export async function showExport() {
  const status = await (await api('/api/export')).json();
  const to = el('input', { id: 'export-to', value: status.parent });
  const size = el('input', { id: 'export-size', type: 'number', min: 16, placeholder: t('export.fullSize') });
  const quality = el('input', { id: 'export-quality', type: 'number', min: 1, max: 100, value: 90 });
  const strip = el('input', { id: 'export-strip', type: 'checkbox' });
  const sidecars = el('input', { id: 'export-sidecars', type: 'checkbox' });
  const force = el('input', { id: 'export-force', type: 'checkbox' });
  const albums = app.data.places.filter((p) => p.kind === 'album');
  const start = button(t('bar.export'), t('export.title'), async () => {
    const options = { to: to.value, strip: strip.checked, sidecars: sidecars.checked, force: force.checked };
    if (size.value) Object.assign(options, { maxSize: Number(size.value), quality: Number(quality.value || 90) });
    const r = await api('/api/export', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ options }) });
    if (!r.ok) return say((await r.json()).error, true);
    follow();
  });
  start.id = 'export-start';
  const photos = albums.reduce((n, a) => n + a.slides.length, 0);
  body(t('bar.export'), el('p', { className: 'hint', textContent: t('export.hint', albums.length, photos,
      app.data.project) }),
    field(t('export.folder'), to), field(t('export.size'), size), field(t('export.quality'), quality),
    field(t('export.strip'), strip), field(t('export.sidecars'), sidecars), field(t('export.force'), force), el('div',
        { className: 'row' }, start),
    el('progress', { id: 'export-progress', max: 1, value: 0 }), el('p', { id: 'export-status' }));
  if (status.running) follow();
}

export async function follow() {
  clearTimeout(panel.exportTimer);
  const s = await (await api('/api/export')).json();
  const bar = $('export-progress'), line = $('export-status');
  if (!bar) return;
  bar.max = Math.max(1, s.total);
  bar.value = s.done;
  if (s.running) {
    line.textContent = s.total ? t('export.progress', s.done, s.total) : t('export.starting', s.done);
    panel.exportTimer = setTimeout(follow, 250);
    return;
  }
  line.replaceChildren();
  if (s.error) { line.className = 'error'; line.textContent = s.error; return say(s.error, true); }
  line.className = '';
  const manifest = el('a', { href: '#', id: 'export-manifest', textContent: t('export.manifest') });
  manifest.addEventListener('click', openManifest);
  line.append(el('span', { textContent: s.message + ' ' }), manifest);
  say(s.message, s.failed > 0);
}
