import { TOKEN } from './first.js';
import { inUse } from './messages.js';
import { EMPTY } from './stacks.js';
import { NONE } from './viewfilter.js';
import { forThePage } from './words.js';

export const app = { sections: new Map(), data: null, photos: new Map(), missing: new Set(), focus: null,
    selection: new Set(), anchor: null, target: null, loupe: false,
              advance: true, faceStrip: true, version: null, shown: new Map(), drag: null,
                     collapsed: new Set(), unshowable: new Map(), view: { ...NONE },
                     generation: 0, analysis: EMPTY, opened: new Set(), lastInput: performance.now(),
                     pressing: null, refusals: [], reviews: new Map(), partial: false };
export const $ = (id) => document.getElementById(id);
/// What views drawn over the table do after the table is drawn (`rendered`) or its focus painted (`painted`):
/// compare and the filter panel register here, so that the table does not import them (state flows one way).
export const hooks = { rendered: [], painted: [] };
/// How a state from the server is shown (table.js fills it): the change queue hands each answer here, so that it
/// does not import the table (input → queue → server → state → render, one way).
export const screen = { apply: () => {}, paint: () => {}, focusSlide: () => {}, render: () => {}, marks: () => {},
  /// Settled once the page holds the whole project (not only the first screen's slides): a change waits for it.
  whole: Promise.resolve() };

/// The state's shared fields change here only (the lint refuses an assignment elsewhere): the focus, the selection
/// and its anchor, the version of the project shown, the refusals the History panel lists.
export function setFocus(place, index) {
  app.focus = place === null || place === undefined ? null : { place, index };
}
export const select = (ids) => { app.selection = new Set(ids); };
export const selectAlso = (id) => { app.selection.add(id); };
export const toggleSelected = (id) => { if (!app.selection.delete(id)) app.selection.add(id); };
export const clearSelection = () => { app.selection.clear(); };
export const anchorAt = (place, index) => { app.anchor = { place, index }; };
/// The version of the project the page shows (what the poll compares), when an answer names one.
export const knowVersion = (version) => { if (version) app.version = version; };
export const noteRefusal = (text) => { app.refusals.push({ at: new Date(), text }); };

/// The focused slide's photo, or null.
export function current() {
  if (!app.focus || !app.data) return null;
  return app.data.places[app.focus.place]?.slides[app.focus.index] ?? null;
}

let stamps = 0;
/// A place as the page holds it: its ids, its photos, and a stamp that tells its section to be drawn again.
/// While the page holds only the first screen (`app.partial`), a place's slides stop at the first photo it does not
/// have yet, so that a slide's index is its place on the server (refs are counted so).
export function made(kind, name, ids) {
  const slides = [];
  for (const id of ids) {
    const photo = app.photos.get(id);
    if (photo) slides.push(photo);
    else if (app.partial) break;
  }
  return { kind, name, ids, slides, stamp: ++stamps };
}
/// A request to the light table: with the token, and the page's language (apolo's messages come back in it).
export const api = (url, options = {}) => fetch(url, { ...options, headers: { ...(options.headers || {}),
    'X-Apolo-Token': TOKEN, 'X-Apolo-Language': inUse() } });
export const media = (url) => url + '?token=' + TOKEN;
export const stars = (n) => '★'.repeat(n) + '☆'.repeat(5 - n);
export const placeKey = (p) => p.kind + ':' + p.name;

export function say(text, error) {
  const m = $('message');
  m.textContent = forThePage(text) || '';
  m.className = error ? 'error' : '';
}

/// A button showing `text` (a glyph) and named `label` in words, for the eye (title) and for assistive technology.
export function button(text, label, action) {
  const b = document.createElement('button');
  b.textContent = text;
  b.title = label;
  if (!/\p{L}/u.test(text)) b.setAttribute('aria-label', label);   // a glyph (◎ ▣ ✕) is named by its words
  b.addEventListener('click', (e) => { e.stopPropagation(); action(); });
  return b;
}

/// Shows `n` stars on the photos `ids` (in the page's data and on their frames) before the server has saved them.
export function showRating(ids, n) {
  for (const id of ids) {
    const photo = app.photos.get(id);
    if (photo) photo.rating = n;
    document.querySelectorAll(`.slide[data-id="${id}"]`).forEach((f) => {
      f.dataset.rating = n;
      const shown = f.querySelector('.stars');
      if (shown) shown.textContent = stars(n);
    });
  }
}
