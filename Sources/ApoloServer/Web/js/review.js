// The reviewer's page: opens the share with the link's key (from the #fragment, never sent as part of an address),
// asks the reviewer's name once, shows the photos with a heart each, and sends the picks. State flows one way:
// an answer of the server replaces `view.state`, then `render` draws it.
import { counter, language, linkKey, say, title } from './reviewtext.js';
import { wireFindMe } from './reviewfind.js';
import { openLoupe, showLoupe, wireLoupe } from './reviewloupe.js';

const $ = (id) => document.getElementById(id);
const lang = language(navigator.languages ?? [navigator.language]);
const key = linkKey(location.hash);
const stored = `apolo-review-${location.pathname}`;
const view = { state: null, lang };
/// What this browser keeps of the share: the reviewer's key, and a proof of the password once it was given.
const saved = () => JSON.parse(localStorage.getItem(stored) ?? '{}');
const keep = ({ me, pass }) => localStorage.setItem(stored, JSON.stringify({ reviewer: me.reviewer ?? saved().reviewer,
  pass: pass ?? saved().pass }));
const opening = (password) => ({ token: key, password, pass: saved().pass ?? null,
  reviewer: saved().reviewer ?? null });

/// Posts to the share's API; an answer with an error is thrown. A session the server no longer knows (it was
/// restarted) is opened again with the link's key (and the password's proof) and the reviewer's name, once, and the
/// request sent again.
async function post(path, body, again = true) {
  const r = await fetch(`api/${path}`, { method: 'POST', body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-Apolo-Language': lang } });
  const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (r.status === 401 && again && view.state?.me.name && path !== 'open') {
    const opened = await post('open', opening(), false);
    view.state.me = (opened.me.name ? opened : await post('me', { name: view.state.me.name }, false)).me;
    keep(view.state);
    return post(path, body, false);
  }
  if (!r.ok) throw Object.assign(new Error(answer.error ?? `HTTP ${r.status}`), { status: r.status });
  return answer;
}

function note(text, error = false) {
  $('note').textContent = text;
  $('note').classList.toggle('error', error);
}

/// Asks one line in the page's dialog; resolves to the text, or null when cancelled.
function ask({ heading, text = '', label, type = 'text', ok, error = '', cancel = true }) {
  $('ask-title').textContent = heading;
  $('ask-text').textContent = text;
  $('ask-label').textContent = label ?? '';
  $('ask-label').hidden = !label;
  Object.assign($('ask-input'), { type, value: '', hidden: !label });
  $('ask-error').textContent = error;
  $('ask-ok').textContent = ok;
  $('ask-cancel').textContent = say(lang, 'cancel');
  $('ask-cancel').hidden = !cancel;
  return new Promise((resolve) => {
    const done = (value) => { $('ask').close(); resolve(value); };
    $('ask-form').onsubmit = (event) => { event.preventDefault(); done(label ? $('ask-input').value : ''); };
    $('ask-cancel').onclick = () => done(null);
    $('ask').oncancel = (event) => { if (!cancel) event.preventDefault(); else resolve(null); };
    $('ask').showModal();
    (label ? $('ask-input') : $('ask-ok')).focus();
  });
}

/// Opens the share: with the key alone, or after asking its password; then asks the name if it is not known.
async function open() {
  if (!key) return note(say(lang, 'noLink'), true);
  let password, error = '';
  for (;;) {
    try {
      view.state = await post('open', opening(password));
      keep(view.state);
      break;
    } catch (e) {
      if (e.status !== 401) throw e;
      error = password === undefined ? '' : e.message;
      password = await ask({ heading: say(lang, 'passwordAsk'), label: say(lang, 'password'), type: 'password',
        ok: say(lang, 'ok'), error, cancel: false });
    }
  }
  error = '';
  $('title').textContent = document.title = view.state.title;
  while (!view.state.me.name) {
    const name = await ask({ heading: say(lang, 'nameAsk'), text: say(lang, 'nameWhy'), label: say(lang, 'name'),
      ok: say(lang, 'ok'), cancel: false, error });
    try { view.state = await post('me', { name }); } catch (e) { error = e.message; }
  }
  keep(view.state);
  render();
}

/// Gives or takes back the heart of photo `id`.
async function toggle(id) {
  const on = !view.state.me.picks.includes(id);
  const photo = view.state.photos.find((p) => p.id === id);
  try {
    view.state.me = (await post('pick', { photo: id, on })).me;
    note(say(lang, on ? 'picked' : 'unpicked', title(lang, photo)));
  } catch (e) { note(e.message, true); }
  refresh(id);
}

/// Draws again what one photo's change touches: its frame, the counter, the loupe.
function refresh(id) {
  const at = view.state.photos.findIndex((p) => p.id === id);
  const old = $('grid').children[at];
  if (old) {
    const focused = old.contains(document.activeElement) && document.activeElement.className;
    const made = frame(view.state.photos[at], at);
    old.replaceWith(made);
    if (focused) made.querySelector(`.${focused}`)?.focus();
  }
  $('count').textContent = counter(lang, view.state.me.picks.length, view.state.maxPicks);
  showLoupe();
}

/// Saves the reviewer's comment on photo `id` ("" takes it off).
async function comment(id, text) {
  if (!id || text === (view.state.me.comments[id] ?? '')) return;
  try {
    view.state.me = (await post('comment', { photo: id, text })).me;
    note(say(lang, 'saved'));
  } catch (e) { note(e.message, true); }
  refresh(id);
}

async function send() {
  const picks = view.state.me.picks.length;
  const yes = await ask({ heading: say(lang, 'sendAsk', picks), text: say(lang, 'sendWhy'), ok: say(lang, 'sendOk') });
  if (yes === null) return;
  try { view.state.me = (await post('submit', {})).me; } catch (e) { note(e.message, true); }
  render();
}

function frame(photo, at) {
  const picked = view.state.me.picks.includes(photo.id), name = title(lang, photo);
  const li = Object.assign(document.createElement('li'), { className: 'frame' + (picked ? ' picked' : '') });
  const openButton = Object.assign(document.createElement('button'), { className: 'open', type: 'button' });
  openButton.setAttribute('aria-label', say(lang, 'open', name));
  openButton.append(Object.assign(document.createElement('img'), { src: `thumb/${photo.id}`, alt: '',
    loading: 'lazy', decoding: 'async' }));
  openButton.onclick = () => openLoupe(at);
  const heart = Object.assign(document.createElement('button'), { className: 'heart', type: 'button',
    textContent: picked ? '♥' : '♡', disabled: Boolean(view.state.me.submitted) });
  heart.setAttribute('aria-pressed', String(picked));
  heart.setAttribute('aria-label', `${say(lang, 'heart')}: ${name}`);
  heart.onclick = () => toggle(photo.id);
  const meta = Object.assign(document.createElement('div'), { className: 'meta' });
  const label = Object.assign(document.createElement('span'), { className: 'name', textContent: name });
  if (view.state.me.comments[photo.id]) { label.textContent = `✎ ${name}`; label.title = say(lang, 'commented'); }
  meta.append(label, heart);
  li.append(openButton, meta);
  return li;
}

/// Draws the state: title, counter, the send button or when they were sent, the frames, the open loupe.
function render() {
  const { state } = view;
  document.documentElement.lang = lang;
  document.title = `${state.title} · apolo`;
  $('title').textContent = state.title;
  $('count').textContent = counter(lang, state.me.picks.length, state.maxPicks);
  $('send').textContent = say(lang, 'send');
  $('send').hidden = Boolean(state.me.submitted) || !state.me.name;
  if (state.me.submitted) note(say(lang, 'sent', new Date(state.me.submitted).toLocaleString(lang)));
  $('grid').setAttribute('aria-label', say(lang, 'photos'));
  $('grid').replaceChildren(...state.photos.map(frame));
  findMe();
  if (finding() !== null) show((state.people ?? []).find((p) => p.n === finding()) ?? null);
  showLoupe();
}

const { findMe, show, finding } = wireFindMe(view, lang, note);
$('send').onclick = send;
wireLoupe(view, { toggle, comment });
open().catch((e) => note(e.message, true));
