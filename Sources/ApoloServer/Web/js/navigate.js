// Moving the focus: along a place, by rows and pages (on to the next place shown), to its ends.
/// The places in the order they are shown: the shelf rack (shelves, albums), then the table and the tray.
import { entry, rowMove } from './grid.js';
import { app } from './state.js';
import { paint, render } from './table.js';

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
    app.selection.add(place.slides[app.focus.index].id);
    app.selection.add(place.slides[i].id);
  } else if (!extend || app.focus?.place !== p) {
    app.selection.clear();
  }
  app.focus = { place: p, index: i };
  paint();
}

/// Moves the focus `di` slides along its place (← →; Shift extends the selection).
export function move(di, extend) {
  if (!app.focus) return start();
  const { place: p, index: i } = app.focus;
  const count = app.data.places[p].slides.length;
  focusOn(p, Math.max(0, Math.min(count - 1, i + di)), extend);
}

/// Moves the focus `rows` rows (↑ ↓, PgUp PgDn), on to the next shown place from the last row.
export function moveRows(rows) {
  if (!app.focus) return start();
  const { place: p, index: i } = app.focus;
  const columns = columnsOf(p);
  const to = rowMove(i, app.data.places[p].slides.length, columns, rows);
  if (to.index !== undefined) return focusOn(p, to.index, false);
  const order = visualOrder();
  let k = order.indexOf(p) + to.leave;
  while (k >= 0 && k < order.length && app.data.places[order[k]].slides.length === 0) k += to.leave;
  if (k < 0 || k >= order.length) return;
  const q = order[k];
  focusOn(q, entry(app.data.places[q].slides.length, columnsOf(q), to.column, to.leave > 0 ? 'top' : 'bottom'));
}

/// Home and End: the first or last slide of the focused place.
export function moveToEnd(last) {
  if (!app.focus) return start();
  focusOn(app.focus.place, last ? app.data.places[app.focus.place].slides.length - 1 : 0, false);
}

export function start() {
  const p = visualOrder().find((q) => app.data.places[q].slides.length > 0);
  if (p !== undefined) app.focus = { place: p, index: 0 };
  return render();
}

