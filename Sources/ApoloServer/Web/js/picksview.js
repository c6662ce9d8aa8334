// Clients' hearts and comments on the owner's frames: asked of the server every few seconds while the hands rest,
// drawn in place as ♥ and 💬 badges (who in their titles); a reviewer sending their picks is said in the status line.
import { changes } from './changes.js';
import { reviewBadges } from './frames.js';
import { t } from './messages.js';
import { api, app, say } from './state.js';

let last = '', sent = null;

async function poll() {
  try {
    if (!app.loupe && !app.compare && !app.drag && changes.idle()) await fetchReviews();
  } catch {
    // the server is away (restarting): the version poll says so; the next ask tries again
  } finally {
    setTimeout(poll, 2000);
  }
}

async function fetchReviews() {
  const r = await api('/api/reviews').catch(() => null);
  if (!r?.ok) return;
  const text = await r.text();
  if (text === last) return;
  last = text;
  const body = JSON.parse(text);
  app.reviews = new Map(Object.entries(body.photos ?? {}));
  badges();
  tellSent(body.shares ?? []);
}

/// Says who sent their picks since the page opened (not those who had before).
function tellSent(shares) {
  const now = new Set(shares.flatMap((s) => s.sent.map((name) => `${s.number}\u0000${name}`)));
  if (sent) {
    for (const key of now) {
      if (sent.has(key)) continue;
      const [number, name] = key.split('\u0000');
      say(t('notice.sent', name, shares.find((s) => String(s.number) === number)?.title ?? number));
    }
  }
  sent = now;
}

/// The review badges of every frame on the page, made again in place.
function badges() {
  for (const f of document.querySelectorAll('.slide[data-id]')) {
    f.querySelectorAll('.badge.heart, .badge.note').forEach((b) => b.remove());
    f.querySelector('.badges')?.append(...reviewBadges(app.reviews.get(f.dataset.id), t));
  }
}

poll();
