import { changes, run, walk } from './changes.js';
import { closePanel, openPanel, panel } from './panels.js';
import { $, api, app, media, say, stars } from './state.js';
import { chosen, current, load, paint, refOf, render } from './table.js';
import { closeCompare, openCompare, toggleActual } from './views.js';

export function move(dp, di, extend) {
  const places = app.data.places;
  if (!app.focus) {
    const p = places.findIndex((q) => q.slides.length > 0);
    if (p >= 0) app.focus = { place: p, index: 0 };
    return render();
  }
  let { place: p, index: i } = app.focus;
  if (dp) {
    let q = p + dp;
    while (q >= 0 && q < places.length && places[q].slides.length === 0) q += dp;
    if (q < 0 || q >= places.length) return;
    p = q;
    i = Math.min(i, places[p].slides.length - 1);
    app.selection.clear();
  } else {
    i = Math.max(0, Math.min(places[p].slides.length - 1, i + di));
  }
  if (extend && !dp) app.selection.add(places[p].slides[app.focus.index].id), app.selection.add(places[p].slides[i].id);
  else if (!extend) app.selection.clear();
  app.focus = { place: p, index: i };
  paint();
}

/// Rates at once on the page (the frames show the stars and a pending mark) and queues the change; the loupe
/// advances without waiting for the server.
export function rate(n) {
  const list = chosen();
  if (!list.length) return;
  for (const c of list) {
    const photo = app.photos.get(c.id);
    if (photo) photo.rating = n;
    document.querySelectorAll(`.slide[data-id="${c.id}"]`).forEach((f) => {
      f.dataset.rating = n;
      const shown = f.querySelector('.stars');
      if (shown) shown.textContent = stars(n);
    });
  }
  run([['rate', ...list.map((c) => c.ref), String(n)]], undefined, { structural: false, ids: list.map((c) => c.id) });
  if (app.loupe && app.advance && list.length === 1) step(1);
  else if (app.loupe) showLoupe();
}

export function discard() {
  const list = chosen();
  if (!list.length || list[0].place.kind === 'discarded') return;
  run([['slide', 'discard', ...list.map((c) => c.ref)]]);
}

export function restore() {
  const list = chosen();
  if (!list.length || list[0].place.kind !== 'discarded') return;
  run(list.map((c) => ['slide', 'restore', c.id]));
}

