// The view filters' controls: a panel with every culling filter the CLI's `filter` has (stars at least and at most,
// unrated, colour labels, tags, blurry, sharp, clipped, closed eyes, best of each stack) and the tray, and the
// active parts as chips in the bar (✕ removes one; \\ clears them all). A view, not an edit: nothing is saved.
/// Shows what `filter` passes; the focus moves to the nearest slide still shown.
import { run } from './changes.js';
import { t } from './messages.js';
import { visible } from './navigate.js';
import { body, el, field, shows } from './panels.js';
import { $, app, clearSelection, screen, setFocus } from './state.js';
import { measure } from './stackview.js';
import { parseTagKeys } from './tagkeys.js';
import { chips, LABELS, NONE, without } from './viewfilter.js';

export function setView(filter) {
  app.view = filter;
  clearSelection();
  if (app.focus) {
    const list = visible(app.focus.place);
    if (!list.includes(app.focus.index)) {
      setFocus(list.length ? app.focus.place : null, list.find((i) => i > app.focus.index) ?? list.at(-1));
    }
  }
  screen.render();
  screen.paint();
}

/// `\\`: every slide again.
export function clearView() { setView({ ...NONE }); }

/// The chips of the active view filters, in the bar.
export function showChips() {
  $('chips').replaceChildren(...chips(app.view).map(({ part, text }) => {
    const value = Array.isArray(text[1]) ? text[1].map((l) => t('label.' + l)).join(', ') : text[1];
    const chip = el('button', { className: 'chip', textContent: t(text[0], value) + ' ✕' });
    chip.setAttribute('aria-label', t('view.remove', t(text[0], value)));
    chip.addEventListener('click', () => setView(without(app.view, part)));
    return chip;
  }));
}

/// The view panel's yes-or-no parts: [filter part, element id, message].
const SWITCHES = [['unrated', 'view-unrated', 'view.unrated'], ['hideRejects', 'view-hide-rejects',
  'view.hideRejects'], ['hideBlurry', 'view-hide-blurry', 'view.hideBlurry'], ['sharpOnly', 'view-sharp-only',
  'view.sharpOnly'], ['clippedOnly', 'view-clipped-only', 'view.clippedOnly'], ['hideClosedEyes',
  'view-hide-closed-eyes', 'view.hideClosedEyes'], ['bestOnly', 'view-best-only', 'view.bestOnly']];

const starsMenu = (id, any, value, mark) => {
  const menu = el('select', { id }, el('option', { value: String(any), textContent: t('view.anyStars') }),
    ...[0, 1, 2, 3, 4, 5].filter((n) => n !== any).map((n) =>
      el('option', { value: String(n), textContent: mark + ' ' + ('★'.repeat(n) || '0') })));
  menu.value = String(value);
  return menu;
};

/// File names and capture times under every frame (Photo Mechanic's contact sheet), on or off: I, or the view
/// panel's box; remembered in this browser. Off, a frame shows its name only when it has room.
export function setCaptions(on) {
  document.body.classList.toggle('captions', on);
  localStorage.setItem('apolo-captions', on ? '1' : '0');
  const box = $('view-captions');
  if (box) box.checked = on;
}

/// The tags on Shift+1 … Shift+9 for the open project, as set in the View panel (kept in this browser).
export function tagKeys() {
  try {
    return parseTagKeys((JSON.parse(localStorage.getItem('apolo-tag-keys:' + app.data?.project)) ?? []).join(','));
  } catch {
    return [];
  }
}

/// The view panel.
export function showView() {
  const v = app.view;
  const stars = starsMenu('view-stars', 0, v.stars, '≥'), most = starsMenu('view-max-stars', 5, v.maxStars, '≤');
  const tag = el('input', { id: 'view-tag', value: v.tag });
  const other = el('input', { id: 'view-without', value: v.without });
  const words = el('input', { id: 'view-words', value: v.words ?? '' });
  const labels = LABELS.map((name) => el('input', { type: 'checkbox', id: 'view-label-' + name, value: name,
                                                    checked: v.labels.includes(name) }));
  const switches = SWITCHES.map(([part, id]) => el('input', { id, type: 'checkbox', checked: v[part] }));
  const captions = el('input', { id: 'view-captions', type: 'checkbox',
                                 checked: document.body.classList.contains('captions') });
  captions.addEventListener('input', () => setCaptions(captions.checked));
  const keyed = el('input', { id: 'view-tag-keys', value: tagKeys().join(', '), placeholder: t('view.tagKeysHint') });
  keyed.addEventListener('input', () => localStorage.setItem('apolo-tag-keys:' + app.data?.project,
    JSON.stringify(parseTagKeys(keyed.value))));
  const gaps = [['off', t('view.gapOff')], ...['1s', '2s', '5s', '10s', '30s'].map((g) => [g, t('view.gapUpTo', g)])];
  const gap = el('select', { id: 'view-stack-gap' }, ...gaps.map(([value, words]) => el('option',
    { value, textContent: words })));
  gap.value = app.analysis.gap ? gaps.find(([g]) => parseFloat(g) * 1000 === app.analysis.gap)?.[0] ?? 'off' : 'off';
  gap.addEventListener('change', () => run([['stack', 'auto', '--gap', gap.value]]).then((landed) => landed
    && measure(0)));
  const update = () => setView({ ...NONE, stars: Number(stars.value), maxStars: Number(most.value), tag: tag.value,
    without: other.value, words: words.value, labels: labels.filter((b) => b.checked).map((b) => b.value),
    ...Object.fromEntries(SWITCHES.map(([part], i) => [part, switches[i].checked])) });
  for (const input of [stars, most, tag, other, words, ...labels, ...switches]) input.addEventListener('input', update);
  const swatches = el('span', { className: 'label-choices' }, ...labels.map((box) => el('label',
    { className: 'label-choice', title: t('label.' + box.value) }, box,
    el('span', { className: 'swatch', textContent: t('label.' + box.value) }))));
  swatches.querySelectorAll('.swatch').forEach((l, i) => { l.dataset.label = LABELS[i]; });
  swatches.setAttribute('role', 'group');
  swatches.setAttribute('aria-labelledby', 'view-labels-name');
  body(t('view.title'), el('p', { className: 'hint', textContent: t('view.hint') }),
    field(t('view.stars'), stars), field(t('view.maxStars'), most),
    el('div', { className: 'field' }, el('span', { id: 'view-labels-name', textContent: t('view.labels') }), swatches),
    field(t('view.tag'), tag), field(t('view.without'), other), field(t('view.words'), words),
    ...SWITCHES.map(([, , words], i) => field(t(words), switches[i])), field(t('view.captions'), captions),
    field(t('view.stackGap'), gap), field(t('view.tagKeys'), keyed));
  stars.focus();
}

shows.view = showView;
