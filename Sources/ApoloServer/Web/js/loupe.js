// The loupe: one photo at a time, with its facts, stepping through its place.
/// Opens the loupe on the focused slide; it is a dialog: focus moves in, Esc closes it, focus returns to the slide.
import { t } from './messages.js';
import { showFaceStrip } from './facestrip.js';
import { visible } from './navigate.js';
import { drawOverlay } from './overlay.js';
import { factsOf } from './stacks.js';
import { $, api, app, clearSelection, current, media, screen, setFocus, stars } from './state.js';
import { resetZoom } from './zoom.js';

export function openLoupe() {
  if (!current()) return;
  app.loupe = true;
  showLoupe();
  $('loupe').focus();
}

export function closeLoupe() {
  app.loupe = false;
  $('loupe').hidden = true;
  screen.paint();
}

/// Steps `d` slides along the focused place, over the slides the view shows.
export function step(d) {
  const list = visible(app.focus.place);
  const at = list.indexOf(app.focus.index);
  const to = at < 0 ? list.find((i) => i > app.focus.index) ?? list.at(-1) : list[at + d];
  if (to !== undefined) setFocus(app.focus.place, to);
  clearSelection();
  showLoupe();
}

export function showLoupe() {
  const s = current();
  if (!s) return closeLoupe();
  const place = app.data.places[app.focus.place];
  // the same photo shown again (a rating, the state refreshed) keeps its zoom; another photo opens fitted
  const same = !$('loupe').hidden && $('loupe-image')?.dataset.id === s.id;
  $('loupe').hidden = false;
  if (!same) {
    $('loupe-frame').classList.remove('actual');
    resetZoom();
    $('loupe').dataset.zoom = 'fit';
  }
  stage(s, [1, -1, 2].map((d) => place.slides[app.focus.index + d]).filter(Boolean));
  const shown = $('loupe-image');
  if (shown?.complete) drawOverlay(shown, app.overlay);
  else shown?.addEventListener('load', () => drawOverlay(shown, app.overlay), { once: true });
  const why = app.unshowable.get(s.id);
  $('loupe-why').hidden = !why;
  $('loupe-frame').classList.toggle('unshowable', !!why);   // the words, not a broken picture beside them
  $('loupe-why').textContent = why ?? '';
  showLoupeFacts();
}

/// The loupe's facts and face strip for the photo it shows, made again in place (the picture and its zoom stay):
/// also when measures arrive while the loupe is open.
export function showLoupeFacts() {
  const s = current();
  if (!s || !app.loupe) return;
  const place = app.data.places[app.focus.place];
  showFaceStrip(s.id, app.analysis.signals.get(s.id)?.fl);
  const facts = $('loupe-facts');
  facts.replaceChildren();
  const rows = [
    ['loupe.slide', [t('loupe.of', app.focus.index + 1, place.slides.length), placeName(place),
      ...(s.discarded ? [t('slide.rejected')] : [])].join(' · ')], ['loupe.file', s.file],
    ['loupe.captured', (s.captured ?? '').replace('T', ' ').slice(0, 19)],
    ['loupe.camera', s.camera || t('loupe.unknown')], ['loupe.shot', s.shot || t('loupe.notRecorded')],
    ['loupe.size', s.size || t('loupe.unknown')], ...(s.pair ? [['loupe.pair', t('loupe.pairText', s.pair)]] : []),
    ['loupe.original', t(app.missing.has(s.id) ? 'loupe.missing' : 'loupe.present')],
    ['loupe.rating', stars(s.rating)], ['loupe.tags', s.tags.join(', ') || t('loupe.none')],
    ['loupe.label', s.label ?? t('loupe.none')], ...measured(factsOf(app.analysis, s.id)),
    ['loupe.advance', t(app.advance ? 'loupe.advanceOn' : 'loupe.advanceOff')], ['loupe.zoom', t('loupe.zoomText')],
  ];
  for (const [k, v] of rows) {
    facts.append(Object.assign(document.createElement('dt'), { textContent: t(k) }),
                 Object.assign(document.createElement('dd'), { textContent: v }));
  }
}

/// A place as the loupe names it: the table and the tray in the reader's words, a shelf or album by its name.
const placeName = (place) => ({ table: t('place.table'), discarded: t('place.discarded') }[place.kind] ?? place.name);

/// The loupe's rows of what apolo measured: sharpness against its threshold, clipping, the stack.
function measured(f) {
  if (!f.measured) return [['loupe.sharpness', t('loupe.notMeasured')]];
  const pct = (x) => (x * 100).toFixed(1) + '%';
  return [
    ['loupe.sharpness', f.focusWhy ? t('loupe.focusText', f.sharpness.toFixed(2), f.focusWhy)
      : f.focus === 'sharp' ? t('loupe.sharpPlain', f.sharpness.toFixed(2))
        : t(f.blurry ? 'loupe.blurry' : 'loupe.sharp', f.sharpness.toFixed(2), f.threshold)],
    ['loupe.clipping', t('loupe.clippingText', pct(f.highlights), pct(f.shadows))
      + (f.exposureWhy ? ' — ' + f.exposureWhy : '')],
    ...(f.faces ? [['loupe.faces', t('loupe.facesText', f.faces, t('eyes.' + (f.eyes ?? 'unknown')))
      + (f.unsharpFace ? '; ' + t('slide.unsharpFace', f.faceSharpness.toFixed(2), f.faceThreshold) : '')]]
      : []),
    ...(f.stack ? [['loupe.stack', t(f.best ? 'loupe.stackBest' : 'loupe.stackOf', f.stackSize)]] : []),
  ];
}

/// J and P: the clipping or focus-peaking overlay on, or off when it is on.
export function toggleOverlay(kind) {
  app.overlay = app.overlay === kind ? null : kind;
  drawOverlay($('loupe-image'), app.overlay);
}

/// The loupe keeps the photo shown and its neighbours as decoded images in the page (the neighbours invisible
/// behind it), so a step only changes which one is visible: no wait on the network or on a decode.
export function stage(shown, ahead) {
  const frame = $('loupe-frame');
  const wanted = new Set([shown, ...ahead].map((s) => s.id));
  const have = new Map();
  frame.querySelectorAll('img').forEach((i) => (wanted.has(i.dataset.id) ? have.set(i.dataset.id, i) : i.remove()));
  for (const s of [shown, ...ahead]) {
    let img = have.get(s.id);
    if (!img) {
      img = Object.assign(document.createElement('img'), { alt: s.file, src: media('/preview/' + s.id) });
      img.dataset.id = s.id;
      img.decode().catch(() => {});
      img.addEventListener('error', () => whyNot(s.id), { once: true });
      frame.append(img);
    }
    img.id = s === shown ? 'loupe-image' : '';
    img.className = s === shown ? '' : 'ahead';
    const full = s === shown && frame.classList.contains('actual');
    if (!full && !img.src.includes('/preview/' + s.id + '?')) img.src = media('/preview/' + s.id);   // back from 100%
  }
}


/// Says in the loupe why its photo cannot be shown (the server's words), and remembers it for the frames.
async function whyNot(id) {
  if (!app.unshowable.has(id)) {
    const r = await api('/preview/' + id).catch(() => null);
    const body = r && !r.ok ? await r.json().catch(() => ({})) : {};
    app.unshowable.set(id, body.error ?? t('slide.cannotShow'));
  }
  if (app.loupe && current()?.id === id) showLoupe();
}
