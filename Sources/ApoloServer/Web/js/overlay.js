// The loupe's overlays: clipping ("blinkies": blown highlights red, crushed shadows blue) and focus peaking (green
// where fine detail is crisp). The masks are pure functions of RGBA pixels, as a canvas gives them.

/// 1 where a pixel is blown (a channel at 252 or more), 2 where crushed (every channel at 3 or less), else 0:
/// the thresholds apolo's clipping shares use.
export function clippingMask(rgba, width, height) {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = rgba[4 * i], g = rgba[4 * i + 1], b = rgba[4 * i + 2];
    if (Math.max(r, g, b) >= 252) mask[i] = 1;
    else if (Math.max(r, g, b) <= 3) mask[i] = 2;
  }
  return mask;
}

/// 1 where the picture has crisp fine detail: the step to the next pixel is large and much larger than the step
/// over three pixels smoothed (a difference of gradients at two scales, so smooth bokeh edges and flat noise
/// stay dark).
export function peakingMask(rgba, width, height, strength = 24) {
  const grey = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    grey[i] = (rgba[4 * i] * 77 + rgba[4 * i + 1] * 150 + rgba[4 * i + 2] * 29) / 256;
  }
  const mask = new Uint8Array(width * height);
  const at = (x, y) => grey[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))];
  const smooth = (x, y) => (at(x - 1, y) + at(x, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)) / 5;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const fine = Math.abs(at(x + 1, y) - at(x, y)) + Math.abs(at(x, y + 1) - at(x, y));
      const across = Math.abs(smooth(x + 2, y) - smooth(x - 1, y));
      const down = Math.abs(smooth(x, y + 2) - smooth(x, y - 1));
      const coarse = (across + down) / 3;
      if (fine >= strength && fine > 1.5 * coarse) mask[y * width + x] = 1;
    }
  }
  return mask;
}

const COLOURS = { clipping: [[255, 40, 40], [40, 120, 255]], peaking: [[60, 255, 90]] };

/// Draws the overlay `kind` ('clipping' or 'peaking', or null for none) over the loupe's picture `img`.
export function drawOverlay(img, kind) {
  const frame = img?.parentElement;
  frame?.querySelector('canvas.overlay')?.remove();
  if (!kind || !img?.complete || !img.naturalWidth) return;
  const scale = Math.min(1, 1024 / Math.max(img.naturalWidth, img.naturalHeight));
  const width = Math.round(img.naturalWidth * scale), height = Math.round(img.naturalHeight * scale);
  const canvas = Object.assign(document.createElement('canvas'), { width, height, className: 'overlay ' + kind });
  canvas.setAttribute('aria-hidden', 'true');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  context.drawImage(img, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height);
  const mask = (kind === 'clipping' ? clippingMask : peakingMask)(pixels.data, width, height);
  const out = context.createImageData(width, height);
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const [r, g, b] = COLOURS[kind][mask[i] - 1];
    out.data.set([r, g, b, 255], 4 * i);
  }
  context.putImageData(out, 0, 0);
  frame.append(canvas);
}
