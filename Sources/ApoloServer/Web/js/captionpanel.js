// The caption panel (M, or Caption in the bar): the title, headline, caption and other IPTC fields of the chosen
// slides, and the metadata templates. What is typed applies to every chosen slide; the caption shows as it will
// read on the first of them (codes replaced, variables made) while it is typed. Changes go on the queue as
// `caption set` and `template apply` command lines, like every change.
import { captionCommand, captionFor, FIELDS, shared } from './captiontext.js';
import { run } from './changes.js';
import { t } from './messages.js';
import { body, el, field, panel, shows } from './panels.js';
import { api, app, button, say } from './state.js';
import { chosen } from './table.js';

const LONG = new Set(['caption', 'usageTerms', 'instructions']);

/// The panel for the slides chosen now.
export async function showCaption() {
  const list = chosen();
  if (!list.length) return body(t('caption.title'), el('p', { className: 'hint', textContent: t('caption.none') }));
  const photos = list.map((c) => app.photos.get(c.id)).filter(Boolean);
  const title = t('caption.titleOf', list.length === 1 ? photos[0].file : t('ask.slides', list.length));
  body(title);   // never the panel shown before, in its old words, while the codes are asked for
  const help = await (await api('/api/captions')).json();
  if (panel.name !== 'caption') return;
  const inputs = Object.fromEntries(FIELDS.map((name) => [name, input(name, shared(photos, name))]));
  const preview = el('p', { id: 'caption-preview', className: 'hint', role: 'status' });
  const show = () => {
    const typed = inputs.caption.value || inputs.title.value;
    const { text, unknown } = captionFor(typed, photos[0], help.codes ?? {});
    preview.textContent = unknown.length ? t('caption.unknownCodes', unknown.map((c) => `\\${c}\\`).join(' '))
      : typed ? t('caption.preview', photos[0].file, text) : '';
    preview.classList.toggle('error', unknown.length > 0);
  };
  Object.values(inputs).forEach((box) => box.addEventListener('input', show));
  const refs = list.map((c) => c.ref), ids = list.map((c) => c.id);
  const apply = () => {
    const changed = Object.fromEntries(FIELDS.filter((name) => inputs[name].value !== inputs[name].dataset.initial)
      .map((name) => [name, inputs[name].value]));
    if (!Object.keys(changed).length) return say(t('caption.unchanged'));
    run([captionCommand(refs, changed)], undefined, { structural: false, ids }).then(() => reopen());
  };
  const more = el('details', { id: 'caption-more' }, el('summary', { textContent: t('caption.more') }),
    ...FIELDS.slice(3).map((name) => field(t('meta.' + name), inputs[name])));
  body(title,
    el('p', { className: 'hint', textContent: t('caption.hint') }),
    ...FIELDS.slice(0, 3).map((name) => field(t('meta.' + name), inputs[name])), preview, more,
    el('div', { className: 'row' }, button(t('caption.apply'), t('caption.applyTitle'), apply)),
    templates(help.templates ?? [], refs, ids));
  inputs.title.focus();
}

function input(name, value) {
  const box = el(LONG.has(name) ? 'textarea' : 'input', { id: 'caption-' + name, value: value ?? '' });
  if (LONG.has(name)) box.rows = 3;
  if (value === null) box.placeholder = t('caption.several');
  box.dataset.initial = box.value;
  return box;
}

function templates(names, refs, ids) {
  if (!names.length) return el('p', { className: 'hint', textContent: t('caption.noTemplates') });
  const menu = el('select', { id: 'caption-template' }, ...names.map((name) => el('option', { value: name,
                                                                                          textContent: name })));
  return el('div', {}, field(t('caption.template'), menu), el('div', { className: 'row' },
    button(t('caption.applyTemplate'), t('caption.applyTemplateTitle'), () => run([['template', 'apply',
      menu.value, refs.join(',')]], undefined, { structural: false, ids }).then(() => reopen()))));
}

/// Shows the fields again once a change landed (the photos' values are new).
function reopen() { if (panel.name === 'caption') showCaption(); }

shows.caption = showCaption;
