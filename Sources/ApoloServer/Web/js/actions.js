// What the keys and buttons do to the focused or selected slides, as changes on the queue.
import { ask } from './ask.js';
import { run } from './changes.js';
import { showLoupe, step } from './loupe.js';
import { t } from './messages.js';
import { labelFor } from './stacks.js';
import { forgetStack, measure } from './stackview.js';
import { app, clearSelection, say, setFocus, showRating } from './state.js';
import { visible } from './navigate.js';
import { refOf } from './refs.js';
import { chosen, paint } from './table.js';
import { compareStep, showCompare } from './compare.js';
import { toggleCommand } from './tagkeys.js';
import { tagKeys } from './view.js';


/// Rates at once on the page (the frames show the stars and a pending mark) and queues the change; the loupe
/// advances without waiting for the server.

export function rate(n) {
  const list = chosen();
  if (!list.length) return;
  const ids = list.map((c) => c.id);
  showRating(ids, n);
  run([['rate', ...list.map((c) => c.ref), String(n)]], undefined, { structural: false, ids, rating: n });
  if (app.compare) return app.advance ? compareStep(1) : showCompare();
  if (app.loupe && app.advance && list.length === 1) step(1);
  else if (app.loupe) showLoupe();
}

/// X: discards the chosen slides (off a shelf: back to the table). On the table a reject keeps its place, dimmed,
/// so the keyboard moves on to the next slide still in, where the next X is meant for.
export function discard() {
  const all = chosen();
  const list = all.filter((c) => !app.photos.get(c.id)?.discarded);
  if (!list.length) return all.length && say(t('slide.alreadyRejected'));
  run([['slide', 'discard', ...list.map((c) => c.ref)]]);
  if (list[0].place.kind === 'table') moveOn(new Set(list.map((c) => c.id)));
}

/// The focus to the next slide shown that is in (not discarded, nor being discarded), else the one before.
function moveOn(gone) {
  const p = app.focus.place, slides = app.data.places[p].slides, list = visible(p);
  const stays = (i) => !gone.has(slides[i].id) && !slides[i].discarded;
  const next = list.find((i) => i > app.focus.index && stays(i)) ?? list.findLast((i) => stays(i));
  if (next === undefined) return;
  setFocus(p, next);
  clearSelection();
  if (app.loupe) showLoupe(); else paint();
}

/// U: brings the chosen rejects back (on the table, where they stayed, or from the tray).
export function restore() {
  const list = chosen().filter((c) => app.photos.get(c.id)?.discarded);
  if (list.length) run(list.map((c) => ['slide', 'restore', c.id]));
}

export function tag() {
  const list = chosen();
  if (!list.length) return;
  return ask(t('ask.tags', list.length === 1 ? list[0].ref : t('ask.slides', list.length))).then((text) => {
    const tags = (text ?? '').split(',').map((word) => word.trim()).filter(Boolean);
    if (tags.length) {
      run([['tag', 'add', list.map((c) => c.ref).join(','), ...tags]], undefined,
          { structural: false, ids: list.map((c) => c.id) });
    }
  });
}

/// Shift+N: the tag set on that key toggled on the chosen slides at once (taken off when every one has it).
export function tagKey(n) {
  const tag = tagKeys()[n - 1];
  if (!tag) return say(t('tags.noKey', n), true);
  const list = chosen();
  if (!list.length) return;
  const slides = list.map((c) => ({ ref: c.ref, tags: app.photos.get(c.id)?.tags ?? [] }));
  run([toggleCommand(tag, slides)], undefined, { structural: false, ids: list.map((c) => c.id) });
}

export function send() {
  const list = chosen();
  if (!app.target) return say(t('queue.noTarget'), true);
  if (!list.length) return;
  run(list.map((c) => ['slide', 'move', list.length > 1 ? c.id : c.ref, '--to', app.target]));
}


/// Alt+→ / Alt+←: the focused slide one place later or earlier on its shelf.
export function shift(by) {
  const place = app.focus && app.data.places[app.focus.place];
  const i = app.focus?.index;
  if (!place || place.kind !== 'shelf' || i + by < 0 || i + by >= place.slides.length) return;
  run([['slide', 'move', refOf(place, i), '--to', place.name + ':' + (by > 0 ? i + 3 : i)]]);
}

/// 6–9: the chosen photos' colour label (again: none); the frames show it once it is saved.
export function label(key) {
  labelAs(labelFor(key, chosen().map((c) => app.photos.get(c.id)?.label ?? null)));
}

/// The chosen photos' colour label (`none` takes it off), from the keys or the bar's label menu.
export function labelAs(colour) {
  const list = chosen();
  if (!list.length || !colour) return;
  run([['label', ...list.map((c) => c.ref), colour]], undefined, { structural: false, ids: list.map((c) => c.id) });
}

/// B: keep the suggested frame of the focused slide's stack and discard the rest (one change, one undo).
export function keepBest() {
  const list = chosen();
  if (!list.length) return;
  const stack = app.analysis.stackOf.get(list[0].id);
  const photo = app.photos.get(list[0].id);   // named by its file, never by a reference that may be its id
  if (photo?.discarded) return say(t('stack.discarded', photo.file), true);
  if (!stack) return say(t('stack.none', photo?.file ?? list[0].ref), true);
  // once kept, the frame stands alone: its stack badge goes at once, not when the page next asks for the measures
  run([['stack', 'keep', list[0].ref]]).then((landed) => landed && forgetStack(stack));
}

/// Ctrl+G: the chosen frames (and the stacks they are in) become one stack, as Lightroom groups a selection.
export function stackChosen() {
  const list = chosen();
  if (list.length < 2) return say(t('stack.chooseTwo'), true);
  run([['stack', 'merge', ...list.map((c) => c.ref)]]).then((landed) => landed && measure(0));
}

/// Ctrl+Shift+G: the focused frame's stack taken apart, each of its frames alone (a split before every frame but
/// the first).
export function unstack() {
  const [first] = chosen();
  if (!first) return;
  const stack = app.analysis.stackOf.get(first.id);
  const file = app.photos.get(first.id)?.file ?? first.ref;
  if (!stack) return say(t('stack.none', file), true);
  const place = first.place;
  const refs = app.analysis.members.get(stack).slice(1).map((id) => place.slides.findIndex((s) => s.id === id))
    .filter((i) => i >= 0).map((i) => refOf(place, i));
  if (!refs.length) return;
  run([['stack', 'split', ...refs]]).then((landed) => landed && measure(0));
}
