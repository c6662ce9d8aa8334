// Where the loupe's face strip looks: arithmetic on the faces' boxes, no DOM (tested with node).
/// A window on each face at 100%: at most `side` × `side` * 3/4 pixels, centred on the band across its eyes (40%
/// down the face box), clamped inside the picture. `faces` as the server gives them (`b` in shares).
export function faceWindows(faces, width, height, side = 160) {
  return faces.filter((f) => f.b?.length === 4).map((f) => {
    const [x, y, w, h] = [f.b[0] * width, f.b[1] * height, f.b[2] * width, f.b[3] * height];
    const ww = Math.round(Math.min(side, Math.max(w, 48)));
    const wh = Math.round(Math.min(side * 0.75, Math.max(h * 0.6, 36)));
    const left = Math.round(Math.min(Math.max(0, x + w / 2 - ww / 2), Math.max(0, width - ww)));
    const top = Math.round(Math.min(Math.max(0, y + h * 0.4 - wh / 2), Math.max(0, height - wh)));
    return { left, top, width: ww, height: wh, sharpness: f.s, eyes: f.e };
  });
}
