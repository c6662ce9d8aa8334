// A face as a square tile: the CSS that shows a face's box of a photo, with a margin, filling a square (the light
// table's People panel and the guests' "Find me" on a share). No DOM here.

/// The CSS that shows a face's box (shares of a photo `aspect` times wider than high) filling a square tile, with
/// a margin around it: background size and position. A face near an edge moves in the tile, never past the photo.
export function faceWindow(box, aspect = 1) {
  const [x, y, w, h] = box;
  const across = Math.min(1, Math.max(w, h / aspect) * 1.3, 1 / aspect);   // the square's side, a share of the width
  const down = across * aspect;                                            // and of the height
  const left = Math.min(Math.max(0, x + w / 2 - across / 2), 1 - across);
  const top = Math.min(Math.max(0, y + h / 2 - down / 2), Math.max(0, 1 - down));
  const pct = (n) => `${Math.round(n * 1000) / 10}%`;
  const at = (start, size) => (size >= 1 ? 0 : start / (1 - size));
  return { backgroundSize: `${pct(1 / across)} auto`,
    backgroundPosition: `${pct(at(left, across))} ${pct(at(top, down))}` };
}
