// The page's words, one table per language (messages/*.json, the one source Swift's catalogue is written from too,
// by scripts/messages.py); `t` picks the language chosen on the page, else the browser's.
// No DOM here. Messages from apolo itself (what a change did, why it was refused) come from its catalogue, in
// the language this page asks for (ApoloCore/Catalogue.swift).
import { MESSAGES } from './messages-data.js';

export { MESSAGES };

/// The language of a browser whose languages are `wanted` (first match), English when none is known.
export function pick(wanted) {
  for (const tag of wanted ?? []) {
    const lang = String(tag).toLowerCase().split('-')[0];
    if (MESSAGES[lang]) return lang;
  }
  return 'en';
}

let language = 'en';

/// Sets the language `t` uses.
export function use(lang) { language = MESSAGES[lang] ? lang : 'en'; }

/// The language in use.
export function inUse() { return language; }

/// A whole number of 1,000 or more grouped as the language writes it ("45,000", "45.000"; Spanish leaves four
/// digits as they are); anything else as it is. Written by hand: making the first Intl.NumberFormat of a page loads
/// its locale data, about 25 ms of the first screen at 50,000 photos.
function written(value) {
  if (!Number.isInteger(value) || Math.abs(value) < 1000) return String(value ?? '');
  const digits = String(Math.abs(value));
  if (language === 'es' && digits.length <= 4) return String(value);
  return (value < 0 ? '-' : '') + digits.replace(/\B(?=(\d{3})+$)/g, language === 'es' ? '.' : ',');
}

/// The message `key` in the language in use, with {0}, {1}… filled from `args` (counts grouped by thousands).
export function t(key, ...args) {
  const text = MESSAGES[language][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\d+)\}/g, (_, i) => written(args[Number(i)]));
}
