// View filters: which slides the table and the shelves show (a view, not an edit: nothing is saved). No DOM here.
// A filter is { stars: N (at least N, 0 = any), maxStars: N (at most N, 5 = any), unrated, labels: [colour label,
// any of them], tag, without, hideRejects (rejects stay on the table, dimmed, until hidden), hideBlurry, sharpOnly,
// clippedOnly, hideClosedEyes, bestOnly }; the parts combine (as the CLI's `filter` options do). `facts(id)` tells
// what apolo measured of a photo (stacks.js).
export const NONE = Object.freeze({ stars: 0, maxStars: 5, unrated: false, labels: Object.freeze([]), tag: '',
                                    without: '', hideRejects: false, hideBlurry: false, sharpOnly: false,
                                    clippedOnly: false, hideClosedEyes: false, bestOnly: false, words: '' });

/// What apolo measured, as tests of a photo's facts (stacks.js `factsOf`); the view and the filter panel share them,
/// and each is the CLI `filter` option of the same name.
export const MEASURES = {
  blurry: (f) => !!f.blurry,
  sharp: (f) => !!f.measured && !f.blurry,
  clipped: (f) => !!f.clipped,
  'stack-best': (f) => f.bestOfStack !== false,
  faces: (f) => f.faces > 0,
  'closed-eyes': (f) => !!f.closedEyes,
};

/// The colour labels, in the order the keys 6–9 and the menus give them.
export const LABELS = ['red', 'yellow', 'green', 'blue', 'purple'];

const folded = (text) => text.trim().toLocaleLowerCase();

/// True when `photo` passes every part of `filter`.
export function passes(photo, filter, facts = () => ({})) {
  if (filter.hideRejects && photo.discarded) return false;
  if (filter.stars && photo.rating < filter.stars) return false;
  if ((filter.maxStars ?? 5) < 5 && photo.rating > filter.maxStars) return false;
  if (filter.labels?.length && !filter.labels.includes(photo.label)) return false;
  let known;   // what was measured, asked for only when a part of the filter needs it
  const f = () => (known ??= facts(photo.id) ?? {});
  if (filter.hideBlurry && MEASURES.blurry(f())) return false;
  if (filter.sharpOnly && !MEASURES.sharp(f())) return false;
  if (filter.clippedOnly && !MEASURES.clipped(f())) return false;
  if (filter.hideClosedEyes && MEASURES['closed-eyes'](f())) return false;
  if (filter.bestOnly && !MEASURES['stack-best'](f())) return false;
  if (filter.unrated && photo.rating !== 0) return false;
  const tags = photo.tags.map(folded);
  if (filter.tag && !tags.includes(folded(filter.tag))) return false;
  if (filter.without && tags.includes(folded(filter.without))) return false;
  return !filter.words?.trim() || holds(photo, filter.words);
}

/// True when every word is in the photo's IPTC fields (title, caption …), tags or file name (any case, as the
/// CLI's `filter --text`).
export function holds(photo, words) {
  const fields = [...Object.values(photo.meta ?? {}), ...photo.tags, photo.file, photo.pair ?? ''].map(folded);
  return words.split(/\s+/).filter(Boolean).map(folded).every((word) => fields.some((f) => f.includes(word)));
}

/// The indices of `slides` the filter shows, in order.
export function shown(slides, filter, facts) {
  const out = [];
  slides.forEach((s, i) => { if (passes(s, filter, facts)) out.push(i); });
  return out;
}

/// True when the filter hides nothing.
export function isNone(filter) {
  return !filter.stars && (filter.maxStars ?? 5) >= 5 && !filter.unrated && !filter.labels?.length
    && !filter.tag.trim() && !filter.without.trim() && !filter.hideRejects && !filter.hideBlurry
    && !filter.sharpOnly && !filter.clippedOnly && !filter.hideClosedEyes && !filter.bestOnly
    && !filter.words?.trim();
}

/// The chips of the active parts: `{ part, text }`, `text` given as [message key, value].
export function chips(filter) {
  const out = [];
  if (filter.stars) out.push({ part: 'stars', text: ['view.chip.stars', '★'.repeat(filter.stars)] });
  if ((filter.maxStars ?? 5) < 5) {
    out.push({ part: 'maxStars', text: ['view.chip.maxStars', '★'.repeat(filter.maxStars) || '0'] });
  }
  if (filter.unrated) out.push({ part: 'unrated', text: ['view.chip.unrated', ''] });
  if (filter.labels?.length) out.push({ part: 'labels', text: ['view.chip.labels', filter.labels] });
  if (filter.tag.trim()) out.push({ part: 'tag', text: ['view.chip.tag', filter.tag.trim()] });
  if (filter.without.trim()) out.push({ part: 'without', text: ['view.chip.without', filter.without.trim()] });
  if (filter.hideRejects) out.push({ part: 'hideRejects', text: ['view.chip.hideRejects', ''] });
  if (filter.hideBlurry) out.push({ part: 'hideBlurry', text: ['view.chip.hideBlurry', ''] });
  if (filter.sharpOnly) out.push({ part: 'sharpOnly', text: ['view.chip.sharpOnly', ''] });
  if (filter.clippedOnly) out.push({ part: 'clippedOnly', text: ['view.chip.clippedOnly', ''] });
  if (filter.hideClosedEyes) out.push({ part: 'hideClosedEyes', text: ['view.chip.hideClosedEyes', ''] });
  if (filter.bestOnly) out.push({ part: 'bestOnly', text: ['view.chip.bestOnly', ''] });
  if (filter.words?.trim()) out.push({ part: 'words', text: ['view.chip.words', filter.words.trim()] });
  return out;
}

/// The filter without one part.
export function without(filter, part) {
  return { ...filter, [part]: NONE[part] };
}

/// A key for the filter, to tell whether a place must be drawn again.
export function viewKey(filter) {
  return isNone(filter) ? '' : JSON.stringify(filter);
}
