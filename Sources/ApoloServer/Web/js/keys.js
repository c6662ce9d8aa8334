/// What each action of the key map (keymap.js) does; `e` is the key as pressed.
import { ask } from './ask.js';
import { discard, keepBest, label, labelAs, rate, restore, send, shift, stackChosen, tag, tagKey, unstack }
  from './actions.js';
import { changes, run, walk } from './changes.js';
import { actionFor, describe, keyLabel } from './keymap.js';
import { closeLoupe, openLoupe, showLoupe, step, toggleOverlay } from './loupe.js';
import { t } from './messages.js';
import { move, moveRows, moveToEnd, pageRows, rackOrTable, visible } from './navigate.js';
import { closePanel, openPanel, panel } from './panels.js';
import { resize } from './size.js';
import { $, api, app, clearSelection, current, knowVersion, say, screen, select } from './state.js';
import { lookForSmallFaces } from './smallfaces.js';
import { measure, toggleStack } from './stackview.js';
import { chosen, focusFirst, load, paint } from './table.js';
import { clearView, setCaptions } from './view.js';
import { closeCompare, compareStep, openCompare, toggleCompareActual, toggleCompareFaces } from './compare.js';
import { toggleActual } from './views.js';

const ACTIONS = {
  undo: () => walk(true),
  redo: () => walk(false),
  help: () => toggleHelp(),
  close: () => closeTop(),
  next: () => move(1, false),
  previous: () => move(-1, false),
  extendNext: () => move(1, true),
  extendPrevious: () => move(-1, true),
  down: () => moveRows(1),
  up: () => moveRows(-1),
  pageDown: () => moveRows(app.focus ? pageRows(app.focus.place) : 1),
  pageUp: () => moveRows(app.focus ? -pageRows(app.focus.place) : -1),
  first: () => moveToEnd(false),
  last: () => moveToEnd(true),
  moveLater: () => shift(1),
  moveEarlier: () => shift(-1),
  selectAll: () => selectAll(),
  rate: (e) => rate(Number(e.key)),
  discard: () => discard(),
  label: (e) => label(e.key),
  keepBest: () => keepBest(),
  stackChosen: () => stackChosen(),
  unstack: () => unstack(),
  smallFaces: () => lookForSmallFaces([...new Set(chosen().map((c) => c.id))]).then((asked) => asked && measure(2000)),
  stack: () => current() && toggleStack(current().id),
  clipping: () => toggleOverlay('clipping'),
  peaking: () => toggleOverlay('peaking'),
  restore: () => restore(),
  tag: () => tag(),
  tagKey: (e) => tagKey(Number((e.code ?? '').slice(5))),
  send: () => send(),
  bigger: () => resize(1),
  smaller: () => resize(-1),
  captions: () => toggleCaptions(),
  loupe: () => openLoupe(),
  compare: () => openCompare(),
  filter: () => openPanel('filter'),
  people: () => openPanel('people'),
  group: () => openPanel('group'),
  newShelf: () => $('new-shelf').click(),
  view: () => openPanel('view'),
  caption: () => openPanel('caption'),
  history: () => openPanel('history'),
  export: () => openPanel('export'),
  projects: () => openPanel('projects'),
  rackOrTable: () => rackOrTable(),
  clearView: () => clearView(),
  step: () => (app.compare ? compareStep(1) : step(1)),
  stepBack: () => (app.compare ? compareStep(-1) : step(-1)),
  advance: () => { app.advance = !app.advance; if (app.loupe) showLoupe(); },
  zoom: () => (app.compare ? toggleCompareActual() : toggleActual()),
  faceStrip: () => (app.compare ? toggleCompareFaces() : (app.faceStrip = !app.faceStrip, showLoupe())),
};

/// The view keys act in now.
function view() {
  if (!$('compare').hidden) return 'compare';
  return app.loupe ? 'loupe' : 'table';
}

