/// Loads the whole state; a state that a change's answer overtook while it was on its way is dropped (showing it
/// would take the page back to an older revision, and the next change would be refused as stale).
import { ask, sure } from './ask.js';
import { changes, run } from './changes.js';
import { clearMarks, dropTarget, rowDrag, startDrag } from './drag.js';
import { CHUNK, firstAnswer } from './first.js';
import { frameName, makeFrame } from './frames.js';
import { framesInView, perRow } from './grid.js';
import { openLoupe, showLoupe } from './loupe.js';
import { t } from './messages.js';
import { visible } from './navigate.js';
import { factsOf } from './stacks.js';
import { measure, toggleStack } from './stackview.js';
import { $, anchorAt, api, app, button, clearSelection, current, hooks, made, media, placeKey, say, screen,
  select, selectAlso, setFocus, stars, toggleSelected } from './state.js';
import { refOf } from './refs.js';
import { bigFrames } from './size.js';
import { everyTag } from './tagsview.js';
import { showChips } from './view.js';
import { viewKey } from './viewfilter.js';

/// A page that holds nothing yet asks for the first screen first (each place's first slides: at 50,000 photos the
/// whole state is 12 MiB), draws it, then asks for the whole; changes wait for it (`screen.whole`), so none is
/// counted on a place the page holds only the start of, and no answer can overtake the whole state.
export async function load(before = Promise.resolve()) {
  const generation = app.generation, first = !app.data;
  const early = first ? await firstAnswer()?.catch(() => null) : null;   // asked for before the modules loaded
  const r = early?.ok ? early : await api(first ? '/api/state?first=' + CHUNK : '/api/state');
  /** @type {import('./api.js').State} */
  const body = await r.json();
  if (!r.ok) return say(body.error, true);   // asked again in the page's language, for its words
  if (generation !== app.generation || (!changes.idle() && !app.partial)) return;
  if (body.partial && !app.partial) {
    let done;
    screen.whole = new Promise((settle) => (done = settle));
    app.partial = true;
    apply(body);
    focusFirst();   // the first key acts on the first screen (it is sent once the whole project is there)
    return Promise.all([firstPictures(), before]).then(() => load()).finally(done);
  }
  app.partial = false;
  apply(body);
  setTimeout(marks, 1200);   // after the first screen's thumbnails: a stat per photo competes with them
}

/// Whether the page holds the whole project (not only the first screen): what a test waits on before it changes the
/// project elsewhere and expects the page not to know.
window.apolo = { ...window.apolo, whole: () => app.data !== null && !app.partial };

/// The first screen's pictures loaded (or failed), at most 2 s: the whole project is asked for after them, so that
/// reading it (12 MiB at 50,000 photos, a long task) does not hold up their drawing or the first keys.
async function firstPictures() {
  await new Promise(afterDrawing);   // laid out by the drawing, not here
  const waiting = [...document.querySelectorAll('.slide img')]
    .filter((i) => !i.complete && inSight(i))
    .map((i) => new Promise((done) => {
      i.addEventListener('load', done, { once: true });
      i.addEventListener('error', done, { once: true });
    }));
  return Promise.race([Promise.all(waiting), new Promise((done) => setTimeout(done, 2000))]);
}

/// Whether `el` is where the photographer can see it: in the window and within its pane's scrolled view (a frame
/// below the rack's view is above the window's bottom, and hidden).
function inSight(el) {
  const r = el.getBoundingClientRect(), pane = el.closest('#rack, #bench')?.getBoundingClientRect();
  return r.top < Math.min(innerHeight, pane?.bottom ?? innerHeight) && r.bottom > Math.max(0, pane?.top ?? 0);
}

