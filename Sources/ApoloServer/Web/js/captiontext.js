// A caption as it will read for one photo, shown while it is typed: `\code\` replaced from the photographer's codes
// (APOLO_HOME/codes.txt) and `{date}`, `{time}`, `{camera}`, `{file}` … made from the photo, as `apolo caption
// set` makes them (ApoloCore/MetaText.swift). No DOM here.

/// The caption fields of the panel, in its order: the first three always shown, the others under "More fields".
export const FIELDS = ['title', 'headline', 'caption', 'creator', 'jobTitle', 'credit', 'source', 'copyright',
  'usageTerms', 'instructions', 'event', 'sublocation', 'city', 'state', 'country', 'countryCode', 'jobId',
  'address', 'contactCity', 'contactRegion', 'postcode', 'contactCountry', 'email', 'phone', 'web'];

/// `text` with codes replaced: { text, unknown: [codes the codes do not hold] }.
export function replaceCodes(text, codes) {
  const unknown = [];
  const out = text.replace(/\\([^\\\s]{1,24})\\/g, (whole, code) => {
    const value = codes[code] ?? codes[code.toLowerCase()];
    if (value !== undefined) return value;
    if (Object.keys(codes).length) unknown.push(code);
    return whole;
  });
  return { text: out, unknown };
}

/// The `{variables}` of a photo ({ file, captured: 'YYYY-MM-DDTHH:MM:SS…', camera }) made; others stay as typed.
export function expandVariables(text, photo) {
  const clock = (photo.captured ?? '').slice(0, 19);
  const part = (from, to) => clock.slice(from, to) || '00';
  const stem = photo.file.includes('.') ? photo.file.slice(0, photo.file.lastIndexOf('.')) : photo.file;
  const values = {
    year: part(0, 4), month: part(5, 7), day: part(8, 10), hour: part(11, 13), minute: part(14, 16),
    second: part(17, 19), date: clock.slice(0, 10), time: clock.slice(11, 19), camera: photo.camera ?? 'unknown',
    file: photo.file, name: stem, number: (stem.match(/\d+$/) ?? ['0'])[0],
  };
  return text.replace(/\{([a-z]+)(?::(\d))?\}/g, (whole, name, width) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return width && name === 'number' ? value.padStart(Number(width), '0') : value;
  });
}

/// The caption for `photo`, and the codes it names that do not exist.
export function captionFor(text, photo, codes) {
  const { text: coded, unknown } = replaceCodes(text, codes);
  return { text: expandVariables(coded, photo), unknown };
}

/// The value the panel shows for a field of several photos: theirs when they agree, else null ("several").
export function shared(photos, field) {
  const values = new Set(photos.map((p) => p?.meta?.[field] ?? ''));
  return values.size === 1 ? [...values][0] : null;
}

/// The command line that sets the fields the user changed (`changed`: field → text) on `refs`.
export function captionCommand(refs, changed) {
  const words = ['caption', 'set', refs.join(',')];
  for (const [field, text] of Object.entries(changed)) {
    if (field === 'title' || field === 'headline' || field === 'caption') words.push('--' + field, text);
    else words.push('--field', field + '=' + text);
  }
  return words;
}