// Every key goes through the change queue's `act`: it runs now, or, when a change that moves slides is still on its
// way, once that change has landed, so keys typed fast are all applied, in order, to what the user saw.
document.addEventListener('pointerdown', (e) => {
  app.lastInput = performance.now();
  app.lastPointer = e.pointerType;
}, true);
document.addEventListener('keydown', (e) => {
  app.lastInput = performance.now();
  if (!app.data || e.target.closest?.('input, textarea, select')) { if (e.key === 'Escape') closePanel(); return; }
  const onControl = e.target.closest?.('button, summary, a, select, [role="button"], [role="separator"]');
  if (onControl && (e.key === ' ' || e.key === 'Enter')) return;   // the browser activates the control
  const action = actionFor(e, view());
  if (!action) return;
  e.preventDefault();
  const key = { key: e.key, code: e.code };
  const name = keyLabel(describe(e));
  changes.act(() => pressing(name, () => ACTIONS[action](key)));
});

/// Runs `action` as the key `name` pressed: a change it makes remembers the key (a refusal names it).
function pressing(name, action) {
  app.pressing = name;
  try { action(); } finally { app.pressing = null; }
}

/// Runs an action of the key map as a key would (the loupe's buttons): through the change queue, in order.
export function perform(action, key = '') {
  if (ACTIONS[action]) changes.act(() => ACTIONS[action]({ key }));
}

/// Esc closes what is on top: the help, compare, the loupe, a panel; else it clears the selection.
function closeTop() {
  if (!$('help').hidden) return toggleHelp();
  if (!$('compare').hidden) return closeCompare();
  if (app.loupe) return closeLoupe();
  if (panel.name || panel.waiting) return closePanel();   // also a panel asked for whose module is on its way
  clearSelection();
  paint();
}

/// Ctrl+A: every slide of the focused place that the view shows (a hidden slide is never acted on unseen).
function selectAll() {
  if (app.partial) return screen.whole.then(selectAll);   // all of a place, not its first screen
  if (!app.focus) return;
  const slides = app.data.places[app.focus.place].slides;
  select(visible(app.focus.place).map((i) => slides[i].id));
  paint();
}

/// Shows or hides the keys (a dialog: focus moves in, and back where it was when it closes).
export function toggleHelp() {
  const help = $('help');
  if (help.hidden) {
    app.returnFocus = document.activeElement;
    help.hidden = false;
    help.focus();
  } else {
    help.hidden = true;
    app.returnFocus?.focus?.();
  }
}

const toggleCaptions = () => setCaptions(!document.body.classList.contains('captions'));

document.body.classList.toggle('captions', localStorage.getItem('apolo-captions') === '1');

$('undo').addEventListener('click', () => walk(true));
$('redo').addEventListener('click', () => walk(false));
$('help-button').addEventListener('click', () => toggleHelp());
// on a phone the bar keeps undo and redo in view and shows the rest on demand
$('bar-more').addEventListener('click', () => {
  const open = $('bar').classList.toggle('more');
  $('bar-more').setAttribute('aria-expanded', String(open));
});
$('help').addEventListener('click', () => toggleHelp());
$('label-menu').addEventListener('change', (e) => {
  labelAs(e.target.value);
  e.target.value = '';
});
$('new-shelf').addEventListener('click', () => {
  ask(t('ask.newShelf')).then((name) => name && run([['shelf', 'create', name]]));
});
$('compare').addEventListener('click', (e) => { if (e.target.id === 'compare') closeCompare(); });
document.querySelectorAll('#bar [data-opens]').forEach((b) => b.addEventListener('click',
    () => openPanel(b.dataset.opens)));

export async function poll() {
  try {
    const generation = app.generation;
    const r = await api('/api/version');
    if (r.ok && generation === app.generation) {   // else a change landed meanwhile and told the newer version
      const { version } = await r.json();
      if (app.version && version !== app.version && changes.idle()) await load();
      if (generation === app.generation) knowVersion(version);
    }
  } catch (e) { say(t('notice.noServer'), true); }
  setTimeout(poll, 500);
}

// The version and the first screen at once; the whole project is asked for once the version has come, so the
// state shown is never older than the version the poll compares with (a change made elsewhere meanwhile shows at
// the first poll; a state older than the version would take it as shown, and miss it until the next change).
async function start() {
  const version = api('/api/version').then(async (r) => { if (r.ok) knowVersion((await r.json()).version); })
    .catch(() => {});
  await load(version);
  focusFirst();
  poll();
}
/// Settled once the page holds the whole project and draws it (main.js loads the panels' modules then).
export const started = start();
