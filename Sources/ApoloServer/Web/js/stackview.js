// What apolo measured, on the page: asked of the server after changes that can move stacks, and while photos are
// still being measured; stacks opened and folded on the table.
import { changes } from './changes.js';
import { frameName, measured } from './frames.js';
import { t } from './messages.js';
import { showLoupeFacts } from './loupe.js';
import { factsOf, indexAnalysis } from './stacks.js';
import { api, app, made, screen } from './state.js';
import { smallFacesDone } from './smallfaces.js';

/// Opens the stack of photo `id` in place (all its frames on the table), or folds it back to one frame.
export function toggleStack(id) {
  const stack = app.analysis.stackOf.get(id);
  if (!stack) return;
  if (app.opened.has(stack)) app.opened.delete(stack);
  else app.opened.add(stack);
  screen.render();
}

let measuring = null, last = null, waited = 0;
/// The longest the measures wait for the hands to rest: a photographer stepping through the loupe without a pause
/// still gets them.
const mostWait = 5000;
/// Asks what apolo measured (and stacked) soon: once a change that moves slides has landed, and again every few
/// seconds while photos are still being measured in the background.
export function measure(delay = 300) {
  clearTimeout(measuring);
  measuring = setTimeout(async () => {
    // asked while the hands rest (and not in the page's first 1.5 s): at 50,000 photos the answer takes the server
    // most of a second to make; never put off past `mostWait`
    const busy = performance.now() - app.lastInput < 1500 || !changes.idle();
    if (busy && waited < mostWait) {
      waited += 1000;
      return measure(1000);
    }
    waited = 0;
    const r = await api('/api/analysis').catch(() => null);
    if (!r?.ok) return;
    const text = await r.text();
    /** @type {import('./api.js').Analysis} */
    const body = JSON.parse(text);
    if (body.unmeasured > 0 || body.looking > 0) measure(3000);
    else smallFacesDone(body.signals);   // said even when the look found nothing new to draw
    const nothing = !Object.keys(body.signals).length && !Object.keys(body.stacks).length
      && !app.analysis.signals.size;
    if (text === last || nothing) return;   // nothing new: the frames stay as they are
    // not under a slide being dragged, nor under compare (drawing it again resets its zoom); the loupe's facts
    // are made again in place, and the table drawn anew once it closes
    if (app.drag || app.compare) return measure(1000);
    last = text;
    const was = app.analysis;
    app.analysis = indexAnalysis(body);
    showLoupeFacts();
    if (sameStacks(was, app.analysis)) return badges();   // the same frames shown: their badges change in place
    restack();
  }, delay);
}

/// The table drawn again with new stacks, once neither the loupe, compare nor a drag is over it.
function restack() {
  if (app.loupe || app.compare || app.drag) return void setTimeout(restack, 500);
  app.data.places = app.data.places.map((q) => made(q.kind, q.name, q.ids));
  screen.render();
}

/// Drops a stack the page knows is gone (its frames kept or discarded by B), and draws the table again; the next
/// measures confirm it.
export function forgetStack(stack) {
  const members = app.analysis.members.get(stack);
  if (!members) return;
  members.forEach((id) => app.analysis.stackOf.delete(id));
  app.analysis.members.delete(stack);
  app.data.places = app.data.places.map((q) => made(q.kind, q.name, q.ids));
  screen.render();
}

/// True when two analyses stack the same photos with the same suggestions (the table folds the same way).
function sameStacks(a, b) {
  if (a.stackOf.size !== b.stackOf.size || a.best.size !== b.best.size) return false;
  for (const [id, stack] of a.stackOf) if (b.stackOf.get(id) !== stack) return false;
  for (const id of a.best) if (!b.best.has(id)) return false;
  return true;
}

/// The measured badges and the accessible name of every frame on the page, made again in place (no picture is
/// loaded again, nothing is laid out anew but the badges).
function badges() {
  const thresholds = app.analysis.thresholds;
  for (const f of document.querySelectorAll('.slide[data-id]')) {
    const s = app.photos.get(f.dataset.id);
    if (!s) continue;
    const facts = factsOf(app.analysis, s.id, app.opened);
    const badges = '.badge.stack, .badge.best, .badge.blurry, .badge.clipped, .badge.eyes';
    f.querySelectorAll(badges).forEach((b) => b.remove());
    f.querySelector('.badges')?.append(...measured(facts, t, thresholds));
    const named = { ...facts, threshold: thresholds.blurryBelow };
    f.setAttribute('aria-label', frameName(s, t, app.missing.has(s.id), named));
  }
}
