// Where the loupe's face strip looks: arithmetic on the faces' boxes, no DOM (tested with node).
/// A window on each face's eyes: the band across them (the face's width, 60% of its height, centred 40% down the
/// face box), clamped inside the picture, shown at `zoom` screen pixels a picture pixel (1: 100%; more when the loupe
/// shows a small picture larger than that) when that fits `side` × `side` × 3/4 screen pixels, and smaller when it
/// would not (a 1,000 px face is shown whole, both eyes in view, at the scale its window's `zoom` says). `faces` as
/// the server gives them (`b` in shares); each window in picture pixels (`left`, `top`, `width`, `height`).
export function faceWindows(faces, width, height, side = 160, zoom = 1) {
  return faces.filter((f) => f.b?.length === 4).map((f) => {
    const [x, y, w, h] = [f.b[0] * width, f.b[1] * height, f.b[2] * width, f.b[3] * height];
    const ww = Math.round(Math.min(width, Math.max(w, 48 / zoom)));
    const wh = Math.round(Math.min(height, Math.max(h * 0.6, 36 / zoom)));
    const shown = Math.min(zoom, side / ww, (side * 0.75) / wh);
    const left = Math.round(Math.min(Math.max(0, x + w / 2 - ww / 2), Math.max(0, width - ww)));
    const top = Math.round(Math.min(Math.max(0, y + h * 0.4 - wh / 2), Math.max(0, height - wh)));
    return { left, top, width: ww, height: wh, zoom: shown, sharpness: f.s, eyes: f.e };
  });
}

/// A window's scale in words: `100%`, `280%`, `31%`.
export const scaleWords = (zoom) => Math.round(zoom * 100) + '%';

/// The strip's window side on a screen `screenWidth` pixels wide: an eighth of it, 160 to 320.
export const stripSide = (screenWidth) => Math.round(Math.min(320, Math.max(160, screenWidth / 8)));

/// How much two boxes ([x, y, w, h], shares of their photos) overlap: their common area over their union's, as the
/// server's `Face.overlaps` measures it (so compare and stacks take the same faces for one person).
export function overlap(a, b) {
  const w = Math.min(a[0] + a[2], b[0] + b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[1] + a[3], b[1] + b[3]) - Math.max(a[1], b[1]);
  return w <= 0 || h <= 0 ? 0 : (w * h) / (a[2] * a[3] + b[2] * b[3] - w * h);
}

/// The same person's face across frames (compare): rows of one face index per photo (-1 where that photo has none
/// there), a face joining the row whose last box it overlaps by 30% or more (as stacks judge a face against the same
/// face), rows left to right. `lists` holds each photo's faces as the server gives them (`b`).
export function alignFaces(lists) {
  const rows = [];
  lists.forEach((faces, k) => (faces ?? []).forEach((face, i) => {
    const row = rows.find((r) => r.at[k] < 0 && overlap(r.box, face.b) >= 0.3);
    if (row) Object.assign(row, { box: face.b }).at[k] = i;
    else rows.push({ box: face.b, at: lists.map((_, j) => (j === k ? i : -1)) });
  }));
  return rows.sort((a, b) => a.box[0] - b.box[0]).map((r) => r.at);
}
