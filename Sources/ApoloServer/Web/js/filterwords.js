// The filter panel's criteria as `apolo filter` takes them: which slides match (to highlight them as the criteria
// change) and the command's words (to make the shelf). No DOM here. A criteria object is { tags: [], any, rating:
// '' | '=N' | '>N', label: '' | colour, measured: '' | 'blurry' | 'sharp' | 'clipped' | 'stack-best' | 'faces' |
// 'closed-eyes', client: '' | 'picked' | 'commented', person: '' | id, people: null | Set of the person's photos,
// camera, from, to, scope }; `facts(id)` tells what apolo measured
// of a photo (stacks.js), `marks(id)` what clients did through shares ({h: [names], c: [[name, text]]} or null).
import { MEASURES } from './viewfilter.js';

/// The measured criteria, in the order the panel offers them.
export const MEASURED = Object.keys(MEASURES);

/// A test of one slide against the criteria `f`, as `apolo filter` applies them.
export function matcher(f, facts = () => ({}), marks = () => null) {
  const wanted = f.tags.map((tag) => tag.toLowerCase());
  const stars = f.rating ? Number(f.rating.slice(1)) : 0;
  return (s) => {
    if (f.camera && !(s.camera ?? '').toLowerCase().includes(f.camera)) return false;
    if (f.from && (s.captured ?? '') < f.from) return false;
    if (f.to && (s.captured ?? '').slice(0, f.to.length) > f.to) return false;
    if (f.rating && (f.rating[0] === '=' ? s.rating !== stars : s.rating < stars)) return false;
    if (f.label && s.label !== f.label) return false;
    if (f.measured && !MEASURES[f.measured](facts(s.id) ?? {})) return false;
    if (f.client && !(marks(s.id)?.[f.client === 'picked' ? 'h' : 'c'] ?? []).length) return false;
    if (f.people && !f.people.has(s.id)) return false;
    const has = wanted.map((tag) => s.tags.some((u) => u.toLowerCase() === tag));
    return !wanted.length || (f.any ? has.includes(true) : !has.includes(false));
  };
}

/// The words of the `apolo filter` command the criteria make (without --new-shelf or --into).
export function words(f) {
  const w = ['filter'];
  for (const tag of f.tags) w.push('--tag', tag);
  if (f.any) w.push('--any-tag');
  if (f.rating) w.push(f.rating[0] === '=' ? '--rating' : '--min-rating', f.rating.slice(1));
  if (f.label) w.push('--label', f.label);
  if (f.measured) w.push('--' + f.measured);
  if (f.client) w.push('--' + f.client);
  if (f.person) w.push('--person', String(f.person));
  if (f.camera) w.push('--camera', f.camera);
  if (f.from || f.to) w.push('--date', f.from + '..' + f.to);
  return w.concat('--from', f.scope);
}
