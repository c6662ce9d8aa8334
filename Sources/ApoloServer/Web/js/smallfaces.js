// L: the chosen photos looked at whole for faces from 40 px (a group whose every face is small), by the server in
// the background; their faces arrive with the page's next measures, and the page says how many there are then.
import { t } from './messages.js';
import { api, say } from './state.js';

let asked = [];

/// Asks the server to look at photos `ids` whole for small faces and says what it will do; true when it will.
export async function lookForSmallFaces(ids) {
  if (!ids.length) return false;
  const r = await api('/api/small-faces', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ids }),
  }).catch(() => null);
  const body = r ? await r.json().catch(() => ({})) : {};
  if (!r?.ok) { say(body.error || t('smallFaces.failed'), true); return false; }
  if (!body.looking) { say(t('smallFaces.already')); return false; }
  asked = ids;
  say(body.looking === 1 ? t('smallFaces.lookingOne') : t('smallFaces.looking', body.looking));
  return true;
}

/// Once the server has looked (nothing waits any more): says how many faces the photos asked about have now
/// (`signals`: /api/analysis's, by photo id).
export function smallFacesDone(signals) {
  if (!asked.length) return;
  const faces = asked.reduce((n, id) => n + (signals[id]?.fl?.length ?? 0), 0);
  asked = [];
  say(faces === 1 ? t('smallFaces.doneOne') : t('smallFaces.done', faces));
}
