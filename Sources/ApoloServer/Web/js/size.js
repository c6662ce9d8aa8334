// The frame size: a slider in the bar and the + and - keys, remembered in this browser (localStorage); the
// divider between the shelf rack and the table, dragged or moved with the arrow keys, remembered the same way.
import { $ } from './state.js';

const SIZES = { min: 96, max: 480, step: 16 };

function setSize(px) {
  const size = Math.max(SIZES.min, Math.min(SIZES.max, Math.round(px / SIZES.step) * SIZES.step));
  document.documentElement.style.setProperty('--table-size', size + 'px');
  $('size').value = String(size);
  localStorage.setItem('apolo-frame-size', String(size));
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

setSize(Number(localStorage.getItem('apolo-frame-size')) || 160);
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
