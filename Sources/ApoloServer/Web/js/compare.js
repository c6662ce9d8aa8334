// Compare: two to four slides side by side on an opaque backdrop (the selection, or the focused slide and the next),
// each with its facts (sharpness, next to the sharpest compared; clipping; eyes when known). ← → choose one and the
// table's keys (0–5, X, T, S) act on it; A toggles advancing. Z shows every frame at 100% and pans them together
// (Lightroom's linked compare): the same spot of each, eyes beside eyes. E shows the faces at 100% under each frame,
// the same person's face at the same place in every frame.
import { compareFaces } from './comparefaces.js';
import { openLoupe } from './loupe.js';
import { t } from './messages.js';
import { el } from './panels.js';
import { factsOf } from './stacks.js';
import { $, app, clearSelection, hooks, media, placeKey, say, setFocus, stars } from './state.js';
import { chosen, paint } from './table.js';

/// Opens compare on the selection (or the focused slide and the next); focus moves into the dialog.
export function openCompare() {
  const list = chosen();
  if (!list.length) return;
  const place = list[0].place;
  const ids = list.length > 1 ? list.map((c) => c.id)
    : place.slides.slice(app.focus.index, app.focus.index + 2).map((s) => s.id);
  if (ids.length < 2) return say(t('compare.needsTwo'), true);
  app.compare = { key: placeKey(place), ids: ids.slice(0, 4), at: 0, actual: false, spot: { x: 0.5, y: 0.5 } };
  clearSelection();
  showCompare();
  $('compare').focus();
}

/// One compared photo's facts, in words: its focus (and how it stands next to the sharpest compared), clipping,
/// eyes.
export function compareFacts(f, sharpest) {
  const out = [];
  if (f.sharpness != null) {
    const share = sharpest > 0 ? Math.round((f.sharpness / sharpest) * 100) : 100;
    const soft = f.blurry ? ' · ' + (f.focusWhy || t('compare.blurry')) : '';
    out.push(t('compare.sharpness', f.sharpness.toFixed(2), share) + soft);
  }
  if (f.clipped) {
    out.push(f.exposureWhy || t('compare.clipped', (f.highlights * 100).toFixed(1), (f.shadows * 100).toFixed(1)));
  }
  if (f.eyes) out.push(t('compare.eyes', t('eyes.' + f.eyes)));
  return out.join(' · ');
}

/// Draws compare from `app.compare`, dropping slides that left their place (discarded, moved). Frames already
/// shown are kept (a rating redraws captions, not 100% pictures).
export function showCompare() {
  const c = app.compare;
  const p = app.data.places.findIndex((q) => placeKey(q) === c?.key);
  const place = app.data.places[p];
  c.ids = c.ids.filter((id) => place?.slides.some((s) => s.id === id && !s.discarded));   // X takes it out
  if (c.ids.length === 0) return closeCompare();
  c.at = Math.min(c.at, c.ids.length - 1);
  setFocus(p, place.slides.findIndex((s) => s.id === c.ids[c.at]));
  const box = $('compare');
  const wanted = c.ids.map((id) => id + (c.actual ? '1' : '')).join() + (app.faceStrip ? '+faces' : '');
  if (box.dataset.shown !== wanted) {
    box.replaceChildren(...c.ids.map((id, k) => figure(c, id, k)));
    if (c.actual) linkPanes(c);
    compareFaces([...box.children], c.ids);
    box.dataset.shown = wanted;
  }
  const facts = c.ids.map((id) => factsOf(app.analysis, id));
  const sharpest = Math.max(0, ...facts.map((f) => f.sharpness ?? 0));
  [...box.children].forEach((f, k) => {
    const s = app.photos.get(c.ids[k]);
    f.classList.toggle('chosen', k === c.at);
    f.querySelector('figcaption').replaceChildren(el('span', { textContent: s.file }), ' ',
      el('span', { className: 'stars', textContent: stars(s.rating) }),
      el('span', { className: 'facts', textContent: compareFacts(facts[k], sharpest) }));
  });
  box.classList.toggle('actual', c.actual);
  box.style.setProperty('--columns', c.ids.length);
  box.hidden = false;
}

/// One compared frame: its picture (fitted, or at 100% in a pane that pans) and a caption filled by showCompare.
function figure(c, id, k) {
  const s = app.photos.get(id);
  const pane = el('div', { className: 'pane' },
    el('img', { src: media((c.actual ? '/full/' : '/preview/') + s.id), alt: s.file, draggable: false }));
  const f = el('figure', { className: 'compared' }, pane, el('figcaption'));
  f.dataset.id = s.id;
  if (c.actual) f.dataset.actual = '1';
  f.addEventListener('click', () => { if (c.at !== k) { c.at = k; showCompare(); } });
  f.addEventListener('dblclick', () => { closeCompare(); openLoupe(); });
  return f;
}

hooks.rendered.push(() => app.compare && showCompare());

/// Chooses the next (1) or previous (-1) compared slide.
export function compareStep(d) {
  const c = app.compare;
  c.at = Math.max(0, Math.min(c.ids.length - 1, c.at + d));
  showCompare();
}

export function closeCompare() {
  $('compare').hidden = true;
  app.compare = null;
  paint();
}

/// E in compare: the faces' strips shown or hidden (as in the loupe).
export function toggleCompareFaces() {
  app.faceStrip = !app.faceStrip;
  showCompare();
}

/// Z in compare: every frame at 100% (from the original, upright, as the loupe's) or back to fitted.
export function toggleCompareActual() {
  app.compare.actual = !app.compare.actual;
  showCompare();
}

/// Pans every pane to the same spot (shares of each photo's width and height) when one of them is panned.
function linkPanes(c) {
  const panes = [...$('compare').querySelectorAll('.pane')];
  const place = (pane) => {
    pane.scrollLeft = c.spot.x * (pane.scrollWidth - pane.clientWidth);
    pane.scrollTop = c.spot.y * (pane.scrollHeight - pane.clientHeight);
  };
  for (const pane of panes) {
    // data-placed tells a waiting reader (and the tests) that this pane sits at the shared spot
    pane.querySelector('img').decode().then(() => { place(pane); pane.dataset.placed = ''; }).catch(() => {});
    pane.addEventListener('scroll', () => {
      const w = pane.scrollWidth - pane.clientWidth, h = pane.scrollHeight - pane.clientHeight;
      const spot = { x: w > 0 ? pane.scrollLeft / w : 0.5, y: h > 0 ? pane.scrollTop / h : 0.5 };
      if (Math.abs(spot.x - c.spot.x) < 0.002 && Math.abs(spot.y - c.spot.y) < 0.002) return;   // placed by us
      c.spot = spot;
      for (const other of panes) if (other !== pane) place(other);
    });
    pane.addEventListener('pointerdown', (e) => {
      if (e.pointerType !== 'mouse') return;
      const start = { x: e.clientX, y: e.clientY };
      const move = (m) => { pane.scrollBy(start.x - m.clientX, start.y - m.clientY); Object.assign(start,
        { x: m.clientX, y: m.clientY }); };
      pane.addEventListener('pointermove', move);
      pane.addEventListener('pointerup', () => pane.removeEventListener('pointermove', move), { once: true });
      pane.setPointerCapture(e.pointerId);
    });
  }
}
