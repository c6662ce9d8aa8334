// Who is at this page: the owner, or a person the owner invited (a culler edits the table and shelves; a reviewer
// looks). Buttons for what the person may not do are hidden (the server refuses them anyway, in words).
import { t } from './messages.js';
import { $, api } from './state.js';

const OWNER_ONLY = ['[data-opens="export"]', '[data-opens="projects"]'];
const CHANGES = ['#undo', '#redo', '#new-shelf', '[data-opens="caption"]', '#label-control'];

async function who() {
  const r = await api('/api/me').catch(() => null);
  if (!r?.ok) return;
  const me = await r.json();
  if (me.role === 'owner') return;
  const hidden = me.role === 'culler' ? OWNER_ONLY : [...OWNER_ONLY, ...CHANGES];
  hidden.forEach((selector) => document.querySelectorAll(selector).forEach((el) => { el.hidden = true; }));
  const badge = Object.assign(document.createElement('span'), { id: 'me', className: 'quiet',
    textContent: t('me.' + me.role, me.name) });
  $('project').after(badge);
}

who().catch(() => {});   // the server away just now: every button stays (the server still refuses what a role cannot)
