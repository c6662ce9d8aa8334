// Puts the page's words in the chosen language: the bar, the panes, the help (made from the key map); the choice is
// the browser's language until the user picks one (remembered in this browser).
import { GESTURES, helpRows } from './keymap.js';
import { inUse, pick, t, use } from './messages.js';
import { $, app } from './state.js';
import { render } from './table.js';

const element = (tag, text, props = {}) => Object.assign(document.createElement(tag), { textContent: text }, props);

/// A key as the reader's keyboard names it (`Espacio`, `AvPág`, `Ctrl+z`).
const spoken = (key) => key.split('+').map((part) => (t('key.' + part) === 'key.' + part ? part
  : t('key.' + part))).join('+');

/// The help dialog: one table per view, made from the key map, and what the mouse, pen and touch do.
function fillHelp() {
  const groups = new Map();
  for (const row of helpRows()) {
    if (!groups.has(row.scope)) groups.set(row.scope, []);
    groups.get(row.scope).push([row.keys.map(spoken).join(', '), t(row.help)]);
  }
  groups.set('mouse', GESTURES.map((g) => [t(g.keys), t(g.help)]));
  const parts = [element('h2', t('help.title'))];
  for (const [scope, rows] of groups) {
    const table = element('table', '');
    table.append(element('caption', t('help.scope.' + scope)));
    for (const [keys, help] of rows) {
      const tr = element('tr', '');
      tr.append(element('th', keys, { scope: 'row' }), element('td', help));
      table.append(tr);
    }
    parts.push(table);
  }
  parts.push(element('p', t('help.footer')));
  $('help').replaceChildren(...parts);
}

/// Writes every word of the page's frame in the language in use.
export function translate() {
  document.documentElement.lang = inUse();
  document.querySelectorAll('[data-i18n]').forEach((el) => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll('[data-i18n-label]').forEach((el) => el.setAttribute('aria-label',
      t(el.dataset.i18nLabel)));
  $('size').setAttribute('aria-label', t('bar.size'));
  $('language').value = inUse();
  fillHelp();
}

use(localStorage.getItem('apolo-language') || pick(navigator.languages));
translate();
$('language').addEventListener('change', () => {
  use($('language').value);
  localStorage.setItem('apolo-language', inUse());
  translate();
  app.sections = new Map();
  if (app.data) render();
});
