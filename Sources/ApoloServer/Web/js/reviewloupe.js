// The reviewer's loupe: one photo as large as the screen, swipe or arrow keys to the next, pinch or double-tap to
// zoom, its heart and the reviewer's comment. Escape, the Close button, or a swipe down leaves it.
import { say, step, swipe, title } from './reviewtext.js';

const $ = (id) => document.getElementById(id);
const loupe = { at: -1, scale: 1, from: null, pointers: new Map(), spread: 0, opener: null, sent: new Map() };
/// The page's state and its actions, given by `wireLoupe` (this module imports nothing of the page's).
let view = null, actions = null;

export function openLoupe(at) {
  loupe.opener = document.activeElement;
  loupe.at = at;
  $('loupe').hidden = false;
  showLoupe();
  $('heart').focus();
}

/// Keeps the comment typed for the photo shown before the loupe leaves it (a swipe, an arrow, a close): the text
/// area's own `change` comes only when it loses focus, and by then the loupe showed another photo, or none.
function keepComment() {
  const photo = view?.state?.photos[loupe.at], box = $('comment');
  if (!photo || box.hidden || box.disabled) return;
  const text = box.value.trim();
  if (text !== (view.state.me.comments[photo.id] ?? '') && text !== loupe.sent.get(photo.id)) {
    loupe.sent.set(photo.id, text);
    actions.comment(photo.id, text);
  }
  if (document.activeElement === box) box.blur();
}

function closeLoupe() {
  keepComment();
  loupe.at = -1;
  $('loupe').hidden = true;
  loupe.opener?.focus();
}

function go(by) {
  const count = view.state.photos.length;
  const next = step(loupe.at, by, count);
  if (next === loupe.at) return;
  keepComment();
  loupe.at = next;
  showLoupe();
}

function zoom(scale) {
  loupe.scale = Math.max(1, Math.min(6, scale));
  $('big').style.transform = loupe.scale === 1 ? '' : `scale(${loupe.scale})`;
}

/// Draws the open loupe from the state (nothing when it is closed).
export function showLoupe() {
  if (loupe.at < 0 || !view.state) return;
  const { lang, state } = view, photo = state.photos[loupe.at];
  const picked = state.me.picks.includes(photo.id), locked = Boolean(state.me.submitted);
  const name = title(lang, photo);
  $('loupe-title').textContent = `${name} · ${loupe.at + 1} / ${state.photos.length}`;
  $('loupe').setAttribute('aria-label', name);
  if (!$('big').src.endsWith(`preview/${photo.id}`)) {
    Object.assign($('big'), { src: `preview/${photo.id}`, alt: name });
    zoom(1);
  }
  Object.assign($('heart'), { textContent: `${picked ? '♥' : '♡'} ${say(lang, 'heart')}`, disabled: locked });
  $('heart').setAttribute('aria-pressed', String(picked));
  $('prev').textContent = `‹ ${say(lang, 'prev')}`;
  $('next').textContent = `${say(lang, 'next')} ›`;
  $('close').textContent = '✕';
  $('close').setAttribute('aria-label', say(lang, 'close'));
  $('prev').disabled = loupe.at === 0;
  $('next').disabled = loupe.at === state.photos.length - 1;
  const download = $('download');
  download.hidden = state.download === 'none';
  Object.assign(download, { href: `download/${photo.id}`, className: 'button', textContent: say(lang, 'download') });
  $('comment-label').textContent = say(lang, 'comment');
  $('comment-label').hidden = $('comment').hidden = !state.comments;
  if (document.activeElement !== $('comment')) $('comment').value = state.me.comments[photo.id] ?? '';
  $('comment').disabled = locked;
}

function pointerDown(event) {
  loupe.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (loupe.pointers.size === 1) loupe.from = { x: event.clientX, y: event.clientY, t: event.timeStamp };
  if (loupe.pointers.size === 2) loupe.spread = spread() / loupe.scale;
}

function spread() {
  const [a, b] = [...loupe.pointers.values()];
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function pointerMove(event) {
  if (!loupe.pointers.has(event.pointerId)) return;
  loupe.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
  if (loupe.pointers.size === 2 && loupe.spread > 0) zoom(spread() / loupe.spread);
}

function pointerUp(event) {
  const from = loupe.from, pinched = loupe.pointers.size > 1;
  loupe.pointers.delete(event.pointerId);
  if (pinched || !from || loupe.pointers.size) return;
  loupe.from = null;
  const dx = event.clientX - from.x, dy = event.clientY - from.y, ms = event.timeStamp - from.t;
  if (loupe.scale > 1) return;
  if (dy > 120 && Math.abs(dx) < dy / 2 && ms < 800) return closeLoupe();
  go(swipe(dx, dy, ms));
}

/// Connects the loupe to the page's state and to its actions (`toggle(id)`, `comment(id, text)`).
export function wireLoupe(state, given) {
  [view, actions] = [state, given];
  $('stage').addEventListener('pointerdown', pointerDown);
  $('stage').addEventListener('pointermove', pointerMove);
  $('stage').addEventListener('pointerup', pointerUp);
  $('stage').addEventListener('pointercancel', (event) => loupe.pointers.delete(event.pointerId));
  $('stage').addEventListener('dblclick', () => zoom(loupe.scale > 1 ? 1 : 2.5));
  $('prev').onclick = () => go(-1);
  $('next').onclick = () => go(1);
  $('close').onclick = closeLoupe;
  $('heart').onclick = () => actions.toggle(view.state.photos[loupe.at].id);
  $('comment').addEventListener('change', keepComment);
  document.addEventListener('keydown', keydown);
}

function keydown(event) {
  if (loupe.at < 0 || event.target === $('comment') || $('ask').open) return;
  const act = { ArrowLeft: () => go(-1), ArrowRight: () => go(1), Escape: closeLoupe,
    h: () => $('heart').click(), ' ': () => $('heart').click() }[event.key];
  if (act) { event.preventDefault(); act(); }
}
