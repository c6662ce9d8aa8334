import { EMPTY } from './stacks.js';
import { NONE } from './viewfilter.js';
import { forThePage } from './words.js';

export const CHUNK = 240;
export const app = { sections: new Map(), data: null, photos: new Map(), missing: new Set(), focus: null,
    selection: new Set(), anchor: null, target: null, loupe: false,
              advance: true, faceStrip: true, version: null, shown: new Map(), drag: null,
                     collapsed: new Set(), unshowable: new Map(), view: { ...NONE },
                     generation: 0, analysis: EMPTY, opened: new Set(), lastInput: performance.now() };
export const $ = (id) => document.getElementById(id);
// the access token lives in this tab (sessionStorage is per origin, so per port), never in a cookie: a cookie
// would go to every server on this host, whatever its port
export const TOKEN = (() => {
  const given = location.hash.match(/token=([0-9a-f]+)/);
  if (given) {
    sessionStorage.setItem('apolo-token', given[1]);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem('apolo-token') || '';
})();
export const api = (url, options = {}) => fetch(url, { ...options, headers: { ...(options.headers || {}),
    'X-Apolo-Token': TOKEN } });
export const media = (url) => url + '?token=' + TOKEN;
export const stars = (n) => '★'.repeat(n) + '☆'.repeat(5 - n);
export const placeKey = (p) => p.kind + ':' + p.name;

export function say(text, error) {
  const m = $('message');
  m.textContent = forThePage(text) || '';
  m.className = error ? 'error' : '';
}

