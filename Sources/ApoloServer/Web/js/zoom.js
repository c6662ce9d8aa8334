// The loupe on touch and pen: two fingers pinch-zoom around the point between them (1× to 8×), one finger pans a
// zoomed photo; with a mouse at 100% (Z or a click), dragging pans. A step resets the zoom.
import { anchored, bounded, pinched } from './gesture.js';
import { $, app } from './state.js';

const state = { pointers: new Map(), scale: 1, offset: { x: 0, y: 0 }, pinch: null, drag: null };

/// True while the photo is zoomed by a pinch (a swipe then pans instead of stepping).
export const zoomed = () => state.scale > 1 || state.pointers.size > 1;

function show() {
  const img = $('loupe-image');
  const { x, y } = state.offset;
  if (img) img.style.transform = state.scale === 1 ? '' : `translate(${x}px, ${y}px) scale(${state.scale})`;
}

/// Back to the fitted photo (a step, a new photo).
export function resetZoom() {
  Object.assign(state, { scale: 1, offset: { x: 0, y: 0 }, pinch: null });
  document.querySelectorAll('#loupe-frame img').forEach((img) => { img.style.transform = ''; });
}

const centreOf = (a, b, frame) => {
  const r = frame.getBoundingClientRect();
  return { x: (a.x + b.x) / 2 - (r.left + r.width / 2), y: (a.y + b.y) / 2 - (r.top + r.height / 2) };
};

const frame = $('loupe-frame');
frame.addEventListener('pointerdown', (e) => {
  if (e.pointerType === 'mouse') {
    if (!frame.classList.contains('actual')) return;
    state.drag = { x: e.clientX, y: e.clientY, moved: false };
    frame.setPointerCapture(e.pointerId);
    return;
  }
  state.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (state.pointers.size === 2) {
    const [a, b] = [...state.pointers.values()];
    state.pinch = { distance: Math.hypot(a.x - b.x, a.y - b.y), scale: state.scale };
  }
});

frame.addEventListener('pointermove', (e) => {
  if (state.drag) {
    const dx = e.clientX - state.drag.x, dy = e.clientY - state.drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) state.drag.moved = true;
    frame.scrollBy(-dx, -dy);
    Object.assign(state.drag, { x: e.clientX, y: e.clientY });
    return;
  }
  const last = state.pointers.get(e.pointerId);
  if (!last) return;
  const now = { x: e.clientX, y: e.clientY };
  state.pointers.set(e.pointerId, now);
  const size = { width: frame.clientWidth, height: frame.clientHeight };
  if (state.pointers.size === 2 && state.pinch) {
    const [a, b] = [...state.pointers.values()];
    const scale = pinched(state.pinch.scale, state.pinch.distance, Math.hypot(a.x - b.x, a.y - b.y));
    state.offset = bounded(anchored(state.offset, centreOf(a, b, frame), state.scale, scale), size, scale);
    state.scale = scale;
  } else if (state.scale > 1) {
    state.offset = bounded({ x: state.offset.x + now.x - last.x, y: state.offset.y + now.y - last.y }, size,
                           state.scale);
  }
  show();
});

function lift(e) {
  if (state.drag) {
    app.loupeDragged = state.drag.moved;   // a drag that panned is not a click that leaves 100%
    state.drag = null;
  }
  state.pointers.delete(e.pointerId);
  if (state.pointers.size < 2) state.pinch = null;
  if (state.scale <= 1.02 && state.pointers.size === 0) resetZoom();
}
frame.addEventListener('dragstart', (e) => e.preventDefault());   // the picture is panned, never dragged away
frame.addEventListener('pointerup', lift);
frame.addEventListener('pointercancel', lift);
