// How the page names slides to the command line, and finds the photo a name means. The table holds its rejects in
// place (dimmed), so its command-line positions skip them. Reads the state; changes nothing.
import { app } from './state.js';

/// How the command line names slide `i` of `place`: `shelf:3`; on the table, where rejects keep their place, a
/// reject by its id and any other slide by its place among those not discarded (`table:5`: the fifth of them).
export function refOf(place, i) {
  if (place.kind !== 'table') return place.name + ':' + (i + 1);
  const s = place.slides[i];
  return s.discarded ? s.id : 'table:' + kept(place)[i];
}

/// The table's command-line positions, slide by slide (a reject repeats the one before it); made once per place
/// object: the table can hold 50,000.
function kept(place) {
  let n = 0;
  place.kept ??= place.slides.map((slide) => (slide.discarded ? n : ++n));
  return place.kept;
}

/// The photo a slide reference names on the page now (`table:3` as `refOf` makes it, `best:2`, or an id).
export function photoOf(ref) {
  if (app.photos.has(ref)) return app.photos.get(ref);
  const colon = ref.lastIndexOf(':'), n = Number(ref.slice(colon + 1));
  const place = app.data?.places.find((q) => q.kind !== 'discarded' && q.name === ref.slice(0, colon));
  if (!place || !Number.isInteger(n) || n < 1) return null;
  return place.slides[place.kind === 'table' ? kept(place).indexOf(n) : n - 1] ?? null;
}

/// The photos a state from the server (whole, or a delta) brings back from the discarded.
export function restoredIn(state) {
  const back = Object.entries(state?.photos ?? {}).filter(([id, p]) => !p.discarded && app.photos.get(id)?.discarded);
  return back.map(([id]) => id);
}