/// Puts the keyboard on the table's first slide (else the first slide anywhere) when nothing has it yet, so that
/// the first key a photographer presses acts (focus otherwise starts on the page itself).
export function focusFirst() {
  if (app.focus || !app.data || (document.activeElement && document.activeElement !== document.body)) return;
  const places = app.data.places;
  const table = places.findIndex((q) => q.kind === 'table' && q.slides.length);
  const p = table >= 0 ? table : places.findIndex((q) => q.kind !== 'discarded' && q.slides.length);
  if (p < 0) return;
  setFocus(p, visible(p)[0] ?? 0);
  paint(false, false);
}

/// Flags the frames whose original is gone (asked after the state: it takes a stat per photo).
export async function marks() {
  const r = await api('/api/missing').catch(() => null);   // the server away: the next load asks again
  if (!r?.ok) return;
  app.missing = new Set(await r.json());
  document.querySelectorAll('.slide').forEach(flag);
}

/// Takes a whole state, or a delta from the revision shown (`base`): places come as `same`, a `splice`
/// [at, remove, ids] or whole `ids`; photos only when they changed. A place that did not change keeps its
/// object, so its frames on the page are kept too.
export function apply(data) {
  const focusedID = current()?.id;
  const old = app.data;
  if (data.base !== undefined && old?.revision !== data.base) return load();
  const byKey = new Map((old?.places ?? []).map((p) => [placeKey(p), p]));
  let places, changed = new Set(), redraw = [];
  if (data.base !== undefined) {
    for (const [id, photo] of Object.entries(data.photos)) app.photos.set(id, Object.assign(photo, { id }));
    changed = new Set(Object.keys(data.photos));
    changed.forEach((id) => app.unshowable.delete(id));
    places = data.places.map((q) => {
      const was = byKey.get(placeKey(q));
      if (q.same) return changed.size && holds(was, changed) ? refreshed(was, changed, redraw) : was;
      if (!q.splice) return made(q.kind, q.name, q.ids);
      const [at, remove, insert] = q.splice;
      return made(q.kind, q.name, was.ids.slice(0, at).concat(insert, was.ids.slice(at + remove)));
    });
  } else {
    const before = app.photos;
    app.photos = new Map(Object.entries(data.photos).map(([id, photo]) => [id, Object.assign(photo, { id })]));
    forgetChanged(before);
    places = data.places.map((q) => {
      const was = byKey.get(placeKey(q));
      if (was && unchanged(was, q.ids)) return Object.assign(was, { count: undefined });
      return Object.assign(made(q.kind, q.name, q.ids), q.count === undefined ? {} : { count: q.count });
    });
  }
  if (old && old.project !== data.project) say(t('notice.switched', data.project));
  app.data = { project: data.project, revision: data.revision, undo: data.undo, redo: data.redo, places };
  if (focusedID) refocus(focusedID);
  redrawFrames(redraw, changed);
  render();
  // stacks change when a stacked photo changes or a discarded one comes back; a rating elsewhere changes none
  const restored = data.places.some((q) => q.kind === 'discarded' && q.splice && q.splice[1] > 0);
  const stacked = Object.keys(data.photos ?? {}).some((id) => app.analysis.stackOf.has(id));
  if (data.base === undefined || restored || stacked) measure();
}

/// A place whose photos changed but none moved: it keeps its object (so its section stays) and takes the new
/// photos; only their frames are drawn again (a rating at 50,000 photos redraws one frame, not a shelf of 25 with
/// their pictures). Made anew when a photo was discarded or restored (the table's numbers move) or a view filter
/// is on (the rating may show or hide it).
function refreshed(place, changed, redraw) {
  const flipped = (s) => changed.has(s.id) && !s.discarded !== !app.photos.get(s.id)?.discarded;
  if (viewKey(app.view) || place.slides.some(flipped)) return made(place.kind, place.name, place.ids);
  place.slides = place.slides.map((s) => (changed.has(s.id) ? app.photos.get(s.id) : s));
  redraw.push(place);
  return place;
}

