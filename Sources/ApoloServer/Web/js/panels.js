import { ask, sure } from './ask.js';
import { walk } from './changes.js';
import { t } from './messages.js';
import { $, api, app, button, clearSelection, knowVersion, say, screen, setFocus } from './state.js';
import { forThePage } from './words.js';
import { refOf } from './refs.js';

export const panel = { name: null, filter: null, exportTimer: null, waiting: null };
/// What shows each panel; the filter panel (filterpanel.js) and the view panel (view.js) add their own.
export const shows = { projects: () => showProjects(), history: () => showHistory(), export: () => showExport() };
/// The panels whose modules load after the first screen (main.js), each with its module's arrival.
export const arriving = new Map();
export const el = (tag, props = {}, ...children) => { const e = Object.assign(document.createElement(tag), props);
    e.append(...children); return e; };
export const field = (label, input) => el('label', { className: 'field' }, el('span', { textContent: label }), input);

/// Opens a side panel: a dialog next to the table (not modal); focus moves in and returns when it closes.
export function openPanel(name) {
  // a panel whose module is on its way waits for it; asked for again meanwhile, it is called off (as a second
  // press closes an open panel), and a panel already open stays
  if (!shows[name] && arriving.has(name)) return panel.waiting === name ? void (panel.waiting = null) : wait(name);
  panel.waiting = null;   // a panel opened or closed since is what the photographer wants now
  if (panel.name === name) return closePanel();
  if (!panel.name) app.panelReturn = document.activeElement;
  panel.name = name;
  $('panel').hidden = false;
  $('panel').dataset.panel = name;
  document.querySelectorAll('#bar [data-opens]').forEach((b) => b.classList.toggle('on', b.dataset.opens === name));
  shows[name]();
  if (!$('panel').contains(document.activeElement)) $('panel').focus();
}

/// A panel asked for before its module has arrived opens when it has (the last one asked for, once), unless the
/// photographer went on to the loupe, compare, a question or the keys meanwhile: it would take their keyboard.
function wait(name) {
  panel.waiting = name;
  arriving.get(name).then(() => {
    if (panel.waiting !== name) return;
    panel.waiting = null;
    arriving.delete(name);   // arrived: a module that did not register its panel fails once, not in a loop
    const busy = app.loupe || app.compare || !$('ask').hidden || !$('help').hidden;
    if (!busy) openPanel(name);
  }, () => say(t('notice.noServer'), true));
}

export function closePanel() {
  panel.name = null;
  panel.waiting = null;
  panel.filter = null;
  $('panel').hidden = true;
  document.querySelectorAll('#bar [data-opens]').forEach((b) => b.classList.remove('on'));
  document.body.classList.remove('filtering');
  document.querySelectorAll('.slide.match').forEach((s) => s.classList.remove('match'));
  app.panelReturn?.focus?.();
  app.panelReturn = null;
}

export function body(title, ...children) {
  $('panel').setAttribute('aria-label', title);
  $('panel').replaceChildren(el('h2', {}, title, button('✕', t('panel.close'), closePanel)), ...children);
}

/// "1 photo", "3 photos", in the page's language: the message `one` for 1, else `many`.
const counted = (n, one, many = one + 's') => t(n === 1 ? one : many, n);

// ---- projects

export async function showProjects() {
  const list = await (await api('/api/projects')).json();
  const rows = list.map((p) => el('li', { className: p.open ? 'open' : '' }, el('b', { textContent: p.name }),
    el('span', { textContent: p.problem ? ' ' + t('projects.unreadable')
      : ` ${counted(p.photos, 'export.photo')} · ${counted(p.shelves, 'projects.shelf', 'projects.shelves')} · `
        + counted(p.albums, 'export.album') + (p.open ? ' · ' + t('projects.isOpen') : '') }),
    el('span', { className: 'row' },
      ...(p.open ? [] : [button(t('projects.open'), t('projects.openTitle'), () => projectAction('open', p.name))]),
      button(t('projects.rename'), t('projects.renameTitle'), () => ask(t('projects.renameAsk', p.name), p.name)
        .then((to) => to && to !== p.name && projectAction('rename', p.name, to))),
      ...(p.open ? [] : [button(t('projects.discard'), t('projects.discardTitle'), () => sure(
        t('projects.discardAsk', p.name)).then((yes) => yes && projectAction('discard', p.name, null, true)))]))));
  body(t('bar.projects'), el('ul', { id: 'project-list' }, ...rows), el('div', { className: 'row' },
    button(t('projects.new'), t('projects.newTitle'), () => ask(t('projects.newAsk'))
      .then((n) => n && projectAction('new', n))),
    button(t('projects.saveAs'), t('projects.saveAsTitle'), () => ask(t('projects.saveAsAsk', app.data.project))
      .then((n) => n && projectAction('save-as', n))),
    button(t('ingest.open'), t('ingest.openTitle'), () => openPanel('ingest'))));
}

export async function projectAction(action, name, to, confirmed) {
  const r = await api('/api/project', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action, name, to, confirmed }) });
  const answer = await r.json();
  knowVersion(answer.version);
  if (answer.state) {
    if (answer.state.project !== app.data.project) { app.data = null; setFocus(null); clearSelection(); }
    screen.apply(answer.state);
    screen.marks();
  }
  say(answer.error ?? answer.messages?.join(' · '), !!answer.error || !r.ok);
  if (panel.name === 'projects') showProjects();
}

// ---- history: every step, the current one marked; a click undoes or redoes up to it

