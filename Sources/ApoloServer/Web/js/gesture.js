// Pinch and pan in the loupe, as arithmetic: no DOM here (zoom.js applies it to the picture).
export const LIMITS = Object.freeze({ min: 1, max: 8 });

/// The scale after a pinch that went from `startDistance` to `distance` apart, from `startScale`, within the limits.
export function pinched(startScale, startDistance, distance) {
  if (startDistance <= 0) return startScale;
  return Math.max(LIMITS.min, Math.min(LIMITS.max, startScale * (distance / startDistance)));
}

/// The offset that keeps the point under `centre` (relative to the frame's centre) in place when the scale goes
/// from `from` to `to` with the picture at `offset`.
export function anchored(offset, centre, from, to) {
  const k = to / from;
  return { x: centre.x - (centre.x - offset.x) * k, y: centre.y - (centre.y - offset.y) * k };
}

/// An offset kept within what lets the scaled picture (`size` at scale 1) still cover the frame's centre.
export function bounded(offset, size, scale) {
  const room = { x: (size.width * (scale - 1)) / 2, y: (size.height * (scale - 1)) / 2 };
  const clamp = (v, r) => Math.max(-r, Math.min(r, v));
  return { x: clamp(offset.x, room.x), y: clamp(offset.y, room.y) };
}
