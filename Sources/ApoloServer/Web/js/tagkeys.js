// Tags bound to keys, Shift+1 to Shift+9 (Lightroom's keyword set; Photo Mechanic's one key to tag): each key
// toggles its tag on the chosen slides at once. The set is kept per project in this browser. No DOM here.

/// Keys there are: Shift+1 … Shift+9.
export const TAG_KEYS = 9;

/// The tag set as typed (tags separated by commas): trimmed, without repeats, at most nine.
export function parseTagKeys(text) {
  const seen = new Set();
  return String(text ?? '').split(',').map((tag) => tag.trim()).filter((tag) => tag && !seen.has(tag.toLowerCase())
    && seen.add(tag.toLowerCase())).slice(0, TAG_KEYS);
}

/// The command a tag key sends for `slides` ({ref, tags}): the tag taken off when every one has it, else added.
export function toggleCommand(tag, slides) {
  const has = (s) => (s.tags ?? []).some((x) => x.toLowerCase() === tag.toLowerCase());
  const all = slides.length > 0 && slides.every(has);
  return ['tag', all ? 'remove' : 'add', slides.map((s) => s.ref).join(','), tag];
}
