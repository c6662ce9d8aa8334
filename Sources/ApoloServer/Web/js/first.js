// The first thing the page does: it reads its access token, and asks for the first screen of the project while the
// page's other modules still load (loaded on its own, `async`, before main.js; the light table takes the answer).
// No imports: it runs as soon as it has arrived.

/// The frames asked for first: the table's first `CHUNK` slides and the next places' first ones (`api.js`).
export const CHUNK = 240;

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

// the language the page will pick (the one chosen on this browser, else the browser's list: apolo takes the first
// it speaks, as the page does), for apolo's words in the answer
const wished = localStorage.getItem('apolo-language') || navigator.languages.join(',');
let early = fetch('/api/state?first=' + CHUNK, { headers: { 'X-Apolo-Token': TOKEN, 'X-Apolo-Language': wished } });

/// The first screen's answer, once (later loads ask again).
export function firstAnswer() {
  const answer = early;
  early = null;
  return answer;
}
