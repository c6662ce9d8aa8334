// The ingest panel (Projects → Ingest cards…): cards, destination and backups, job, names, metadata template,
// Start.
// The server copies each card once to every destination, reads each copy back from the disk and compares it
// before it takes its name, then imports the destination's copies into this project; the panel follows the bytes.
import { t } from './messages.js';
import { body, el, field, followJob, openPanel, panel, shows } from './panels.js';
import { $, api, button, say } from './state.js';

const lines = (text) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/// The panel, with the metadata templates to choose from.
export async function showIngest() {
  const help = await (await api('/api/captions')).json();
  const status = await (await api('/api/ingest')).json();
  if (panel.name !== 'ingest') return;
  const cards = el('textarea', { id: 'ingest-cards', rows: 2, placeholder: '/media/card/DCIM' });
  const to = el('input', { id: 'ingest-to' });
  const backups = el('textarea', { id: 'ingest-backups', rows: 2 });
  const job = el('input', { id: 'ingest-job' });
  const name = el('input', { id: 'ingest-name', placeholder: '{name}' });
  const folders = el('input', { id: 'ingest-folders', placeholder: '{year}/{date}' });
  const template = el('select', { id: 'ingest-template' }, el('option', { value: '', textContent: t('ingest.none') }),
    ...(help.templates ?? []).map((n) => el('option', { value: n, textContent: n })));
  const again = el('input', { id: 'ingest-again', type: 'checkbox' });
  const start = button(t('ingest.start'), t('ingest.startTitle'), async () => {
    const request = { sources: lines(cards.value), to: to.value, backups: lines(backups.value), job: job.value,
                      name: name.value, folders: folders.value, template: template.value, again: again.checked };
    const r = await api('/api/ingest', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                         body: JSON.stringify(request) });
    if (!r.ok) return say((await r.json()).error, true);
    follow();
  });
  start.id = 'ingest-start';
  body(t('ingest.title'), el('p', { className: 'hint', textContent: t('ingest.hint') }),
    field(t('ingest.cards'), cards), field(t('ingest.to'), to), field(t('ingest.backups'), backups),
    field(t('ingest.job'), job), field(t('ingest.name'), name), field(t('ingest.folders'), folders),
    field(t('ingest.template'), template), field(t('ingest.again'), again), el('div', { className: 'row' }, start),
    el('progress', { id: 'ingest-progress', max: 1, value: 0 }), el('p', { id: 'ingest-status', role: 'status' }),
    el('ul', { id: 'ingest-problems', className: 'problems' }));
  cards.focus();
  if (status.running) follow();
}

/// Follows the running ingest until it ends, then says what it did.
function follow() {
  followJob('ingest', (s) => t('ingest.progress', (s.done / 1e6).toFixed(0), (s.total / 1e6).toFixed(0)),
    (s, line) => {
      line.className = s.error ? 'error' : '';
      line.textContent = s.error ?? s.message ?? '';
      if (s.error || s.message) say(s.error ?? s.message, !!s.error || s.failed > 0);
      // each file that failed or was warned of, named with its reason (the summary alone named none)
      $('ingest-problems')?.replaceChildren(...(s.problems ?? []).map((p) => el('li',
        { className: p.failed ? 'error' : 'warning', textContent: `${p.path}: ${p.reason}` })));
    });
}

shows.ingest = showIngest;
/// The Projects panel's way in.
export const openIngest = () => openPanel('ingest');
