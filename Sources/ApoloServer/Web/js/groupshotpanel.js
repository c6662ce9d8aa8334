// The group-shot panel (Y on a frame of a stack): a table of each person (rows) against each frame (columns) — eyes
// and face focus, ✓ where both are good — the suggested frame marked, and who to take from which frame where no
// frame has everyone good. It registers itself with panels.js.
import { cellWords, summary, whoIs } from './groupshot.js';
import { t } from './messages.js';
import { body, el, shows } from './panels.js';
import { refOf } from './refs.js';
import { api, app, current, media } from './state.js';

/// A frame as the command line names it (table:12, best:3), else by its file.
function frameName(id) {
  for (const place of app.data.places) {
    const i = place.slides.findIndex((s) => s.id === id);
    if (i >= 0) return refOf(place, i);
  }
  return app.data.photos?.[id]?.file ?? id.slice(0, 10);
}

function matrix(shot) {
  const head = el('tr', {}, el('th', { scope: 'col', textContent: t('group.who') }), ...shot.frames.map((id) => {
    const th = el('th', { scope: 'col', className: id === shot.suggested ? 'suggested' : '' },
      el('img', { src: media('/thumb/' + id), alt: '' }), el('span', { textContent: frameName(id) }));
    if (id === shot.suggested) th.append(el('span', { textContent: ' ' + t('group.suggested') }));
    return th;
  }));
  const rows = shot.rows.map((row, r) => el('tr', {}, el('th', { scope: 'row', textContent: whoIs(row, r) }),
    ...row.cells.map((cell, f) => el('td', {
      className: (cell?.good ? 'good' : cell ? 'bad' : 'missing') + (shot.frames[f] === shot.suggested
        ? ' suggested' : ''),
      textContent: cell ? (cell.good ? '✓ ' : '✗ ') + cell.sharpness.toFixed(2) : '–',
      title: cellWords(cell) }, el('span', { className: 'sr', textContent: ' ' + cellWords(cell) })))));
  return el('table', { id: 'group-matrix' }, el('caption', { textContent: t('group.caption') }),
    el('thead', {}, head), el('tbody', {}, ...rows));
}

export async function showGroupShot() {
  const photo = current();
  const r = photo ? await api('/api/stack/' + photo.id) : null;
  if (!r?.ok) {
    body(t('group.title'), el('p', { className: 'hint', id: 'group-none', textContent: t('group.none') }));
    return;
  }
  const shot = await r.json();
  body(t('group.title'), matrix(shot),
    el('ul', { id: 'group-summary' }, ...summary(shot, frameName).map((line) => el('li', { textContent: line }))));
}
shows.group = showGroupShot;
