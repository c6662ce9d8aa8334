// One slide's frame: the picture (or why there is none) with badges over its corner (discarded, tags, RAW+JPEG,
// what was measured), one line of number, stars and file name (cut in the middle), and its capture time (I shows it). A
// frame is an option of its place's listbox, named by its file and stars.
import { ownTags } from './tagsview.js';

const node = (tag, props = {}, ...children) => {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
};

/// A capture time as the frames show it: `2024-06-01 18:04`.
export const shortTime = (iso) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

/// A photo's colour label (red, yellow, green, blue, purple), or null.
export const labelOf = (s) => s.label ?? null;

/// The badges of what apolo measured: the stack's size, the suggested frame, soft (and, dimmer, focus apolo can't
/// tell: a look at 100% decides), clipped, closed eyes (each says why in its title).
export function measured(facts, t, thresholds) {
  const out = [];
  const pct = (x) => (x * 100).toFixed(1);
  if (facts.stackSize) {
    out.push(node('span', { className: 'badge stack' + (facts.open ? ' open' : ''),
                            textContent: '❏' + facts.stackSize,
                            title: t(facts.open ? 'slide.stackOpen' : 'slide.stack', facts.stackSize) }));
  }
  if (facts.best) out.push(node('span', { className: 'badge best', title: t('slide.best'), textContent: '✓' }));
  if (facts.blurry) {
    out.push(node('span', { className: 'badge blurry', textContent: '≈',
                            title: facts.focusWhy || t('slide.blurry', facts.sharpness?.toFixed(2),
                                                          thresholds.blurryBelow) }));
  }
  if (facts.focus === 'unsure') {
    out.push(node('span', { className: 'badge unsure', textContent: '≈?', title: facts.focusWhy }));
  }
  if (facts.clipped) {
    out.push(node('span', { className: 'badge clipped', textContent: '◐',
                            title: facts.exposureWhy || t('slide.clipped', pct(facts.highlights),
                                                             pct(facts.shadows)) }));
  }
  if (facts.closedEyes) {
    out.push(node('span', { className: 'badge eyes', textContent: '◡', title: t('slide.closedEyes') }));
  }
  if (facts.unsharpFace) {
    out.push(node('span', { className: 'badge face-soft', textContent: '◌',
                            title: t('slide.unsharpFace', facts.faceSharpness?.toFixed(2), facts.faceThreshold) }));
  }
  if (facts.relative != null) {
    out.push(node('span', { className: 'badge focus', textContent: Math.round(facts.relative * 100) + '%',
                            title: relativeWords(facts.relative, t) }));
  }
  return out;
}

/// A frame's focus next to its stack's sharpest, in words: "the sharpest of its stack", "14% softer than …".
export function relativeWords(relative, t) {
  const softer = Math.round((1 - relative) * 100);
  return softer <= 0 ? t('slide.sharpest') : t('slide.softer', softer);
}

/// The words a frame is named by: file, stars, tags and flags.
export function frameName(s, t, missing, facts = {}) {
  const parts = [t('slide.name', s.file, s.rating)];
  if (s.discarded) parts.push(t('slide.rejected'));
  if (s.label) parts.push(t('slide.label', t('label.' + s.label)));
  if (facts.stackSize) parts.push(t('slide.stack', facts.stackSize));
  if (facts.best) parts.push(t('slide.best'));
  if (facts.blurry) parts.push(facts.focusWhy || t('slide.blurry', facts.sharpness?.toFixed(2), facts.threshold));
  if (facts.focus === 'unsure' && facts.focusWhy) parts.push(facts.focusWhy);
  const pct = (x) => (x * 100).toFixed(1);
  if (facts.clipped) parts.push(facts.exposureWhy || t('slide.clipped', pct(facts.highlights), pct(facts.shadows)));
  if (facts.faces) {
    parts.push(t(facts.faces === 1 ? 'slide.face' : 'slide.faces', facts.faces, t('eyes.' + facts.eyes)));
  }
  if (facts.closedEyes) parts.push(t('slide.closedEyes'));
  if (facts.unsharpFace) parts.push(t('slide.unsharpFace', facts.faceSharpness?.toFixed(2), facts.threshold));
  if (facts.relative != null) parts.push(relativeWords(facts.relative, t));
  if (s.tags.length) parts.push(s.tags.join(', '));
  if (s.pair) parts.push('RAW+JPEG');
  if (missing) parts.push(t('slide.missing'));
  return parts.join(' · ');
}

