// The page's proportions: the frame size (a slider in the bar and the + and - keys, remembered in this browser's
// localStorage); the divider between the shelf rack and the table, dragged or moved with the arrow keys, remembered
// the same way; and the bar kept to one line where it can (below).
import { wraps } from './grid.js';
import { $ } from './state.js';

const SIZES = { min: 96, max: 480, step: 16 };
/// The frame size out of the box: as large as leaves 20 frames fully in view at 1280×720 and 30 at 1440×900 with
/// two shelves in the rack (Photo Mechanic's contact-sheet density); larger on larger screens.
const initial = () => (innerHeight < 800 ? 96 : innerHeight < 1000 ? 112 : innerHeight < 1200 ? 128 : 160);
/// The thumbnails' size: a frame drawn larger than this (on this screen's pixels) shows the preview instead.
const THUMBNAIL = 256;

/// True when frames are drawn larger than their thumbnails: table.js then asks for previews.
export const bigFrames = () => document.documentElement.classList.contains('big-frames');

function setSize(px, remember = true) {
  const size = Math.max(SIZES.min, Math.min(SIZES.max, Math.round(px / SIZES.step) * SIZES.step));
  document.documentElement.style.setProperty('--table-size', size + 'px');
  const big = size * (window.devicePixelRatio || 1) > THUMBNAIL;
  if (big !== bigFrames()) {
    document.documentElement.classList.toggle('big-frames', big);
    const [from, to] = big ? ['/thumb/', '/preview/'] : ['/preview/', '/thumb/'];
    for (const img of document.querySelectorAll('.slide img')) img.src = img.src.replace(from, to);
  }
  $('size').value = String(size);
  if (remember) localStorage.setItem('apolo-frame-size', String(size));
  document.querySelector('.slide.focused')?.scrollIntoView({ block: 'nearest' });
}

/// One step bigger (1) or smaller (-1).
export function resize(steps) { setSize(Number($('size').value) + steps * SIZES.step); }

function setRack(percent) {
  const share = Math.max(10, Math.min(90, Math.round(percent)));
  document.documentElement.style.setProperty('--rack', share + '%');
  $('divider').setAttribute('aria-valuenow', String(share));
  localStorage.setItem('apolo-rack', String(share));
}

const chosen = Number(localStorage.getItem('apolo-frame-size'));
setSize(chosen || initial(), false);   // a size the photographer chose is kept; the initial one follows the screen
setRack(Number(localStorage.getItem('apolo-rack')) || 45);
$('size').addEventListener('input', () => setSize(Number($('size').value)));

const divider = $('divider');
divider.addEventListener('pointerdown', (e) => {
  divider.setPointerCapture(e.pointerId);
  const desk = $('desk').getBoundingClientRect();
  const follow = (m) => setRack(((m.clientY - desk.top) / desk.height) * 100);
  divider.addEventListener('pointermove', follow);
  divider.addEventListener('pointerup', () => divider.removeEventListener('pointermove', follow), { once: true });
});
divider.addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
  e.preventDefault();
  e.stopPropagation();
  setRack(Number(divider.getAttribute('aria-valuenow')) + (e.key === 'ArrowUp' ? -5 : 5));
});

// The bar keeps to one line wherever its controls can: when they do not fit the window's width (the words are
// longer in Spanish, a project's name may be long, filter chips come and go), it turns compact — the words before
// the size slider and the language menu go (each keeps its name for screen readers) and the spacing tightens.
// Where even that does not fit (an upright tablet), it wraps onto a second line and every control stays reachable.
const boxes = (bar) => [...bar.children].filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect());

/// Compact only when the roomy bar would wrap.
function fit() {
  const bar = $('bar');
  bar.classList.remove('compact');
  if (wraps(boxes(bar))) bar.classList.add('compact');
  bar.dataset.fitted = `${innerWidth} ${document.documentElement.lang}`;   // what the browser tests wait on
}

let pending = false;
function later() {
  if (pending) return;
  pending = true;
  requestAnimationFrame(() => { pending = false; fit(); });
}

window.addEventListener('resize', later);
new MutationObserver(later).observe($('bar'), { childList: true, subtree: true, characterData: true });
fit();
