// The loupe's face strip: each face of the photo at 100%, side by side over the picture, so that eyes and focus
// are judged without zooming (E shows or hides it). Where each window falls is `faceWindows` (no DOM).
import { faceWindows } from './facewindows.js';
import { t } from './messages.js';
import { $, app, media } from './state.js';

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
    faceWindows(faces, full.naturalWidth, full.naturalHeight).forEach((w, k) => {
      const tile = document.createElement('div');
      tile.className = 'face' + (w.eyes === 'closed' ? ' closed' : '');
      tile.setAttribute('role', 'img');
      tile.setAttribute('aria-label', t('loupe.faceTile', k + 1, t('eyes.' + w.eyes), w.sharpness?.toFixed(2)));
      tile.title = tile.getAttribute('aria-label');
      Object.assign(tile.style, { width: w.width + 'px', height: w.height + 'px',
                                  backgroundImage: `url("${full.src}")`,
                                  backgroundPosition: `${-w.left}px ${-w.top}px` });
      strip.append(tile);
    });
  }).catch(() => (strip.hidden = true));
  strip.dataset.id = id;
}