export async function showHistory() {
  const h = await (await api('/api/history')).json();
  const items = h.steps.map((s, i) => el('li', { className: i < h.position ? 'done' : 'undone',
      title: s ? s.date : t('history.damagedTitle') },
    el('b', { textContent: String(i + 1) }), ' ', s ? forThePage(s.summary) : t('history.damaged'),
    s?.by ? el('span', { className: 'quiet', textContent: ` — ${s.by}` }) : ''));
  items.forEach((li, i) => li.addEventListener('click', () => travel(h.position, i + 1)));
  const start = el('li', { className: 'start', textContent: t('history.start') });
  start.addEventListener('click', () => travel(h.position, 0));
  const list = el('ol', { id: 'history-list' }, start, ...items);
  if (items[h.position - 1]) items[h.position - 1].classList.add('here'); else start.classList.add('here');
  body(t('bar.history'), el('p', { className: 'hint', textContent: t('history.hint') }), list, ...refusals());
  list.querySelector('.here')?.scrollIntoView({ block: 'center' });   // the current step, not the oldest
}

/// The changes this page sent that the project refused, newest first, with when and why.
function refusals() {
  if (!app.refusals.length) return [];
  const time = (at) => at.toLocaleTimeString(document.documentElement.lang, { hour12: false });
  const items = app.refusals.slice().reverse().map((r) => el('li', {},
    el('time', { textContent: time(r.at), dateTime: r.at.toISOString() }), ' ' + r.text));
  return [el('h3', { textContent: t('history.refused') }),
    el('p', { className: 'hint', textContent: t('history.refusedHint') }),
    el('ul', { id: 'history-refused' }, ...items)];
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

/// The export panel's "the chosen slides" (no album or shelf name can be it).
const CHOSEN = '\u0000chosen';

export async function showExport() {
  const status = await (await api('/api/export')).json();
  const to = el('input', { id: 'export-to', value: status.parent });
  const size = el('input', { id: 'export-size', type: 'number', min: 16, placeholder: t('export.fullSize') });
  const quality = el('input', { id: 'export-quality', type: 'number', min: 1, max: 100, value: 90 });
  const strip = el('input', { id: 'export-strip', type: 'checkbox' });
  const sidecars = el('input', { id: 'export-sidecars', type: 'checkbox' });
  const force = el('input', { id: 'export-force', type: 'checkbox' });
  const albums = app.data.places.filter((p) => p.kind === 'album');
  // every album (the default), or one album or shelf: what is chosen, as Lightroom exports
  const place = app.focus ? app.data.places[app.focus.place] : null;
  const chosen = place ? place.slides.map((s, i) => [s, i]).filter(([s]) => app.selection.has(s.id))
    .map(([, i]) => refOf(place, i)) : [];
  const what = el('select', { id: 'export-what' }, el('option', { value: '', textContent: t('export.everyAlbum') }),
    ...(chosen.length ? [el('option', { value: CHOSEN, textContent: t('export.chosen', chosen.length) })] : []),
    ...app.data.places.filter((p) => p.kind === 'album' || p.kind === 'shelf').map((p) => el('option',
      { value: p.name, textContent: t(p.kind === 'album' ? 'export.oneAlbum' : 'export.oneShelf', p.name) })));
  if (chosen.length > 1) what.value = CHOSEN;   // a selection made before opening the panel is what is exported
  const start = button(t('bar.export'), t('export.title'), async () => {
    const options = { to: to.value, strip: strip.checked, sidecars: sidecars.checked, force: force.checked };
    if (what.value === CHOSEN) options.slides = chosen;
    else if (what.value) options.only = [what.value];
    if (size.value) Object.assign(options, { maxSize: Number(size.value), quality: Number(quality.value || 90) });
    const r = await api('/api/export', { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ options }) });
    if (!r.ok) return say((await r.json()).error, true);
    follow();
  });
  start.id = 'export-start';
  const photos = albums.reduce((n, a) => n + a.slides.length, 0);
  const many = (n, one, more) => t(n === 1 ? one : more, n);
  body(t('bar.export'), el('p', { className: 'hint', textContent: t('export.hint',
      many(albums.length, 'export.album', 'export.albums'), many(photos, 'export.photo', 'export.photos'),
      app.data.project) }),
    field(t('export.what'), what), field(t('export.folder'), to), field(t('export.size'), size),
    field(t('export.quality'), quality),
    field(t('export.strip'), strip), field(t('export.sidecars'), sidecars), field(t('export.force'), force), el('div',
        { className: 'row' }, start),
    el('progress', { id: 'export-progress', max: 1, value: 0 }), el('p', { id: 'export-status' }));
  if (status.running) follow();
}

/// Follows a job the server runs in the background (`/api/export`, `/api/ingest`) into its panel's progress bar
/// and status line, four times a second; `progress(status)` words it meanwhile, `ended(status, line)` at its end.
export async function followJob(name, progress, ended) {
  clearTimeout(panel.exportTimer);
  const s = await (await api('/api/' + name)).json();
  const bar = $(name + '-progress'), line = $(name + '-status');
  if (!bar) return;
  bar.max = Math.max(1, s.total);
  bar.value = s.done;
  if (s.running) {
    line.textContent = progress(s);
    panel.exportTimer = setTimeout(() => followJob(name, progress, ended), 250);
    return;
  }
  ended(s, line);
}

export function follow() {
  followJob('export', (s) => (s.total ? t('export.progress', s.done, s.total) : t('export.starting', s.done)),
            exported);
}

function exported(s, line) {
  line.replaceChildren();
  if (s.error) { line.className = 'error'; line.textContent = s.error; return say(s.error, true); }
  line.className = '';
  const manifest = el('a', { href: '#', id: 'export-manifest', textContent: t('export.manifest') });
  manifest.addEventListener('click', openManifest);
  line.append(el('span', { textContent: s.message + ' ' }), manifest);
  say(s.message, s.failed > 0);
}