export function tag() {
  const list = chosen();
  if (!list.length) return;
  const text = prompt('Tags for ' + (list.length === 1 ? list[0].ref : list.length + ' slides') + ' (separated by commas)');
  const tags = (text ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  if (tags.length) {
    run([['tag', 'add', list.map((c) => c.ref).join(','), ...tags]], undefined,
        { structural: false, ids: list.map((c) => c.id) });
  }
}

export function send() {
  const list = chosen();
  if (!app.target) return say('choose a target shelf first: ◎ on a shelf', true);
  if (!list.length) return;
  run(list.map((c) => ['slide', 'move', list.length > 1 ? c.id : c.ref, '--to', app.target]));
}

export function openLoupe() { if (current()) { app.loupe = true; showLoupe(); } }
export function closeLoupe() { app.loupe = false; $('loupe').hidden = true; paint(); }
export function step(d) {
  const place = app.data.places[app.focus.place];
  app.focus.index = Math.max(0, Math.min(place.slides.length - 1, app.focus.index + d));
  app.selection.clear();
  showLoupe();
}

export function showLoupe() {
  const s = current();
  if (!s) return closeLoupe();
  const place = app.data.places[app.focus.place];
  $('loupe').hidden = false;
  $('loupe-frame').classList.remove('actual');
  $('loupe').dataset.zoom = 'fit';
  stage(s, [1, -1, 2].map((d) => place.slides[app.focus.index + d]).filter(Boolean));
  const facts = $('loupe-facts');
  facts.replaceChildren();
  const rows = [['slide', refOf(place, app.focus.index) + ' of ' + place.slides.length], ['file', s.file], ['captured', s.captured.replace('T', ' ').slice(0, 19)],
                ['camera', s.camera || 'unknown'], ['shot', s.shot || 'not recorded'], ['size', s.size || 'unknown'],
                ...(s.pair ? [['pair', s.pair + ' (RAW+JPEG: one photo)']] : []),
                ['original', app.missing.has(s.id) ? 'MISSING (apolo relink FOLDER finds it)' : 'present'],
                ['rating', stars(s.rating)], ['tags', s.tags.join(', ') || 'none'], ['advance', app.advance ? 'after rating (A)' : 'off (A)'], ['zoom', 'Z or a click: 100%']];
  for (const [k, v] of rows) facts.append(Object.assign(document.createElement('dt'), { textContent: k }), Object.assign(document.createElement('dd'), { textContent: v }));
}

/// The loupe keeps the photo shown and its neighbours as decoded images in the page (the neighbours invisible
/// behind it), so a step only changes which one is visible: no wait on the network or on a decode.
export function stage(shown, ahead) {
  const frame = $('loupe-frame');
  const wanted = new Set([shown, ...ahead].map((s) => s.id));
  const have = new Map();
  frame.querySelectorAll('img').forEach((i) => (wanted.has(i.dataset.id) ? have.set(i.dataset.id, i) : i.remove()));
  for (const s of [shown, ...ahead]) {
    let img = have.get(s.id);
    if (!img) {
      img = Object.assign(document.createElement('img'), { alt: s.file, src: media('/preview/' + s.id) });
      img.dataset.id = s.id;
      img.decode().catch(() => {});
      frame.append(img);
    }
    img.id = s === shown ? 'loupe-image' : '';
    img.className = s === shown ? '' : 'ahead';
    if (!img.src.includes('/preview/' + s.id + '?')) img.src = media('/preview/' + s.id);   // back from 100%
  }
}

/// Keys whose browser default (scrolling, typing into the page) the light table replaces.
const OWN = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', ' ', 'Enter', 't', 'T', 'f', 'F']);

// Every key goes through the change queue's `act`: it runs now, or, when a change that moves slides is still on its
// way, once that change has landed, so keys typed fast are all applied, in order, to what the user saw.
document.addEventListener('keydown', (e) => {
  if (!app.data || e.target.closest?.('input, textarea, select')) { if (e.key === 'Escape') closePanel(); return; }
  const onControl = e.target.closest?.('button, summary, a, [role="button"]');
  if (onControl && (e.key === ' ' || e.key === 'Enter')) return;   // the browser activates the control
  const command = e.ctrlKey || e.metaKey;
  if (OWN.has(e.key) || (command && 'zya'.includes(e.key.toLowerCase()))) e.preventDefault();
  const key = { key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey,
                preventDefault() {} };
  changes.act(() => onKey(key));
});

function onKey(e) {
  const key = e.key;
  if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === 'z') { e.preventDefault(); return walk(!e.shiftKey); }
  if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === 'y') { e.preventDefault(); return walk(false); }
  if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === 'a') {
    e.preventDefault();
    if (app.focus) { app.selection = new Set(app.data.places[app.focus.place].slides.map((s) => s.id)); paint(); }
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$('compare').hidden) {
    if (key === 'Escape' || key === 'c' || key === 'C') { e.preventDefault(); return closeCompare(); }
    return;
  }
  if (app.loupe) {
    if (key === 'z' || key === 'Z') return toggleActual();
    if (key === 'Escape' || key === ' ' || key === 'Enter') { e.preventDefault(); return closeLoupe(); }
    if (key === 'ArrowRight') { e.preventDefault(); return step(1); }
    if (key === 'ArrowLeft') { e.preventDefault(); return step(-1); }
    if (key === 'a' || key === 'A') { app.advance = !app.advance; return showLoupe(); }
  }
  switch (key) {
    case 'ArrowRight': e.preventDefault(); return move(0, 1, e.shiftKey);
    case 'ArrowLeft': e.preventDefault(); return move(0, -1, e.shiftKey);
    case 'ArrowDown': e.preventDefault(); return move(1, 0, false);
    case 'ArrowUp': e.preventDefault(); return move(-1, 0, false);
    case ' ': case 'Enter': e.preventDefault(); return openLoupe();
    case 'x': case 'X': return discard();
    case 'u': case 'U': return restore();
    case 't': case 'T': e.preventDefault(); return tag();
    case 's': case 'S': return send();
    case 'c': case 'C': return openCompare();
    case 'f': case 'F': e.preventDefault(); return openPanel('filter');
    case 'Escape': if (panel.name) return closePanel(); app.selection.clear(); return paint();
    case '?': $('help').hidden = !$('help').hidden; return;
  }
  if (/^[0-5]$/.test(key)) return rate(Number(key));
}

$('undo').addEventListener('click', () => walk(true));
$('redo').addEventListener('click', () => walk(false));
$('help-button').addEventListener('click', () => { $('help').hidden = !$('help').hidden; });
$('help').addEventListener('click', () => { $('help').hidden = true; });
$('new-shelf').addEventListener('click', () => { const n = prompt('Name of the new shelf'); if (n) run([['shelf', 'create', n]]); });
$('loupe').addEventListener('click', (e) => { if (e.target.id === 'loupe') closeLoupe(); });
$('loupe-frame').addEventListener('click', (e) => { if (e.target.id === 'loupe-image') toggleActual(e.clientX, e.clientY); });
$('compare').addEventListener('click', (e) => { if (e.target.id === 'compare') closeCompare(); });
document.querySelectorAll('#bar [data-opens]').forEach((b) => b.addEventListener('click', () => openPanel(b.dataset.opens)));

export async function poll() {
  try {
    const r = await api('/api/version');
    if (r.ok) {
      const { version } = await r.json();
      if (app.version && version !== app.version && changes.idle()) await load();
      app.version = version;
    }
  } catch (e) { say('the light table server is not answering (is apolo serve still running?)', true); }
  setTimeout(poll, 500);
}

load().then(poll);
