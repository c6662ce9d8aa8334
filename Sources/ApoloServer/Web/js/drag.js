import { run } from './changes.js';
import { t } from './messages.js';
import { app } from './state.js';
import { refOf } from './refs.js';

export function startDrag(e, place, p, i) {
  const id = place.slides[i].id;
  const many = app.selection.has(id) && app.selection.size > 1 && app.focus?.place === p;
  app.drag = { place, p, i, ids: many ? place.slides.filter((s) => app.selection.has(s.id)).map((s) => s.id) : [id] };
  e.dataTransfer.setData('text/plain', refOf(place, i));
  e.dataTransfer.effectAllowed = 'move';
}

export function clearMarks() {
  document.querySelectorAll('.insert-before, .insert-after, .swap, .row-before, .row-after')
    .forEach((el) => el.classList.remove('insert-before', 'insert-after', 'swap', 'row-before', 'row-after'));
}

/// Where a drop at (x, y) lands in a strip: the index to insert before, and the slide under the pointer.
export function dropPoint(strip, x, y) {
  const frames = [...strip.querySelectorAll('.slide')];
  for (const [k, el] of frames.entries()) {
    const r = el.getBoundingClientRect();
    if (y < r.top) return { index: k, over: null };
    if (y <= r.bottom && x < r.right) return { index: x < r.left + r.width / 2 ? k : k + 1,
        over: x >= r.left ? el : null, el };
  }
  return { index: frames.length, over: null };
}

export function dropTarget(strip, place, p) {
  strip.addEventListener('dragover', (e) => {
    if (!app.drag) return;
    e.preventDefault();
    clearMarks();
    const at = dropPoint(strip, e.clientX, e.clientY);
    if (e.altKey && at.over) at.over.classList.add('swap');
    else if (at.el) at.el.classList.add(at.index > Number(at.el.dataset.index) ? 'insert-after' : 'insert-before');
  });
  strip.addEventListener('dragleave', (e) => { if (!strip.contains(e.relatedTarget)) clearMarks(); });
  strip.addEventListener('drop', (e) => {
    e.preventDefault();
    clearMarks();
    const drag = app.drag;
    app.drag = null;
    if (!drag) return;
    const at = dropPoint(strip, e.clientX, e.clientY);
    drop(drag, place, at, e.altKey);
  });
}

/// What a drop does: a swap (Alt), a discard (on the tray), back to the table, or a move to a shelf's place. Table
/// slides go by id (rejects among them are restored first, so table positions would move under the commands).
export function drop(drag, place, at, alt) {
  const fromTable = drag.place.kind === 'table';
  const from = fromTable ? drag.place.slides[drag.i].id : refOf(drag.place, drag.i);
  if (alt && at.over) return run([['slide', 'swap', from, at.over.dataset.ref]]);
  const rejects = drag.ids.filter((id) => app.photos.get(id)?.discarded);
  if (place.kind === 'discarded') {
    const ids = drag.ids.filter((id) => !rejects.includes(id));
    return ids.length && run([['slide', 'discard', ...ids.map((id) => (fromTable ? id : refFor(drag.place, id)))]]);
  }
  const back = rejects.map((id) => ['slide', 'restore', id]);
  if (place.kind === 'table') {
    return run(back.concat(drag.ids.filter((id) => !rejects.includes(id)).map((id) => ['slide', 'move', id, '--to',
      'table'])));
  }
  if (drag.ids.length === 1) return run([...back, ['slide', 'move', from, '--to', place.name + ':' + (at.index + 1)]]);
  return run(back.concat(moves(drag, place, at.index)));
}

/// The moves that put the dragged slides, in their order, where the marker was: each goes before the first
/// slide there that is not dragged (or to the end), numbered as the command line numbers them at that moment.
export function moves(drag, place, index) {
  const src = drag.place.slides.map((s) => s.id);
  const dst = drag.place === place ? src : place.slides.map((s) => s.id);
  const anchor = dst.slice(index).find((id) => !drag.ids.includes(id));
  return drag.ids.map((id) => {
    const from = drag.place.kind === 'table' ? id : drag.place.name + ':' + (src.indexOf(id) + 1);
    const before = anchor === undefined ? -1 : dst.indexOf(anchor);
    src.splice(src.indexOf(id), 1);
    if (anchor === undefined) dst.push(id); else dst.splice(dst.indexOf(anchor), 0, id);
    return ['slide', 'move', from, '--to', before < 0 ? place.name : place.name + ':' + (before + 1)];
  });
}

export function refFor(place, id) { return refOf(place, place.slides.findIndex((s) => s.id === id)); }

/// Shelves and albums are reordered by dragging their title onto another shelf's (or album's) row.
export function rowDrag(sec, head, place) {
  head.draggable = true;
  head.title = t('drag.reorder');
  head.addEventListener('dragstart', (e) => { app.row = { kind: place.kind, name: place.name };
      e.dataTransfer.setData('text/plain', place.name); });
  head.addEventListener('dragend', () => { app.row = null; clearMarks(); });
  const after = (e) => e.clientY > sec.getBoundingClientRect().top + sec.getBoundingClientRect().height / 2;
  sec.addEventListener('dragover', (e) => {
    if (app.row?.kind !== place.kind) return;
    e.preventDefault();
    clearMarks();
    sec.classList.add(after(e) ? 'row-after' : 'row-before');
  });
  sec.addEventListener('drop', (e) => {
    if (app.row?.kind !== place.kind) return;
    e.preventDefault();
    e.stopPropagation();
    const row = app.row;
    app.row = null;
    clearMarks();
    const others = app.data.places.filter((q) => q.kind === place.kind && q.name !== row.name).map((q) => q.name);
    const k = others.indexOf(place.name) + (after(e) ? 1 : 0);
    if (place.name !== row.name) run([[place.kind, 'move', row.name, '--to', String(k + 1)]]);
  });
}


/// While a slide or a row is dragged, a pointer near the top or bottom edge of a pane scrolls that pane.
export function autoScroll(x, y) {
  const pane = document.elementFromPoint(x, y)?.closest('#rack, #bench');
  if (!pane) return;
  const r = pane.getBoundingClientRect(), edge = 28;
  if (y < r.top + edge) pane.scrollBy(0, -Math.ceil((r.top + edge - y) / 3));
  else if (y > r.bottom - edge) pane.scrollBy(0, Math.ceil((y - r.bottom + edge) / 3));
}

document.addEventListener('dragover', (e) => { if (app.drag || app.row) autoScroll(e.clientX, e.clientY); });
