import { run } from './changes.js';
import { clearMarks, dropTarget, rowDrag, startDrag } from './drag.js';
import { openLoupe, showLoupe } from './keys.js';
import { highlight, panel } from './panels.js';
import { $, CHUNK, api, app, media, placeKey, say, stars } from './state.js';

export async function load() {
  const r = await api('/api/state');
  const body = await r.json();
  if (!r.ok) return say(body.error, true);
  apply(body);
  setTimeout(marks, 1200);   // after the first screen's thumbnails: a stat per photo competes with them
}

/// Flags the frames whose original is gone (asked after the state: it takes a stat per photo).
export async function marks() {
  const r = await api('/api/missing');
  if (!r.ok) return;
  app.missing = new Set(await r.json());
  document.querySelectorAll('.slide').forEach(flag);
}

export function flag(f) {
  const gone = app.missing.has(f.dataset.id);
  f.classList.toggle('missing', gone);
  const span = f.querySelector('.flag');
  if (gone && !span) f.append(Object.assign(document.createElement('span'), { className: 'flag', textContent: 'original missing' }));
  if (!gone && span) span.remove();
}

/// Takes a whole state, or a delta from the revision shown (`base`): places come as `same`, a `splice`
/// [at, remove, ids] or whole `ids`; photos only when they changed. A place that did not change keeps its
/// object, so its frames on the page are kept too.
export function apply(data) {
  const focusedID = current()?.id;
  const old = app.data;
  if (data.base !== undefined && old?.revision !== data.base) return load();
  const byKey = new Map((old?.places ?? []).map((p) => [placeKey(p), p]));
  let places;
  if (data.base !== undefined) {
    for (const [id, photo] of Object.entries(data.photos)) app.photos.set(id, Object.assign(photo, { id }));
    const changed = new Set(Object.keys(data.photos));
    places = data.places.map((q) => {
      const was = byKey.get(placeKey(q));
      if (q.same) return changed.size && was.ids.some((id) => changed.has(id)) ? made(q.kind, q.name, was.ids) : was;
      if (!q.splice) return made(q.kind, q.name, q.ids);
      const [at, remove, insert] = q.splice;
      return made(q.kind, q.name, was.ids.slice(0, at).concat(insert, was.ids.slice(at + remove)));
    });
  } else {
    app.photos = new Map(Object.entries(data.photos).map(([id, photo]) => [id, Object.assign(photo, { id })]));
    places = data.places.map((q) => {
      const was = byKey.get(placeKey(q));
      return was && unchanged(was, q.ids) ? was : made(q.kind, q.name, q.ids);
    });
  }
  app.data = { project: data.project, revision: data.revision, undo: data.undo, redo: data.redo, places };
  if (focusedID) refocus(focusedID);
  render();
}

export let stamps = 0;
export function made(kind, name, ids) {
  return { kind, name, ids, slides: ids.map((id) => app.photos.get(id)).filter(Boolean), stamp: ++stamps };
}

export function unchanged(place, ids) {
  if (place.ids.length !== ids.length) return false;
  return ids.every((id, i) => {
    const [a, b] = [place.slides[i], app.photos.get(id)];
    return a && b && a.id === b.id && a.rating === b.rating && a.file === b.file && a.captured === b.captured && a.tags.join('\u0001') === b.tags.join('\u0001');
  });
}

export function refocus(id) {
  for (const [p, place] of app.data.places.entries()) {
    const i = place.slides.findIndex((s) => s.id === id);
    if (i >= 0 && (!app.focus || p === app.focus.place || app.data.places[app.focus.place]?.slides.length === 0)) {
      app.focus = { place: p, index: i };
      return;
    }
  }
  if (app.focus) {
    const place = app.data.places[app.focus.place];
    if (!place || place.slides.length === 0) app.focus = null;
    else app.focus.index = Math.min(app.focus.index, place.slides.length - 1);
  }
}

export function current() {
  if (!app.focus || !app.data) return null;
  return app.data.places[app.focus.place]?.slides[app.focus.index] ?? null;
}

export function render() {
  const d = app.data;
  $('project').textContent = d.project;
  document.title = d.project + ' · apolo light table';
  $('undo').disabled = !d.undo;
  $('undo').title = d.undo ? 'Undo: ' + d.undo + ' (Ctrl+Z)' : 'nothing to undo';
  $('redo').disabled = !d.redo;
  $('redo').title = d.redo ? 'Redo: ' + d.redo + ' (Ctrl+Shift+Z)' : 'nothing to redo';
  if (app.target && !d.places.some((p) => p.kind === 'shelf' && p.name === app.target)) app.target = null;
  $('target').textContent = 'target: ' + (app.target ?? 'none');
  const main = $('places');
  const open = main.querySelector('details')?.open ?? false;
  const keep = new Map();
  const els = d.places.map((place, p) => {
    const sig = signature(place, p, open);
    const old = app.sections.get(placeKey(place));
    const el = old && old.sig === sig ? old.el : section(place, p, open);
    keep.set(placeKey(place), { sig, el });
    return el;
  });
  app.sections = keep;
  // sections that stay are left in place (re-attaching 200 shelves would lay the whole page out again)
  const wanted = new Set(els);
  for (const child of [...main.children]) if (!wanted.has(child)) child.remove();
  let at = main.firstElementChild;
  for (const el of els) {
    if (el === at) at = at.nextElementSibling;
    else main.insertBefore(el, at);
  }
  if (app.loupe) showLoupe();
  paint(true);
}

