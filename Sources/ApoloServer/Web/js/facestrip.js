// The loupe's face strip: each face of the photo at 100% (or as enlarged as the loupe shows a small picture), side
// by side over the picture, so that eyes and focus are judged without zooming (E shows or hides it). Where each
// window falls is `faceWindows` (no DOM).
import { faceWindows, scaleWords, stripSide } from './facewindows.js';
import { t } from './messages.js';
import { $, app, media } from './state.js';

/// One face's tile: the picture `full` (loaded) shown through window `w` at its scale (see `faceWindows`), its face
/// number `k`, the scale and eyes in its accessible name.
export function faceTile(full, w, k) {
  const zoom = w.zoom;
  const tile = document.createElement('div');
  tile.className = 'face' + (w.eyes === 'closed' ? ' closed' : '');
  tile.setAttribute('role', 'img');
  const words = t('loupe.faceTile', k + 1, t('eyes.' + w.eyes), w.sharpness?.toFixed(2), scaleWords(zoom));
  tile.setAttribute('aria-label', words);
  tile.title = tile.getAttribute('aria-label');
  const px = (n) => Math.round(n * zoom) + 'px';
  Object.assign(tile.style, { width: px(w.width), height: px(w.height), backgroundImage: `url("${full.src}")`,
                              backgroundSize: `${px(full.naturalWidth)} ${px(full.naturalHeight)}`,
                              backgroundPosition: `-${px(w.left)} -${px(w.top)}` });
  return tile;
}

/// Shows the strip for photo `id` (its faces `faces`), or hides it when off or when the photo has none.
export function showFaceStrip(id, faces) {
  const strip = $('loupe-faces');
  strip.replaceChildren();
  strip.hidden = !app.faceStrip || !faces?.length;
  if (strip.hidden) return;
  const full = new Image();
  full.src = media('/full/' + id);
  full.decode().then(() => {
    if (strip.dataset.id !== id) return;
    const box = $('loupe-image')?.getBoundingClientRect();   // the picture is fitted into it (object-fit: contain)
    const zoom = Math.max(1, box ? Math.min(box.width / full.naturalWidth, box.height / full.naturalHeight) : 1);
    faceWindows(faces, full.naturalWidth, full.naturalHeight, stripSide(innerWidth), zoom)
      .forEach((w, k) => strip.append(faceTile(full, w, k)));
  }).catch(() => (strip.hidden = true));
  strip.dataset.id = id;
}
