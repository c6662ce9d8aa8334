// The loupe's buttons, for fingers first (a touch-only tablet has no keys): close, previous and next, stars, discard,
// colour labels and 100%. Each runs the key map's own action (keys.js `perform`), so a button and its key cannot
// drift apart; each is named in words and at least 44 px square (WCAG 2.5.5).
import { perform } from './keys.js';
import { closeLoupe } from './loupe.js';
import { t } from './messages.js';
import { $, app } from './state.js';
import { toggleActual } from './views.js';

/// The buttons in order: [action, key passed to it, glyph, message naming it, argument of the message].
export const TOOLS = [
  ['close', '', '✕', 'loupe.tool.close'],
  ['stepBack', '', '‹', 'loupe.tool.previous'],
  ['step', '', '›', 'loupe.tool.next'],
  ...[1, 2, 3, 4, 5].map((n) => ['rate', String(n), n + '★', 'loupe.tool.rate', n]),
  ['rate', '0', '☆', 'loupe.tool.unrate'],
  ['discard', '', '⌫', 'loupe.tool.discard'],
  ...[['6', 'red'], ['7', 'yellow'], ['8', 'green'], ['9', 'blue']].map(([key, name]) =>
    ['label', key, '●', 'loupe.tool.label', name]),
  ['zoom', '', '1:1', 'loupe.tool.zoom'],
];

/// Builds the toolbar (again after a change of language).
export function showLoupeTools() {
  const bar = $('loupe-tools');
  bar.setAttribute('aria-label', t('loupe.tools'));
  bar.replaceChildren(...TOOLS.map(([action, key, glyph, words, arg]) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: glyph });
    const name = t(words, arg === undefined ? undefined : typeof arg === 'string' ? t('label.' + arg) : arg);
    b.title = name;
    b.setAttribute('aria-label', name);
    Object.assign(b.dataset, { action, key });
    if (action === 'label') b.dataset.label = arg;
    return b;
  }));
}

$('loupe-tools').addEventListener('click', (e) => {
  const b = e.target.closest('button');
  if (!b) return;
  e.stopPropagation();
  perform(b.dataset.action, b.dataset.key);
});
$('language').addEventListener('change', showLoupeTools);
$('loupe').addEventListener('click', (e) => { if (e.target.id === 'loupe') closeLoupe(); });
// A click on the photo toggles 100%; on touch a tap does nothing (fingers rest, brush, scroll) and a double tap does.
$('loupe-frame').addEventListener('click', (e) => {
  const mouse = !e.pointerType || e.pointerType === 'mouse';
  if (mouse && e.target.id === 'loupe-image' && !app.loupeDragged) toggleActual(e.clientX, e.clientY);
  app.loupeDragged = false;
});
$('loupe-frame').addEventListener('dblclick', (e) => {
  if (app.lastPointer !== 'mouse' && e.target.id === 'loupe-image') toggleActual(e.clientX, e.clientY);
});
showLoupeTools();
