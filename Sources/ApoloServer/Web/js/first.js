// The token and the first screen's answer, from index.html's inline script: it asks for the first screen before any
// module has arrived. Loaded like every module (state.js and table.js import it).
const early = window.apoloFirst;

/// The frames asked for first: the table's first `CHUNK` slides and the next places' first ones (`api.js`).
export const CHUNK = early.chunk;

/// This tab's access token (index.html reads it from the address once, then keeps it in sessionStorage).
export const TOKEN = early.token;

/// The first screen's answer, once (later loads ask again).
export function firstAnswer() {
  const answer = early.answer;
  early.answer = null;
  return answer;
}
