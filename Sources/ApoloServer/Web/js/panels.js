import { run, walk } from './changes.js';
import { $, api, app, media, say, stars } from './state.js';
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
  $('panel').replaceChildren(el('h2', {}, title, button('✕', 'close (Esc)', closePanel)), ...children);
}

// ---- filter: matching slides are highlighted as the criteria change, then become a shelf

export function showFilter() {
  const tags = el('input', { id: 'filter-tags', placeholder: 'tags, separated by commas' });
  const mode = el('select', { id: 'filter-mode' }, el('option', { value: 'all', textContent: 'all of the tags' }),
      el('option', { value: 'any', textContent: 'any of the tags' }));
  const rating = el('select', { id: 'filter-rating' }, el('option', { value: '', textContent: 'any rating' }),
    ...[0, 1, 2, 3, 4, 5].map((n) => el('option', { value: '=' + n,
        textContent: 'exactly ' + (n ? stars(n) : 'unrated') })),
    ...[1, 2, 3, 4, 5].map((n) => el('option', { value: '>' + n, textContent: 'at least ' + stars(n) })));
  const scope = el('select', { id: 'filter-scope' }, ...['shelves', 'albums', 'table', 'all'].map((s) => el('option',
      { value: s, textContent: s })));
  const camera = el('input', { id: 'filter-camera', placeholder: 'any part, any case' });
  const from = el('input', { id: 'filter-from', type: 'date' });
  const to = el('input', { id: 'filter-to', type: 'date' });
  const count = el('p', { id: 'filter-count' });
  const into = el('select', { id: 'filter-into' });
  into.setAttribute('aria-label', 'shelf to add the matches to');
  const update = () => {
    panel.filter = { tags: tags.value.split(',').map((t) => t.trim()).filter(Boolean), any: mode.value === 'any',
        rating: rating.value,
                     scope: scope.value, camera: camera.value.trim().toLowerCase(), from: from.value, to: to.value };
    const hits = highlight();
    count.textContent = hits + ' match' + (hits === 1 ? '' : 'es') + ' (highlighted)';
    refreshTargets();
  };
  for (const input of [tags, mode, rating, scope, camera, from, to]) input.addEventListener('input', update);
  const words = () => {
    const f = panel.filter, w = ['filter'];
    for (const t of f.tags) w.push('--tag', t);
    if (f.any) w.push('--any-tag');
    if (f.rating) w.push(f.rating[0] === '=' ? '--rating' : '--min-rating', f.rating.slice(1));
    if (f.camera) w.push('--camera', f.camera);
    if (f.from || f.to) w.push('--date', f.from + '..' + f.to);
    return w.concat('--from', f.scope);
  };
  body('Filter', field('Tags', tags), field('Match', mode), field('Rating', rating), field('Camera', camera),
    field('Taken from', from), field('Taken until', to), field('Look in', scope), count,
    el('div', { className: 'row' }, button('New shelf…', 'put the matches on a new shelf', () => {
      const name = prompt('Name of the new shelf for the matches');
      if (name) run([words().concat('--new-shelf', name)]);
    })),
    el('div', { className: 'row' }, into, button('Add to shelf', 'append the matches to this shelf',
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
  const wanted = f.tags.map((t) => t.toLowerCase());
  const matches = (s) => {
    if (f.camera && !(s.camera ?? '').toLowerCase().includes(f.camera)) return false;
    if (f.from && s.captured < f.from) return false;
    if (f.to && s.captured.slice(0, f.to.length) > f.to) return false;
    const wantedStars = f.rating ? Number(f.rating.slice(1)) : 0;
    if (f.rating && (f.rating[0] === '=' ? s.rating !== wantedStars : s.rating < wantedStars)) return false;
    const has = wanted.map((t) => s.tags.some((u) => u.toLowerCase() === t));
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
      ...(p.open ? [] : [button('Open', 'open this project', () => projectAction('open', p.name))]),
      button('Rename', 'rename this project', () => { const to = prompt('New name for project ' + p.name, p.name);
          if (to && to !== p.name) projectAction('rename', p.name, to); }),
      ...(p.open ? [] : [button('Discard', 'discard this project (photo files are not touched)', () => {
        if (confirm('Discard project ' + p.name + '? Its photo files are not touched.')) projectAction('discard',
            p.name, null, true);
      })]))));
  body('Projects', el('ul', { id: 'project-list' }, ...rows), el('div', { className: 'row' },
    button('New…', 'make an empty project and open it', () => { const n = prompt('Name of the new project');
        if (n) projectAction('new', n); }),
    button('Save as…', 'copy the open project under a new name and open the copy',
        () => { const n = prompt('Save ' + app.data.project + ' as'); if (n) projectAction('save-as', n); })));
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
      title: s ? s.command + ' · ' + s.date : 'a damaged step' },
    el('b', { textContent: String(i + 1) }), ' ', s ? s.summary : '(damaged)'));
  items.forEach((li, i) => li.addEventListener('click', () => travel(h.position, i + 1)));
  const start = el('li', { className: 'start', textContent: '0 · the start, before every step' });
  start.addEventListener('click', () => travel(h.position, 0));
  const list = el('ol', { id: 'history-list' }, start, ...items);
  if (items[h.position - 1]) items[h.position - 1].classList.add('here'); else start.classList.add('here');
  body('History', el('p', { className: 'hint',
      textContent: 'Click a step to undo or redo up to it. Steps made on the command line are here too.' }), list);
  list.querySelector('.here')?.scrollIntoView({ block: 'center' });   // the current step, not the oldest
}