/// What a place's section shows: an unchanged place keeps its frames (a change on one shelf of 200 rebuilds one).
export function signature(place, p, open) {
  const focus = app.focus?.place === p && app.focus.index >= CHUNK ? app.focus.index : '';
  return [p, place.kind, place.name, app.shown.get(placeKey(place)) ?? CHUNK, app.target === place.name,
          place.kind === 'discarded' ? open : '', focus, place.stamp].join('#');
}

export function section(place, p, trayOpen) {
  const sec = document.createElement('section');
  sec.className = 'place ' + place.kind;
  if (place.kind === 'shelf') sec.dataset.shelf = place.name;
  else if (place.kind === 'album') sec.dataset.album = place.name;
  else sec.dataset.place = place.kind;
  const head = document.createElement('h2');
  head.append(title(place), ...tools(place, p));
  const strip = document.createElement('div');
  strip.className = 'strip';
  strip.dataset.index = p;
  const fill = () => {
    const wanted = Math.max(app.shown.get(placeKey(place)) ?? CHUNK, app.focus?.place === p ? app.focus.index + 1 : 0);
    const count = Math.min(place.slides.length, wanted);
    for (let i = 0; i < count; i++) strip.append(frame(place, p, i));
    if (count < place.slides.length) strip.append(more(place, count));
    if (place.slides.length === 0) strip.append(Object.assign(document.createElement('p'), { className: 'empty', textContent: place.kind === 'table' ? 'the table is empty' : 'drop slides here' }));
  };
  if (p < 4 || app.focus?.place === p || place.slides.length === 0) fill();
  else {   // far down the page: its frames are made when it comes near the screen
    strip.style.minHeight = Math.ceil(Math.min(place.slides.length, CHUNK) / 7) * 232 + 'px';
    new IntersectionObserver((entries, observer) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      strip.style.minHeight = '';
      fill();
      paint(true);
    }, { rootMargin: '1500px' }).observe(strip);
  }
  dropTarget(strip, place, p);
  if (place.kind === 'shelf' || place.kind === 'album') rowDrag(sec, head, place);
  if (place.kind === 'discarded') {
    const tray = document.createElement('details');
    tray.open = trayOpen || app.focus?.place === p;
    const summary = document.createElement('summary');
    summary.append(head);
    tray.append(summary, strip);
    sec.append(tray);
  } else {
    sec.append(head, strip);
  }
  return sec;
}

export function title(place) {
  const span = document.createElement('span');
  span.className = 'title';
  const kind = { table: 'light table', shelf: 'shelf', album: 'album', discarded: 'discarded' }[place.kind];
  span.innerHTML = '';
  span.append(Object.assign(document.createElement('b'), { textContent: place.kind === 'table' ? 'Table' : place.kind === 'discarded' ? 'Discarded' : place.name }));
  span.append(' ' + kind + ' · ' + place.slides.length + ' slide' + (place.slides.length === 1 ? '' : 's'));
  if (place.kind === 'shelf' && place.name === app.target) span.append(' · target');
  return span;
}

export function button(text, label, action) {
  const b = document.createElement('button');
  b.textContent = text;
  b.title = label;
  b.addEventListener('click', (e) => { e.stopPropagation(); action(); });
  return b;
}

export function tools(place, p) {
  const n = place.name;
  if (place.kind === 'shelf') return [
    button('◎', 'make this the target shelf (S sends slides here)', () => { app.target = n; render(); }),
    button('↑', 'move this shelf up', () => run([['shelf', 'move', n, '--up']])),
    button('↓', 'move this shelf down', () => run([['shelf', 'move', n, '--down']])),
    button('✎', 'rename this shelf', () => { const to = prompt('New name for shelf ' + n, n); if (to && to !== n) run([['shelf', 'rename', n, to]]); }),
    button('▣', 'compress into a locked album', () => run([['album', 'compress', n]])),
    button('✕', 'delete this shelf (its slides return to the table)', () => { if (confirm('Delete shelf ' + n + '? Its slides return to the table.')) run([['shelf', 'delete', n, '--yes']]); }),
  ];
  if (place.kind === 'album') {
    const index = app.data.places.filter((q) => q.kind === 'album').findIndex((q) => q.name === n) + 1;
    return [
      button('←', 'move this album earlier', () => index > 1 && run([['album', 'move', n, '--to', String(index - 1)]])),
      button('→', 'move this album later', () => run([['album', 'move', n, '--to', String(index + 1)]])),
      button('↺', 'reopen as a shelf', () => run([['album', 'reopen', n]])),
      button('✕', 'discard this album (its slides return to the table)', () => { if (confirm('Discard album ' + n + '? Its slides return to the table.')) run([['album', 'discard', n, '--yes']]); }),
    ];
  }
  return [];
}

