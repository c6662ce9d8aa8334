// The view filters' controls: a panel with stars, unrated, with and without a tag and hiding the tray, and the
// active parts as chips in the bar (✕ removes one; \\ clears them all). A view, not an edit: nothing is saved.
/// Shows what `filter` passes; the focus moves to the nearest slide still shown.
import { t } from './messages.js';
import { visible } from './navigate.js';
import { body, el, field } from './panels.js';
import { $, app } from './state.js';
import { paint, render } from './table.js';
import { chips, NONE, without } from './viewfilter.js';

export function setView(filter) {
  app.view = filter;
  app.selection.clear();
  if (app.focus) {
    const list = visible(app.focus.place);
    if (!list.includes(app.focus.index)) {
      app.focus = list.length ? { place: app.focus.place,
          index: list.find((i) => i > app.focus.index) ?? list.at(-1) } : null;
    }
  }
  render();
  paint();
}

/// `\\`: every slide again.
export function clearView() { setView({ ...NONE }); }

/// The chips of the active view filters, in the bar.
export function showChips() {
  $('chips').replaceChildren(...chips(app.view).map(({ part, text }) => {
    const chip = el('button', { className: 'chip', textContent: t(text[0], text[1]) + ' ✕' });
    chip.setAttribute('aria-label', t('view.remove', t(text[0], text[1])));
    chip.addEventListener('click', () => setView(without(app.view, part)));
    return chip;
  }));
}

/// The view panel.
export function showView() {
  const v = app.view;
  const stars = el('select', { id: 'view-stars' }, el('option', { value: '0', textContent: t('view.anyStars') }),
    ...[1, 2, 3, 4, 5].map((n) => el('option', { value: String(n), textContent: '≥ ' + '★'.repeat(n) })));
  stars.value = String(v.stars);
  const unrated = el('input', { id: 'view-unrated', type: 'checkbox', checked: v.unrated });
  const tag = el('input', { id: 'view-tag', value: v.tag });
  const other = el('input', { id: 'view-without', value: v.without });
  const tray = el('input', { id: 'view-hide-discarded', type: 'checkbox', checked: v.hideDiscarded });
  const blurry = el('input', { id: 'view-hide-blurry', type: 'checkbox', checked: v.hideBlurry });
  const eyes = el('input', { id: 'view-hide-closed-eyes', type: 'checkbox', checked: v.hideClosedEyes });
  const best = el('input', { id: 'view-best-only', type: 'checkbox', checked: v.bestOnly });
  const update = () => setView({ stars: Number(stars.value), unrated: unrated.checked, tag: tag.value,
                                 without: other.value, hideDiscarded: tray.checked, hideBlurry: blurry.checked,
                                 hideClosedEyes: eyes.checked, bestOnly: best.checked });
  for (const input of [stars, unrated, tag, other, tray, blurry, eyes, best]) input.addEventListener('input', update);
  body(t('view.title'), el('p', { className: 'hint', textContent: t('view.hint') }),
    field(t('view.stars'), stars), field(t('view.unrated'), unrated), field(t('view.tag'), tag),
    field(t('view.without'), other), field(t('view.hideDiscarded'), tray), field(t('view.hideBlurry'), blurry),
    field(t('view.hideClosedEyes'), eyes), field(t('view.bestOnly'), best));
  stars.focus();
}
