// One slide's frame: the picture (or why there is none), its number and stars, badges for tags, RAW+JPEG and a
// missing original, and its file name and capture time (I shows or hides them). A frame is an option of its
// place's listbox, named by its file and stars.
const node = (tag, props = {}, ...children) => {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
};

/// A capture time as the frames show it: `2024-06-01 18:04`.
export const shortTime = (iso) => (iso ? iso.replace('T', ' ').slice(0, 16) : '');

/// A photo's colour label: today a `label:NAME` tag (red, yellow, green, blue, purple), as the CLI's filter sees it.
export const labelOf = (s) => s.tags.find((tag) => tag.startsWith('label:'))?.slice(6) ?? null;

/// The words a frame is named by: file, stars, tags and flags.
export function frameName(s, t, missing) {
  const parts = [t('slide.name', s.file, s.rating)];
  if (s.tags.length) parts.push(s.tags.join(', '));
  if (s.pair) parts.push('RAW+JPEG');
  if (missing) parts.push(t('slide.missing'));
  return parts.join(' · ');
}

/// The frame of slide `s`, number `i + 1` of its place; `why` says why its picture cannot be shown (else null).
export function makeFrame(s, i, { t, stars, thumb, missing, why, ref }) {
  const f = node('figure', { className: 'slide', tabIndex: -1 });
  f.setAttribute('role', 'option');
  f.setAttribute('aria-selected', 'false');
  f.setAttribute('aria-label', frameName(s, t, missing));
  Object.assign(f.dataset, { ref, id: s.id, rating: String(s.rating), index: String(i) });
  const picture = why
    ? node('div', { className: 'unshowable', textContent: why })
    : node('img', { loading: 'lazy', alt: '', src: thumb, draggable: false });
  const badges = node('span', { className: 'badges' });
  const label = labelOf(s);
  if (label) {
    const swatch = node('span', { className: 'badge label', title: 'label ' + label, textContent: label });
    swatch.dataset.label = label;
    badges.append(swatch);
  }
  if (s.tags.length) badges.append(node('span', { className: 'badge tags', title: s.tags.join(', '),
                                                  textContent: '#' + s.tags.length }));
  if (s.pair) badges.append(node('span', { className: 'badge pair', title: s.pair, textContent: 'RAW+JPEG' }));
  const caption = node('figcaption', {},
    node('b', { textContent: String(i + 1) }), ' ', node('span', { className: 'stars', textContent: stars(s.rating) }),
    badges,
    node('span', { className: 'caption-text' }, node('span', { className: 'name', textContent: s.file }),
         node('time', { dateTime: s.captured ?? '', textContent: shortTime(s.captured) })));
  f.title = s.file + (s.tags.length ? ' · ' + s.tags.join(', ') : '');
  f.append(picture, caption);
  if (missing) f.append(node('span', { className: 'flag', textContent: t('slide.missing') }));
  f.classList.toggle('missing', !!missing);
  return f;
}