export async function travel(position, to) {
  if (to === position) return;
  await walk(to < position, Math.abs(to - position));
  if (panel.name === 'history') showHistory();
}

// ---- export: the CLI's export with its options, its progress, then the folder and the manifest

export async function showExport() {
  const status = await (await api('/api/export')).json();
  const to = el('input', { id: 'export-to', value: status.parent });
  const size = el('input', { id: 'export-size', type: 'number', min: 16, placeholder: 'full size (byte copies)' });
  const quality = el('input', { id: 'export-quality', type: 'number', min: 1, max: 100, value: 90 });
  const strip = el('input', { id: 'export-strip', type: 'checkbox' });
  const sidecars = el('input', { id: 'export-sidecars', type: 'checkbox' });
  const force = el('input', { id: 'export-force', type: 'checkbox' });
  const albums = app.data.places.filter((p) => p.kind === 'album');
  const start = button('Export', 'export the albums in order', async () => {
    const options = { to: to.value, strip: strip.checked, sidecars: sidecars.checked, force: force.checked };
    if (size.value) Object.assign(options, { maxSize: Number(size.value), quality: Number(quality.value || 90) });
    const r = await api('/api/export', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ options }) });
    if (!r.ok) return say((await r.json()).error, true);
    follow();
  });
  start.id = 'export-start';
  body('Export', el('p', { className: 'hint',
      textContent: albums.length + ' album' + (albums.length === 1 ? '' : 's') + ', ' + albums.reduce((n,
      a) => n + a.slides.length, 0) +
      ' photos, in album order into FOLDER/' + app.data.project + '/ as 001-album-file…' }),
    field('Folder', to), field('Longest side (px)', size), field('Quality', quality), field('Strip metadata',
        strip), field('XMP sidecars', sidecars),
    field('Replace an earlier export', force), el('div', { className: 'row' }, start),
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
    line.textContent = 'exporting ' + s.done + (s.total ? ' of ' + s.total : '') + '…';
    panel.exportTimer = setTimeout(follow, 250);
    return;
  }
  line.replaceChildren();
  if (s.error) { line.className = 'error'; line.textContent = s.error; return say(s.error, true); }
  line.className = '';
  line.append(el('span', { textContent: s.message + ' ' }), el('a', { href: media('/api/export/manifest'),
      target: '_blank', textContent: 'manifest' }));
  say(s.message, s.failed > 0);
}
