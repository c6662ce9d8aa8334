// View filters: which slides the table and the shelves show (a view, not an edit: nothing is saved). No DOM here.
// A filter is { stars: N (at least N, 0 = any), unrated, tag, without, hideDiscarded, hideBlurry, hideClosedEyes,
// bestOnly };
// the parts combine. `facts(id)` tells what apolo measured of a photo (see stacks.js).
export const NONE = Object.freeze({ stars: 0, unrated: false, tag: '', without: '', hideDiscarded: false,
                                    hideBlurry: false, hideClosedEyes: false, bestOnly: false });

const folded = (text) => text.trim().toLocaleLowerCase();

/// True when `photo` passes every part of `filter`.
export function passes(photo, filter, facts = () => ({})) {
  if (filter.stars && photo.rating < filter.stars) return false;
  if (filter.hideBlurry && facts(photo.id).blurry) return false;
  if (filter.hideClosedEyes && facts(photo.id).closedEyes) return false;
  if (filter.bestOnly && facts(photo.id).bestOfStack === false) return false;
  if (filter.unrated && photo.rating !== 0) return false;
  const tags = photo.tags.map(folded);
  if (filter.tag && !tags.includes(folded(filter.tag))) return false;
  if (filter.without && tags.includes(folded(filter.without))) return false;
  return true;
}

/// The indices of `slides` the filter shows, in order.
export function shown(slides, filter, facts) {
  const out = [];
  slides.forEach((s, i) => { if (passes(s, filter, facts)) out.push(i); });
  return out;
}

/// True when the filter hides nothing.
export function isNone(filter) {
  return !filter.stars && !filter.unrated && !filter.tag.trim() && !filter.without.trim() && !filter.hideDiscarded
    && !filter.hideBlurry && !filter.hideClosedEyes && !filter.bestOnly;
}

/// The chips of the active parts: `{ part, text }`, `text` given as [message key, value].
export function chips(filter) {
  const out = [];
  if (filter.stars) out.push({ part: 'stars', text: ['view.chip.stars', '★'.repeat(filter.stars)] });
  if (filter.unrated) out.push({ part: 'unrated', text: ['view.chip.unrated', ''] });
  if (filter.tag.trim()) out.push({ part: 'tag', text: ['view.chip.tag', filter.tag.trim()] });
  if (filter.without.trim()) out.push({ part: 'without', text: ['view.chip.without', filter.without.trim()] });
  if (filter.hideDiscarded) out.push({ part: 'hideDiscarded', text: ['view.chip.hideDiscarded', ''] });
  if (filter.hideBlurry) out.push({ part: 'hideBlurry', text: ['view.chip.hideBlurry', ''] });
  if (filter.hideClosedEyes) out.push({ part: 'hideClosedEyes', text: ['view.chip.hideClosedEyes', ''] });
  if (filter.bestOnly) out.push({ part: 'bestOnly', text: ['view.chip.bestOnly', ''] });
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
