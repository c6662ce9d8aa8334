// Where the loupe's face strip looks: arithmetic on the faces' boxes, no DOM (tested with node).
/// A window on each face, centred on the band across its eyes (40% down the face box) and clamped inside the
/// picture, shown at `zoom` screen pixels a picture pixel (1: 100%; more when the loupe shows a small picture
/// larger than that): at most `side` × `side` × 3/4 screen pixels. `faces` as the server gives them (`b` in shares);
/// each window in picture pixels (`left`, `top`, `width`, `height`).
export function faceWindows(faces, width, height, side = 160, zoom = 1) {
  return faces.filter((f) => f.b?.length === 4).map((f) => {
    const [x, y, w, h] = [f.b[0] * width, f.b[1] * height, f.b[2] * width, f.b[3] * height];
    const ww = Math.round(Math.min(side / zoom, Math.max(w, 48 / zoom)));
    const wh = Math.round(Math.min(side * 0.75 / zoom, Math.max(h * 0.6, 36 / zoom)));
    const left = Math.round(Math.min(Math.max(0, x + w / 2 - ww / 2), Math.max(0, width - ww)));
    const top = Math.round(Math.min(Math.max(0, y + h * 0.4 - wh / 2), Math.max(0, height - wh)));
    return { left, top, width: ww, height: wh, zoom, sharpness: f.s, eyes: f.e };
  });
}

/// The strip's window side on a screen `screenWidth` pixels wide: an eighth of it, 160 to 320.
export const stripSide = (screenWidth) => Math.round(Math.min(320, Math.max(160, screenWidth / 8)));