/// True when `place` holds one of the photos `ids` (its ids as a set, made once per place object: the table's
/// 45,000 are not searched again for every rating).
function holds(place, ids) {
  place.has ??= new Set(place.ids);
  for (const id of ids) if (place.has.has(id)) return true;
  return false;
}

/// Draws again, in their sections, the frames of the `changed` photos of the places `redraw`. A frame keeps its
/// element (the keyboard's focus stays on it, and nothing around it is laid out anew): it takes the new frame's
/// attributes and contents.
function redrawFrames(redraw, changed) {
  for (const place of redraw) {
    const p = app.data.places.indexOf(place), sec = app.sections.get(placeKey(place))?.el;
    for (const id of changed) {
      const old = sec?.querySelector(`.slide[data-id="${id}"]`);
      if (!old) continue;
      const fresh = frame(place, p, Number(old.dataset.index));
      for (const { name } of [...old.attributes]) if (!fresh.hasAttribute(name)) old.removeAttribute(name);
      for (const { name, value } of [...fresh.attributes]) old.setAttribute(name, value);
      old.replaceChildren(...fresh.childNodes);
    }
  }
}

/// Keeps what the page learnt about unshowable photos across a reload of the state (a change made elsewhere), for
/// the photos that did not change: their pictures are not asked for again on every live update.
function forgetChanged(before) {
  const same = (a, b) => a && b && a.file === b.file && a.size === b.size && a.pair === b.pair;
  for (const id of [...app.unshowable.keys()]) if (!same(before.get(id), app.photos.get(id))) app.unshowable.delete(id);
}


export function unchanged(place, ids) {
  if (place.ids.length !== ids.length) return false;
  return ids.every((id, i) => {
    const [a, b] = [place.slides[i], app.photos.get(id)];
    return a && b && a.id === b.id && a.rating === b.rating && a.file === b.file && a.captured === b.captured
      && a.tags.join('\u0001') === b.tags.join('\u0001') && a.label === b.label && !a.discarded === !b.discarded;
  });
}

export function refocus(id) {
  const f = app.focus;
  if (f && app.data.places[f.place]?.slides[f.index]?.id === id) return;   // still there: no search of 50,000
  for (const [p, place] of app.data.places.entries()) {
    const i = place.slides.findIndex((s) => s.id === id);
    if (i >= 0 && (!app.focus || p === app.focus.place || app.data.places[app.focus.place]?.slides.length === 0)) {
      setFocus(p, i);
      return;
    }
  }
  if (app.focus) {
    const place = app.data.places[app.focus.place];
    if (!place || place.slides.length === 0) setFocus(null);
    else setFocus(app.focus.place, Math.min(app.focus.index, place.slides.length - 1));
  }
}

export function render() {
  const d = app.data;
  $('project').textContent = d.project;
  document.title = d.project + ' · apolo light table';
  $('undo').disabled = !d.undo;
  $('undo').title = d.undo ? t('bar.undoStep', d.undo) : t('bar.nothingToUndo');
  $('redo').disabled = !d.redo;
  $('redo').title = d.redo ? t('bar.redoStep', d.redo) : t('bar.nothingToRedo');
  if (app.target && !d.places.some((p) => p.kind === 'shelf' && p.name === app.target)) app.target = null;
  $('target').textContent = t('bar.target', app.target ?? t('bar.none'));
  const open = $('bench').querySelector('details')?.open ?? false;
  const keep = new Map();
  const els = d.places.map((place, p) => {
    const sig = signature(place, p, open);
    const old = app.sections.get(placeKey(place));
    const el = old && old.sig === sig ? old.el : section(place, p, open);
    if (el === old?.el && !app.partial) cutShort.get(el)?.();   // its frames in view stay as they are
    keep.set(placeKey(place), { sig, el });
    return el;
  });
  app.sections = keep;
  const rack = (kind) => kind === 'shelf' || kind === 'album';
  const shelves = els.filter((_, p) => rack(d.places[p].kind));
  arrange($('rack'), shelves.length ? shelves : [Object.assign(document.createElement('p'),
    { className: 'empty empty-rack', textContent: t('rack.empty') })]);
  const hidden = (kind) => kind === 'discarded' && !app.view.hideRejects;   // else its photos are on the table
  arrange($('bench'), els.filter((_, p) => !rack(d.places[p].kind) && !hidden(d.places[p].kind)));
  showChips();
  if (app.loupe) showLoupe();
  hooks.rendered.forEach((after) => after());
  paint(true);
}

