// Moving the focus: along a place, by rows and pages (on to the next place shown), to its ends; only over the slides
// the view filter shows.
/// The indices of place `p`'s slides the view shows (none for a hidden tray).
import { entry, rowMove } from './grid.js';
import { factsOf, foldedAway } from './stacks.js';
import { app, clearSelection, screen, selectAlso, setFocus } from './state.js';
import { isNone, shown } from './viewfilter.js';

export function visible(p) {
  const place = app.data.places[p];
  if (place.kind === 'discarded' && !app.view.hideRejects) return [];   // its photos are on the table
  const view = place.kind === 'discarded' ? { ...app.view, hideRejects: false } : app.view;   // the tray is rejects
  const all = isNone(view) ? place.slides.map((_, i) => i)
    : shown(place.slides, view, (id) => factsOf(app.analysis, id));
  if (place.kind !== 'table' || !app.analysis.stackOf.size) return all;
  const away = foldedAway(place.ids, app.analysis, app.opened);
  return away.size ? all.filter((i) => !away.has(place.ids[i])) : all;
}

/// Where slide `i` stands among the shown ones (the nearest shown one when it is hidden).
function position(list, i) {
  const at = list.findIndex((k) => k >= i);
  return at < 0 ? list.length - 1 : at;
}

/// The places in the order they are shown: the shelf rack (shelves, albums), then the table and the tray.
export function visualOrder() {
  const places = app.data.places;
  const rack = (q) => q.kind === 'shelf' || q.kind === 'album';
  return [...places.keys()].sort((a, b) => Number(!rack(places[a])) - Number(!rack(places[b])) || a - b);
}

/// Frames per row of place `p` as laid out now.
export function columnsOf(p) {
  const frames = document.querySelectorAll(`.strip[data-index="${p}"] .slide`);
  if (!frames.length) return 1;
  let n = 0;
  for (const f of frames) { if (f.offsetTop !== frames[0].offsetTop) break; n++; }
  return Math.max(1, n);
}

/// Rows of place `p` that fit its pane (PgUp/PgDn move by this many).
export function pageRows(p) {
  const frame = document.querySelector(`.strip[data-index="${p}"] .slide`);
  const pane = frame?.closest('#rack, #bench');
  return frame && pane ? Math.max(1, Math.floor(pane.clientHeight / (frame.offsetHeight + 10)) - 1) : 3;
}

export function focusOn(p, i, extend) {
  const place = app.data.places[p];
  if (extend && app.focus?.place === p) {
    selectAlso(place.slides[app.focus.index].id);
    selectAlso(place.slides[i].id);
  } else if (!extend || app.focus?.place !== p) {
    clearSelection();
  }
  setFocus(p, i);
  screen.paint();
}

/// Moves the focus `di` slides along its place (← →; Shift extends the selection).
export function move(di, extend) {
  if (!app.focus) return start();
  const { place: p, index: i } = app.focus;
  const list = visible(p);
  if (!list.length) return start();
  focusOn(p, list[Math.max(0, Math.min(list.length - 1, position(list, i) + di))], extend);
}

/// Moves the focus `rows` rows (↑ ↓, PgUp PgDn), on to the next shown place from the last row.
export function moveRows(rows) {
  if (!app.focus) return start();
  const { place: p, index: i } = app.focus;
  const list = visible(p);
  if (!list.length) return start();
  const to = rowMove(position(list, i), list.length, columnsOf(p), rows);
  if (to.index !== undefined) return focusOn(p, list[to.index], false);
  const order = visualOrder();
  let k = order.indexOf(p) + to.leave;
  while (k >= 0 && k < order.length && visible(order[k]).length === 0) k += to.leave;
  if (k < 0 || k >= order.length) return;
  const q = order[k], there = visible(q);
  focusOn(q, there[entry(there.length, columnsOf(q), to.column, to.leave > 0 ? 'top' : 'bottom')]);
}

/// Home and End: the first or last shown slide of the focused place.
export function moveToEnd(last) {
  if (last && app.partial) return screen.whole.then(() => moveToEnd(last));   // the end of a place, not of its start
  if (!app.focus) return start();
  const list = visible(app.focus.place);
  if (list.length) focusOn(app.focus.place, last ? list[list.length - 1] : list[0], false);
}

/// Focuses the first shown slide of the first place shown that has one.
export function start() {
  const p = visualOrder().find((q) => visible(q).length > 0);
  setFocus(p, p === undefined ? undefined : visible(p)[0]);
  return screen.render();
}


/// R: from the shelf rack to the table and back, each side where the focus last was there (else its first slide).
export function rackOrTable() {
  const places = app.data.places;
  const inRack = (p) => places[p].kind === 'shelf' || places[p].kind === 'album';
  const here = app.focus;
  if (here) app.was = { ...app.was, [inRack(here.place) ? 'rack' : 'table']: here };
  const toRack = !here || !inRack(here.place);
  const back = app.was?.[toRack ? 'rack' : 'table'];
  if (back && places[back.place]?.slides.length && inRack(back.place) === toRack) {
    return focusOn(back.place, Math.min(back.index, places[back.place].slides.length - 1), false);
  }
  const p = visualOrder().find((q) => inRack(q) === toRack && places[q].kind !== 'discarded' && visible(q).length);
  if (p !== undefined) focusOn(p, visible(p)[0], false);
}