export function more(place, count) {
  const b = button('… ' + (place.slides.length - count) + ' more', 'show more slides', () => { app.shown.set(placeKey(place), count + CHUNK); render(); });
  b.className = 'more';   // a click, not scrolling, shows more: focusing a slide below would otherwise grow this place without end
  return b;
}

export function refOf(place, i) { return place.name + ':' + (i + 1); }

export function frame(place, p, i) {
  const s = place.slides[i];
  const f = document.createElement('figure');
  f.className = 'slide';
  f.tabIndex = -1;
  f.draggable = place.kind !== 'album';
  f.dataset.ref = refOf(place, i);
  f.dataset.id = s.id;
  f.dataset.rating = s.rating;
  f.dataset.index = i;
  if (app.selection.has(s.id) && app.focus?.place === p) f.classList.add('selected');
  if (app.focus?.place === p && app.focus.index === i) f.classList.add('focused');
  const img = document.createElement('img');
  img.loading = 'lazy';
  img.alt = s.file;
  img.src = media('/thumb/' + s.id);
  img.addEventListener('error', () => f.classList.add('broken'), { once: true });
  const cap = document.createElement('figcaption');
  cap.append(Object.assign(document.createElement('b'), { textContent: String(i + 1) }), ' ',
             Object.assign(document.createElement('span'), { className: 'stars', textContent: stars(s.rating) }));
  f.title = s.file + (s.tags.length ? ' · ' + s.tags.join(', ') : '');
  f.append(img, cap);
  if (app.missing.has(s.id)) flag(f);   // drawn from the cache, but the original is gone
  f.addEventListener('click', (e) => choose(p, i, e));
  f.addEventListener('dblclick', () => { app.focus = { place: p, index: i }; openLoupe(); });
  f.addEventListener('dragstart', (e) => startDrag(e, place, p, i));
  f.addEventListener('dragend', () => clearMarks());
  return f;
}

export function choose(p, i, e) {
  const id = app.data.places[p].slides[i].id;
  if (app.focus?.place !== p) app.selection.clear();
  if (e.shiftKey && app.anchor && app.anchor.place === p) {
    const [a, b] = [Math.min(app.anchor.index, i), Math.max(app.anchor.index, i)];
    for (let k = a; k <= b; k++) app.selection.add(app.data.places[p].slides[k].id);
  } else if (e.ctrlKey || e.metaKey) {
    app.selection.has(id) ? app.selection.delete(id) : app.selection.add(id);
    app.anchor = { place: p, index: i };
  } else {
    app.selection = new Set([id]);
    app.anchor = { place: p, index: i };
  }
  app.focus = { place: p, index: i };
  paint();
}

/// Shows focus and selection on the frames already on the page (no rebuild: 5,000 frames stay as they are);
/// rebuilds only when the focused frame is not rendered yet.
export function paint(fromRender) {
  const el = focusedElement();
  if (app.focus && !el && !fromRender) return render();
  document.querySelectorAll('.slide.focused, .slide.selected').forEach((f) => f.classList.remove('focused', 'selected'));
  if (app.focus) {
    document.querySelectorAll(`.strip[data-index="${app.focus.place}"] .slide`).forEach((f) => {
      if (app.selection.has(f.dataset.id)) f.classList.add('selected');
    });
  }
  if (el) { el.classList.add('focused'); if (!app.loupe) el.focus({ preventScroll: false }); }
  if (panel.filter) highlight();
}

/// The slides an action applies to: the selection in the focused place, else the focused slide.
export function chosen() {
  if (!app.focus) return [];
  const place = app.data.places[app.focus.place];
  const picked = place.slides.map((s, i) => ({ s, i })).filter(({ s }) => app.selection.has(s.id));
  const list = picked.length ? picked : (current() ? [{ s: current(), i: app.focus.index }] : []);
  return list.map(({ s, i }) => ({ id: s.id, ref: refOf(place, i), place }));
}

export function focusedElement() {
  if (!app.focus) return null;
  return document.querySelector(`.strip[data-index="${app.focus.place}"] .slide[data-index="${app.focus.index}"]`);
}