/// Puts `els` into `pane` in order; sections that stay are left in place (re-attaching 200 shelves would lay the
/// whole page out again).
function arrange(pane, els) {
  const wanted = new Set(els);
  for (const child of [...pane.children]) if (!wanted.has(child)) child.remove();
  let at = pane.firstElementChild;
  for (const el of els) {
    if (el === at) at = at.nextElementSibling;
    else pane.insertBefore(el, at);
  }
}

/// What a place's section shows: an unchanged place keeps its frames (a change on one shelf of 200 rebuilds one).
export function signature(place, p, open) {
  const focus = app.focus?.place === p && app.focus.index >= CHUNK ? app.focus.index : '';
  return [p, place.kind, place.name, app.shown.get(placeKey(place)) ?? CHUNK, app.target === place.name,
          place.kind === 'discarded' ? open : '', focus, place.stamp, app.collapsed.has(placeKey(place)),
          viewKey(app.view), place.kind === 'table' ? [...app.opened].join(',') : ''].join('#');
}

/// The frames' size in use, in pixels.
const frameSize = () => parseInt(getComputedStyle(document.documentElement).getPropertyValue('--frame-size'), 10)
  || 128;
/// The frames a place in `pane` can show at once, as wide as the pane and as tall as the window (a pane's height is
/// not settled while the first screen is drawn): all the first screen makes of a place.
const inView = (pane) => framesInView(pane.clientWidth, innerHeight, frameSize());

/// The places the first screen cut to the view, each with what makes the rest of its frames.
const cutShort = new WeakMap();

