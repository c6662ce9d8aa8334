// The bar keeps to one line wherever its controls can: when they do not fit the window's width (the words are
// longer in Spanish, a project's name may be long, filter chips come and go), it turns compact — the words before
// the size slider and the language menu go (each keeps its name for screen readers) and the spacing tightens.
// Where even that does not fit (an upright tablet), it wraps onto a second line and every control stays reachable.
import { $ } from './state.js';
import { wraps } from './grid.js';

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
