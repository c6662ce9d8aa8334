// A stack as a group shot (`GET /api/stack/{id}`, see GroupShot in apolo): who is good in which frame. No DOM here.
// A shot is { frames: [id], rows: [{ person?, name?, cells: [{ eyes, sharpness, good } | null] }], suggested: id,
// good: N, swaps: [{ row, from: id }] }.
import { t } from './messages.js';

/// What a row is called: the person's name, "Person N", else "Face N" (a face in no person, by its place).
export const whoIs = (row, r) => row.name ?? (row.person ? t('people.numbered', row.person) : t('group.face', r + 1));

/// A cell in words: the eyes and the face's sharpness, "good" when both are, or that the face was not found.
export function cellWords(cell) {
  if (!cell) return t('group.missing');
  const words = t('group.cell', t('eyes.' + cell.eyes), cell.sharpness.toFixed(2));
  return cell.good ? t('group.good', words) : words;
}

/// The summary under the matrix: how many are good in the suggested frame, and where the others are at their best
/// (`name(id)` names a frame as the page does).
export function summary(shot, name) {
  const lines = [t(shot.good === shot.rows.length ? 'group.everyone' : 'group.most', name(shot.suggested), shot.good,
    shot.rows.length)];
  for (const swap of shot.swaps) lines.push(t('group.swap', whoIs(shot.rows[swap.row], swap.row), name(swap.from)));
  return lines;
}