/// A file name that, when too long for its frame, loses its middle, not its end: the frames of one burst
/// (`DSC_0412.jpg`, `DSC_0413.jpg`) stay told apart.
export function nameCutInTheMiddle(file) {
  const keep = Math.min(8, Math.max(0, file.length - 4));
  return node('span', { className: 'name', title: file },
    node('span', { className: 'head', textContent: file.slice(0, file.length - keep) }),
    node('span', { className: 'tail', textContent: file.slice(file.length - keep) }));
}

/// The badges of what clients did through shares: ♥ and how many hearted it (who in the title), 💬 and comments.
export function reviewBadges(marks, t) {
  if (!marks) return [];
  const out = [];
  if (marks.h.length) {
    out.push(node('span', { className: 'badge heart', textContent: '♥' + (marks.h.length > 1 ? marks.h.length : ''),
                            title: t('slide.hearts', marks.h.join(', ')) }));
  }
  if (marks.c.length) {
    out.push(node('span', { className: 'badge note', textContent: '✎',
                            title: t('slide.comments', marks.c.map(([who, text]) => `${who}: ${text}`).join(' · ')) }));
  }
  return out;
}

/// The frame of slide `s`, number `i + 1` of its place; `why` says why its picture cannot be shown (else null).
export function makeFrame(s, i, { t, stars, thumb, missing, why, ref, facts = {}, thresholds = {}, marks = null,
                                  common = new Set() }) {
  const f = node('figure', { className: 'slide', tabIndex: -1 });
  f.setAttribute('role', 'option');
  f.setAttribute('aria-selected', 'false');
  f.setAttribute('aria-label', frameName(s, t, missing, { ...facts, threshold: thresholds.blurryBelow }));
  Object.assign(f.dataset, { ref, id: s.id, rating: String(s.rating), index: String(i) });
  const picture = why
    ? node('div', { className: 'unshowable', textContent: why, title: why })
    : node('img', { loading: 'lazy', alt: '', src: thumb, draggable: false });
  const badges = node('span', { className: 'badges' });
  if (s.discarded) badges.append(node('span', { className: 'badge reject', title: t('slide.rejected'),
                                                 textContent: '✕' }));
  f.classList.toggle('rejected', !!s.discarded);
  const label = labelOf(s);
  if (label) {
    const swatch = node('span', { className: 'badge label', title: t('slide.label', t('label.' + label)) });
    swatch.dataset.label = label;
    f.dataset.label = label;
    badges.append(swatch);
  }
  const own = ownTags(s.tags, common);   // what every photo has is no news on any frame
  if (own.length) badges.append(node('span', { className: 'badge tags', title: own.join(', '),
                                               textContent: '#' + own.length }));
  if (s.pair) badges.append(node('span', { className: 'badge pair', title: s.pair, textContent: 'RAW+JPEG' }));
  badges.append(...measured(facts, t, thresholds), ...reviewBadges(marks, t));
  const caption = node('figcaption', {},
    node('b', { textContent: String(i + 1) }), ' ', node('span', { className: 'stars', textContent: stars(s.rating) }),
    badges,
    nameCutInTheMiddle(s.file),
    node('span', { className: 'caption-text' },
         node('time', { dateTime: s.captured ?? '', textContent: shortTime(s.captured) })));
  f.title = s.file + (s.tags.length ? ' · ' + s.tags.join(', ') : '');
  f.append(picture, caption);
  if (missing) f.append(node('span', { className: 'flag', textContent: t('slide.missing') }));
  f.classList.toggle('missing', !!missing);
  return f;
}