export function section(place, p, trayOpen) {
  const sec = document.createElement('section');
  sec.className = 'place ' + place.kind + (app.collapsed.has(placeKey(place)) ? ' collapsed' : '');
  if (place.kind === 'shelf') sec.dataset.shelf = place.name;
  else if (place.kind === 'album') sec.dataset.album = place.name;
  else sec.dataset.place = place.kind;
  const head = document.createElement('h2');
  const shown = visible(p).length;   // once: the title and the list's name both say it
  head.append(title(place, shown), ...tools(place, p));
  const strip = document.createElement('div');
  strip.className = 'strip';
  strip.dataset.index = p;
  strip.setAttribute('role', 'listbox');
  strip.setAttribute('aria-multiselectable', 'true');
  strip.setAttribute('aria-label', heading(place, shown));
  let framed = 0;   // frames made: a place the first screen cut to the view gets the rest once the project is here
  const fill = () => {
    const list = visible(p);
    const focusAt = app.focus?.place === p ? list.findIndex((i) => i >= app.focus.index) + 1 : 0;
    const wanted = Math.min(list.length, Math.max(app.shown.get(placeKey(place)) ?? CHUNK, focusAt));
    const count = app.partial ? Math.min(wanted, inView(pane)) : wanted;
    if (count < wanted) cutShort.set(sec, fill); else cutShort.delete(sec);
    strip.querySelector(':scope > .more')?.remove();
    for (let k = framed; k < count; k++) strip.append(frame(place, p, list[k]));
    framed = Math.max(framed, count);
    const total = app.partial && place.count > place.slides.length ? place.count : list.length;
    if (count < total) strip.append(more(place, count, total));
    if (list.length === 0) {   // a list box of no option is no list box (axe: aria-required-children)
      strip.setAttribute('role', 'group');
      strip.removeAttribute('aria-multiselectable');
      const empty = place.slides.length ? 'view.hidden' : place.kind === 'table' ? 'place.empty' : 'place.drop';
      strip.append(Object.assign(document.createElement('p'), { className: 'empty', textContent: t(empty) }));
    }
  };
  const pane = place.kind === 'shelf' || place.kind === 'album' ? $('rack') : $('bench');
  // on the first screen a place may hold none of its slides yet: it waits for them like a place far down the pane
  const waiting = app.partial && place.count > 0 && !place.slides.length;
  if (!waiting && (p < 4 || !place.slides.length) || app.focus?.place === p) fill();
  else {   // far down its pane (or not here yet): its frames are made when it comes near the pane's view
    const size = frameSize();
    const held = Math.min(place.count ?? place.slides.length, CHUNK);
    const rows = Math.ceil(held / perRow(pane.clientWidth - 50, size + 20));
    strip.style.minHeight = rows * (size + 36) + 'px';
    new IntersectionObserver((entries, observer) => {
      const near = entries.find((e) => e.isIntersecting);
      if (!near) return;
      observer.disconnect();
      const now = () => { strip.style.minHeight = ''; fill(); paintSoon(); };
      // on the first screen, a place near the view but not in it is filled once the whole project is there, so
      // that the first paint draws only what is seen
      const seen = near.boundingClientRect.top < near.rootBounds.bottom - 1500;
      if (app.partial && (!seen || !place.slides.length)) screen.whole.then(now); else now();
    }, { root: pane, rootMargin: '1500px' }).observe(strip);
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

/// A place's name, and its kind and size in words ("shelf · 3 slides"; "table · 12 of 70 slides shown" when the
/// view or folded stacks hide some).
function named(place, shown = place.slides.length) {
  const name = { table: t('place.table'), discarded: t('place.discarded') }[place.kind] ?? place.name;
  const all = place.count ?? place.slides.length;   // the first screen holds the start of a place, and its size
  // on the first screen a place's size, not the share of it at hand (what the view hides is known with the rest)
  const count = shown < all && !app.partial ? t('place.shownOf', shown, all)
    : all === 1 ? t('place.slide') : t('place.slides', all);
  const rejects = place.kind === 'table' ? place.slides.filter((s) => s.discarded).length : 0;
  const also = rejects ? ' · ' + t(rejects === 1 ? 'place.reject' : 'place.rejects', rejects) : '';
  return [name, t('place.kind.' + place.kind) + ' · ' + count + also];
}

/// A place's name and size in words, as its list's accessible name says it.
export function heading(place, shown) {
  return named(place, shown).join(' · ');
}

/// The title of a place's row: its name in bold, its kind and size, and whether it is the target shelf.
export function title(place, shown) {
  const [name, size] = named(place, shown);
  const span = document.createElement('span');
  span.className = 'title';
  span.append(Object.assign(document.createElement('b'), { textContent: name }), ' ' + size);
  if (place.kind === 'shelf' && place.name === app.target) span.append(' · ' + t('place.target'));
  return span;
}


/// Folds a shelf or album row to its title (it stays a drop target), or unfolds it.
function fold(place) {
  const key = placeKey(place);
  return button(app.collapsed.has(key) ? '▸' : '▾', t(app.collapsed.has(key) ? 'tool.expand' : 'tool.collapse',
      place.name), () => {
    if (!app.collapsed.delete(key)) app.collapsed.add(key);
    render();
  });
}

export function tools(place, p) {
  const n = place.name;
  if (place.kind === 'shelf') return [
    fold(place),
    button('◎', t('tool.target', n), () => { app.target = n; render(); }),
    button('↑', t('tool.up', n), () => run([['shelf', 'move', n, '--up']])),
    button('↓', t('tool.down', n), () => run([['shelf', 'move', n, '--down']])),
    button('✎', t('tool.rename', n), () => ask(t('ask.rename', n), n)
      .then((to) => to && to !== n && run([['shelf', 'rename', n, to]]))),
    button('▣', t('tool.compress', n), () => run([['album', 'compress', n]])),
    button('✕', t('tool.delete', n), () => sure(t('ask.delete', n))
      .then((yes) => yes && run([['shelf', 'delete', n, '--yes']]))),
  ];
  if (place.kind === 'album') {
    const index = app.data.places.filter((q) => q.kind === 'album').findIndex((q) => q.name === n) + 1;
    return [
      fold(place),
      button('←', t('tool.earlier', n), () => index > 1 && run([['album', 'move', n, '--to', String(index - 1)]])),
      button('→', t('tool.later', n), () => run([['album', 'move', n, '--to', String(index + 1)]])),
      button('↺', t('tool.reopen', n), () => run([['album', 'reopen', n]])),
      button('✕', t('tool.discardAlbum', n), () => sure(t('ask.discardAlbum', n))
        .then((yes) => yes && run([['album', 'discard', n, '--yes']]))),
    ];
  }
  return [];
}

/// "… 2,760 more": the next slides, shown when it is clicked or scrolled into view (every frame of a place of any
/// length is reached by scrolling, as by keys); each time one step of slides more, so a long place grows as far as
/// it is looked at.
export function more(place, count, total) {
  const grow = () => {
    if (app.partial) return screen.whole.then(grow);   // the first screen holds no more of it yet
    if ((app.shown.get(placeKey(place)) ?? CHUNK) > count) return;
    app.shown.set(placeKey(place), count + CHUNK);
    render();
  };
  const b = button(t('place.more', total - count), t('place.showMore'), grow);
  b.className = 'more';
  const pane = place.kind === 'shelf' || place.kind === 'album' ? $('rack') : $('bench');
  new IntersectionObserver((entries, observer) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    grow();
  }, { root: pane, rootMargin: '400px' }).observe(b);
  return b;
}

/// Puts the keyboard on photo `id` where it is shown (the table before the tray): undo shows what it brought back.
export function focusSlide(id) {
  const p = app.data.places.findIndex((q) => q.kind !== 'discarded' && q.slides.some((s) => s.id === id));
  if (p < 0) return;
  setFocus(p, app.data.places[p].slides.findIndex((s) => s.id === id));
  clearSelection();
  paint();
}

/// Shows a frame's "original missing" mark when the original is gone (asked after the state).
export function flag(f) {
  const gone = app.missing.has(f.dataset.id);
  const s = app.photos.get(f.dataset.id);
  f.classList.toggle('missing', gone);
  const span = f.querySelector('.flag');
  if (gone && !span) f.append(Object.assign(document.createElement('span'), { className: 'flag',
      textContent: t('slide.missing') }));
  if (!gone && span) span.remove();
  if (s) f.setAttribute('aria-label', frameName(s, t, gone, factsOf(app.analysis, s.id, app.opened)));
}

/// The frame of slide `i` of `place`; a picture the server could not make says why, and is not asked for again
/// until the project is loaded anew.
export function frame(place, p, i) {
  const s = place.slides[i];
  const thumb = media((bigFrames() ? '/preview/' : '/thumb/') + s.id);
  const f = makeFrame(s, i, { t, stars, thumb, missing: app.missing.has(s.id),
                              why: app.unshowable.get(s.id) ?? null, ref: refOf(place, i),
                              facts: factsOf(app.analysis, s.id, app.opened),
                              thresholds: app.analysis.thresholds, marks: app.reviews.get(s.id),
                              common: everyTag(app) });

  f.draggable = place.kind !== 'album';
  if (app.selection.has(s.id) && app.focus?.place === p) f.classList.add('selected');
  if (app.focus?.place === p && app.focus.index === i) f.classList.add('focused');
  f.querySelector('img')?.addEventListener('error', (e) => unshowable(e.target.closest('.slide') ?? f, s.id),
                                          { once: true });
  f.addEventListener('click', (e) => (e.target.closest('.badge.stack') ? toggleStack(s.id) : choose(p, i, e)));
  f.addEventListener('dblclick', () => { setFocus(p, i); openLoupe(); });
  f.addEventListener('dragstart', (e) => startDrag(e, place, p, i));
  f.addEventListener('dragend', () => {   // after the drop, if any: a drag let go elsewhere ends here too
    clearMarks();
    app.drag = null;
  });
  return f;
}

/// Asks the server why a picture failed (its answer is JSON in words), remembers it, and shows it in the frame.
async function unshowable(f, id) {
  let why = app.unshowable.get(id);
  if (!why) {
    const r = await api('/thumb/' + id).catch(() => null);
    const body = r && !r.ok ? await r.json().catch(() => ({})) : {};
    why = body.error ?? t('slide.cannotShow');
    app.unshowable.set(id, why);
  }
  f.querySelector('img')?.replaceWith(Object.assign(document.createElement('div'), { className: 'unshowable',
                                                                                     textContent: why, title: why }));
}

export function choose(p, i, e) {
  const id = app.data.places[p].slides[i].id;
  if (app.focus?.place !== p) clearSelection();
  if (e.shiftKey && app.anchor && app.anchor.place === p) {
    const [a, b] = [Math.min(app.anchor.index, i), Math.max(app.anchor.index, i)];
    for (let k = a; k <= b; k++) selectAlso(app.data.places[p].slides[k].id);
  } else if (e.ctrlKey || e.metaKey) {
    toggleSelected(id);
    anchorAt(p, i);
  } else {
    select([id]);
    anchorAt(p, i);
  }
  setFocus(p, i);
  paint();
}

let painting = 0;
/// One paint for all the places filled in one frame: 200 shelves coming near the view at load each asked for
/// their own, and each paint lays the page out again (focus, scroll).
function paintSoon() {
  painting ||= requestAnimationFrame(() => {
    painting = 0;
    paint(true);
  });
}

/// Shows focus and selection on the frames already on the page (no rebuild: 5,000 frames stay as they are);
/// rebuilds only when the focused frame is not rendered yet. `drawn` false, for a page not drawn yet: the focused
/// frame takes the keyboard once it is (focusing or scrolling lays out the whole page: 40 ms at 50,000 photos).
export function paint(fromRender, drawn = true) {
  const el = focusedElement();
  if (app.focus && !el && !fromRender) return render();
  document.querySelectorAll('.slide.focused, .slide.selected').forEach((f) => {
    f.classList.remove('focused', 'selected');
    f.setAttribute('aria-selected', 'false');
    f.tabIndex = -1;
  });
  if (app.focus) {
    document.querySelectorAll(`.strip[data-index="${app.focus.place}"] .slide`).forEach((f) => {
      if (!app.selection.has(f.dataset.id)) return;
      f.classList.add('selected');
      f.setAttribute('aria-selected', 'true');
    });
  }
  // one tab stop for every place: the focused slide (roving focus), else the first slide shown
  const stop = el ?? document.querySelector('#rack .slide, #bench .slide');
  if (stop) stop.tabIndex = 0;
  if (el) {
    el.classList.add('focused');
    if (!drawn) afterDrawing(() => unclaimed() && focusedElement() === el && take(el));
    else {
      take(el);
      el.scrollIntoView({ block: 'nearest' });
    }
  }
  hooks.painted.forEach((after) => after());
}

/// Calls `then` once the page has been drawn: after the next frame's layout and paint.
const afterDrawing = (then) => requestAnimationFrame(() => setTimeout(then));

/// Whether nothing on the page has the keyboard.
const unclaimed = () => !document.activeElement || document.activeElement === document.body;

/// Gives `el` the keyboard, unless the loupe or a dialog has it.
function take(el) {
  if (!app.loupe && !app.dialog) el.focus({ preventScroll: true });
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

Object.assign(screen, { apply, paint, focusSlide, render, marks });
