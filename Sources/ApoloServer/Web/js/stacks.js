// What apolo measured of the photos (sharpness, clipping) and the stacks of bursts, as the page uses them. No DOM.
export const EMPTY = Object.freeze({ signals: new Map(), stackOf: new Map(), members: new Map(), best: new Set(),
                                      unmeasured: 0, thresholds: {}, gap: null });

/// Indexes the server's `/api/analysis` answer.
/** @param {import('./api.js').Analysis} body */
export function indexAnalysis(body) {
  const stackOf = new Map(), members = new Map();
  for (const [stack, ids] of Object.entries(body.stacks ?? {})) {
    members.set(stack, ids);
    for (const id of ids) stackOf.set(id, stack);
  }
  return { signals: new Map(Object.entries(body.signals ?? {})), stackOf, members, best: new Set(body.best ?? []),
           unmeasured: body.unmeasured ?? 0, thresholds: body.thresholds ?? {}, gap: body.gap ?? null };
}

/// A frame's sharpness as a share of its stack's sharpest frame (1 for that one), or null when not measured.
export function relativeFocus(analysis, id, stack) {
  const mine = analysis.signals.get(id)?.s;
  if (mine == null || !stack) return null;
  const sharpest = Math.max(...analysis.members.get(stack).map((k) => analysis.signals.get(k)?.s ?? 0));
  return sharpest > 0 ? mine / sharpest : null;
}

/// What a frame shows and a view filter asks of one photo: blurry, clipped, its faces (how many, their eyes — closed
/// when any face's are — and the least sharp one's focus), the stack's size, whether it is the suggested frame,
/// and whether it is the best of its stack for "best of each stack" (a photo alone is); in an open stack, its
/// focus next to the stack's sharpest frame.
export function factsOf(analysis, id, opened = new Set()) {
  const s = analysis.signals.get(id);
  const stack = analysis.stackOf.get(id);
  const threshold = analysis.thresholds.blurryBelow;
  const faces = s?.fl ?? [];
  const eyes = !faces.length ? null : faces.some((f) => f.e === 'closed') ? 'closed'
    : faces.every((f) => f.e === 'open') ? 'open' : 'unknown';
  const faceSharpness = faces.length ? Math.min(...faces.map((f) => f.s)) : null;
  const faceThreshold = analysis.thresholds.faceSoftBelow ?? threshold;
  return {
    measured: !!s, sharpness: s?.s ?? null, blurry: !!s?.blurry, clipped: !!s?.clipped,
    focus: s?.f ?? null, focusWhy: s?.fw ?? '', exposureWhy: s?.cw ?? '',
    highlights: s?.h ?? 0, shadows: s?.d ?? 0, faces: faces.length, eyes, closedEyes: eyes === 'closed',
    faceSharpness, unsharpFace: faceSharpness != null && faceThreshold != null && faceSharpness < faceThreshold,
    faceThreshold,
    relative: stack && opened.has(stack) ? relativeFocus(analysis, id, stack) : null,
    stack: stack ?? null, stackSize: stack ? analysis.members.get(stack).length : 0,
    best: !!stack && analysis.best.has(id), bestOfStack: !stack || analysis.best.has(id),
    open: !!stack && opened.has(stack), threshold,
  };
}

/// Keys 6–9 as in Lightroom: red, yellow, green, blue (purple only from the label menu).
export const LABEL_KEYS = { 6: 'red', 7: 'yellow', 8: 'green', 9: 'blue' };

/// The label a key gives the chosen photos: the key's colour, or none when every one of them has it already
/// (pressing it again takes it off, as Lightroom does).
export function labelFor(key, labels) {
  const colour = LABEL_KEYS[key];
  if (!colour) return null;
  return labels.length && labels.every((label) => label === colour) ? 'none' : colour;
}

/// The ids of `ids` (the table, in order) that a folded stack hides: each stack not in `opened` shows one frame,
/// its suggested one when it is on the table, else its first there.
export function foldedAway(ids, analysis, opened) {
  const shownOf = new Map();
  for (const id of ids) {
    const stack = analysis.stackOf.get(id);
    if (!stack || opened.has(stack)) continue;
    if (!shownOf.has(stack) || analysis.best.has(id)) shownOf.set(stack, id);
  }
  const hidden = new Set();
  for (const id of ids) {
    const stack = analysis.stackOf.get(id);
    if (stack && shownOf.has(stack) && shownOf.get(stack) !== id) hidden.add(id);
  }
  return hidden;
}
