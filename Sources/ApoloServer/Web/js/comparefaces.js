// Compare's face strips: under each compared frame its faces at 100%, the same person's face at the same place in
// every frame (matched by where the faces are, `alignFaces`), so eyes and focus are judged across a burst without
// zooming. E shows or hides them, as in the loupe.
import { alignFaces, faceWindows, stripSide } from './facewindows.js';
import { faceTile } from './facestrip.js';
import { t } from './messages.js';
import { app, media } from './state.js';

/// Puts a face strip in each compared figure (`figures`, in the order of `ids`), or takes them away when E turned
/// them off or no compared photo has a face.
export function compareFaces(figures, ids) {
  figures.forEach((f) => f.querySelector('.faces')?.remove());
  const lists = ids.map((id) => app.analysis.signals.get(id)?.fl ?? []);
  const rows = app.faceStrip ? alignFaces(lists) : [];
  if (!rows.length) return;
  const side = Math.min(stripSide(innerWidth), Math.round(innerWidth / ids.length / Math.min(rows.length, 3)) - 12);
  figures.forEach((figure, k) => {
    const slots = rows.map(() => Object.assign(document.createElement('div'), { className: 'face-slot' }));
    const strip = Object.assign(document.createElement('div'), { className: 'faces' });
    strip.setAttribute('role', 'group');
    strip.setAttribute('aria-label', t('compare.faces'));
    strip.style.setProperty('--slot', side + 'px');
    strip.append(...slots);
    figure.insertBefore(strip, figure.querySelector('figcaption'));
    if (!lists[k].length) return;
    const full = new Image();
    full.src = media('/full/' + ids[k]);
    full.decode().then(() => {
      const windows = faceWindows(lists[k], full.naturalWidth, full.naturalHeight, side, 1);
      rows.forEach((row, r) => row[k] >= 0 && windows[row[k]] && slots[r].append(faceTile(full, windows[row[k]],
        row[k])));
    }).catch(() => {});
  });
}
