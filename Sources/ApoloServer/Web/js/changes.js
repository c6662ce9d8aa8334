// The page's side of the change queue (queue.js): sending a change, showing what landed, what is still pending,
// and what was refused. Every change the page makes goes through `run` or `walk`.
import { describe, onTheSamePhotos } from './changewords.js';
import { t } from './messages.js';
import { createQueue } from './queue.js';
import { $, api, app, clearSelection, knowVersion, noteRefusal, say, screen, showRating } from './state.js';
import { photoOf, restoredIn } from './refs.js';
import { forThePage } from './words.js';

const post = (url, body) => api(url, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                       body: JSON.stringify(body) });

/// Sends one change against the revision the page shows now (the one the change before it left).
async function send(change) {
  await screen.whole;   // the first screen's places hold only their start: a change is counted on the whole
  const expect = app.data.revision;
  const r = change.walk === undefined
    ? await post('/api/run', { commands: change.commands, expect })
    : await post(change.walk ? '/api/undo' : '/api/redo', { expect, count: change.count });
  const body = await r.json().catch(() => ({ error: 'the light table answered ' + r.status + ' without JSON' }));
  if (!r.ok && !body.error) body.error = 'the light table answered ' + r.status;
  return body;
}

function landed(change, body) {
  app.generation += 1;
  $('retry').hidden = true;
  knowVersion(body.version);
  const back = change.walk === undefined ? [] : restoredIn(body.state);   // an undone discard: show what came back
  if (body.state) screen.apply(body.state);
  if (back.length) screen.focusSlide(back[0]);
  // the answer shows the project as this change left it: ratings still on their way are shown again over it
  for (const later of changes.pending()) if (later.rating !== undefined) showRating(later.ids, later.rating);
  say(change.note ?? body.messages?.join(' · '));
  if (change.walk === undefined && change.structural) clearSelection();
  screen.paint();
  change.done?.(true);
}

/// Says which key, on which photo, and why, offers to make the change again on the state the page now shows (on
/// the photos it was meant for), and keeps the refusal for the History panel.
function refused(change, body, { dropped, actions }) {
  app.generation += 1;
  knowVersion(body.version);
  if (body.state) screen.apply(body.state);
  const lost = dropped.length + actions;
  const rest = lost === 0 ? '' : lost === 1 ? t('queue.lostOne') : t('queue.lost', lost);
  const why = forThePage(body.error);
  const text = change.key ? t('queue.refusedKey', change.key, change.what, why) : t('queue.refused', change.what, why);
  say(text + rest, true);
  noteRefusal(text);
  offerRetry(change);
  for (const c of [change, ...dropped]) c.done?.(false);
  screen.paint();
}

/// The status line's Retry: the refused change once more, on the same photos, against the state shown now.
function offerRetry(change) {
  const retry = $('retry');
  retry.hidden = !change.again;
  retry.onclick = () => {
    retry.hidden = true;
    const { structural, ids, rating, what } = change;
    changes.push({ ...change, commands: change.again, key: null, what, structural, ids, rating, done: null });
  };
}

/// Marks the frames whose change is not saved yet (and the bar, with how many changes are pending).
function marks(pending) {
  const ids = new Set(pending.flatMap((c) => c.ids ?? []));
  document.querySelectorAll('.slide.pending').forEach((f) => {
    if (!ids.has(f.dataset.id)) f.classList.remove('pending');
  });
  for (const id of ids) document.querySelectorAll(`.slide[data-id="${id}"]`).forEach((f) => f.classList.add('pending'));
  const bar = $('pending');
  bar.hidden = pending.length === 0;
  bar.textContent = pending.length ? t('bar.saving', pending.length) : '';
}

export const changes = createQueue({ send, landed, refused, changed: marks });

// What tests wait on instead of a fixed time: true once every change typed has been answered.
window.apolo = { ...window.apolo, idle: () => changes.idle() };

/// Queues command lines (arrays of words) as one change; resolves when it landed (true) or was refused (false).
/// `structural: false` for changes that move no slide (ratings, tags): input after them is not held; `rating` is
/// the stars a rating shows before it is saved.
export function run(commands, note, { structural = true, ids = [], rating } = {}) {
  return new Promise((done) => {
    const label = commands.map((words) => words.join(' ')).join('; ');
    const what = describe(commands, (ref) => photoOf(ref)?.file ?? t('what.aSlide'), t);
    const again = onTheSamePhotos(commands, (ref) => photoOf(ref)?.id);
    changes.push({ commands, note, structural, ids, rating, label, what, again, key: app.pressing, done });
  });
}

/// Queues `count` undo (`back`) or redo steps.
export function walk(back, count = 1) {
  return new Promise((done) => {
    const label = back ? 'undo' : 'redo';
    changes.push({ walk: back, count, structural: true, label, what: t('what.' + label), key: app.pressing, done });
  });
}
