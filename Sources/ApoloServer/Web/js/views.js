// The loupe at 100%, and touch on the table: a long press lifts a slide, a swipe in the loupe steps or closes.
import { autoScroll, clearMarks, drop, dropPoint } from './drag.js';
import { closeLoupe, step } from './loupe.js';
import { $, app, current, media } from './state.js';
import { zoomed } from './zoom.js';

// ---- 100%: the loupe shows the photo pixel for pixel (made once, upright, into the cache), centred where clicked

export function toggleActual(x, y) {
  const frame = $('loupe-frame'), img = $('loupe-image'), s = current();
  if (!s) return;
  const on = !frame.classList.contains('actual');
  const r = img.getBoundingClientRect();
  const fx = x === undefined ? 0.5 : Math.min(1, Math.max(0, (x - r.left) / r.width));
  const fy = y === undefined ? 0.5 : Math.min(1, Math.max(0, (y - r.top) / r.height));
  frame.classList.toggle('actual', on);
  $('loupe').dataset.zoom = on ? '100' : 'fit';
  img.src = media((on ? '/full/' : '/preview/') + s.id);
  if (on) img.decode().then(() => {
    frame.scrollLeft = img.naturalWidth * fx - frame.clientWidth / 2;
    frame.scrollTop = img.naturalHeight * fy - frame.clientHeight / 2;
  }).catch(() => {});
}

// ---- touch and pen: a long press lifts a slide, moving drags it (the page does not scroll meanwhile), lifting
// the finger drops it where the marker shows; in the loupe a swipe steps

export const touch = { timer: null, start: null, lifted: null };

document.addEventListener('pointerdown', (e) => {
  if (e.pointerType === 'mouse' || app.loupe) return;
  const f = e.target.closest?.('.slide');
  if (!f || f.draggable === false) return;
  const strip = f.closest('.strip'), p = Number(strip.dataset.index), i = Number(f.dataset.index);
  touch.start = { x: e.clientX, y: e.clientY, id: e.pointerId };
  clearTimeout(touch.timer);
  touch.timer = setTimeout(() => {
    const place = app.data.places[p];
    const id = place.slides[i].id;
    const many = app.selection.has(id) && app.selection.size > 1 && app.focus?.place === p;
    touch.lifted = { place, p, i,
        ids: many ? place.slides.filter((s) => app.selection.has(s.id)).map((s) => s.id) : [id] };
    f.classList.add('lifted');
  }, 350);
});

document.addEventListener('pointermove', (e) => {
  if (!touch.start || e.pointerId !== touch.start.id) return;
  if (!touch.lifted) {
    if (Math.hypot(e.clientX - touch.start.x, e.clientY - touch.start.y) > 10) { clearTimeout(touch.timer);
        touch.start = null; }
    return;
  }
  clearMarks();
  autoScroll(e.clientX, e.clientY);
  const strip = document.elementFromPoint(e.clientX, e.clientY)?.closest('.strip');
  if (!strip) return;
  const at = dropPoint(strip, e.clientX, e.clientY);
  if (at.el) at.el.classList.add(at.index > Number(at.el.dataset.index) ? 'insert-after' : 'insert-before');
});

document.addEventListener('touchmove', (e) => { if (touch.lifted) e.preventDefault(); }, { passive: false });

export function endTouch(e, dropIt) {
  if (!touch.start || e.pointerId !== touch.start.id) return;
  clearTimeout(touch.timer);
  const lifted = touch.lifted;
  touch.start = touch.lifted = null;
  document.querySelectorAll('.lifted').forEach((f) => f.classList.remove('lifted'));
  clearMarks();
  if (!lifted || !dropIt) return;
  const strip = document.elementFromPoint(e.clientX, e.clientY)?.closest('.strip');
  if (!strip) return;
  const place = app.data.places[Number(strip.dataset.index)];
  drop(lifted, place, dropPoint(strip, e.clientX, e.clientY), false);
}

document.addEventListener('pointerup', (e) => endTouch(e, true));
document.addEventListener('pointercancel', (e) => endTouch(e, false));

export const swipe = { x: null, y: null };
$('loupe').addEventListener('pointerdown', (e) => { if (e.pointerType !== 'mouse') Object.assign(swipe,
    { x: e.clientX, y: e.clientY }); });
$('loupe').addEventListener('pointerup', (e) => {
  if (swipe.x === null || $('loupe-frame').classList.contains('actual') || zoomed()) return (swipe.x = null);
  const dx = e.clientX - swipe.x, dy = e.clientY - swipe.y;
  swipe.x = null;
  if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) step(dx < 0 ? 1 : -1);
  else if (dy > 80 && dy > 2 * Math.abs(dx)) closeLoupe();   // a swipe down puts the photo back
});
