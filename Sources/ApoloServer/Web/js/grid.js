// Moving the focus on a grid of frames that wraps: pure arithmetic, no DOM (the page measures the columns).
/// Frames per row in a strip `width` pixels wide, for frames `size` pixels wide with `gap` between them.
export function perRow(width, size, gap = 10) {
  return Math.max(1, Math.floor((width + gap) / (size + gap)));
}

/// How many frames of `size` pixels can show at once in `width` × `height` pixels: the rows in view and one
/// more (a frame is `size` + 36 pixels tall with its caption; a strip has 50 pixels of margins). The first screen
/// makes only these: the rest of each place is made when the whole project is there.
export function framesInView(width, height, size) {
  return perRow(width - 50, size + 20) * (Math.ceil(Math.max(0, height) / (size + 36)) + 1);
}

/// Where the focus goes from `index` in a place of `count` slides laid out `columns` to a row, moving `rows` rows
/// (negative: up): `{ index }` within the place, or `{ leave: 1 | -1, column }` when the move passes its last or
/// first row (the caller goes on to the next or previous place, at that column).
export function rowMove(index, count, columns, rows) {
  const column = index % columns;
  const target = index + rows * columns;
  if (target < 0) return index < columns ? { leave: -1, column } : { index: column };
  if (target >= count) {
    const lastRow = Math.floor((count - 1) / columns);
    if (Math.floor(index / columns) === lastRow) return { leave: 1, column };
    return { index: count - 1 };
  }
  return { index: target };
}

/// The index at `column` of the first row (`from: 'top'`) or the last row (`'bottom'`) of a place of `count`.
export function entry(count, columns, column, from) {
  if (count === 0) return -1;
  if (from === 'top') return Math.min(column, count - 1);
  const lastRow = Math.floor((count - 1) / columns) * columns;
  return Math.min(lastRow + column, count - 1);
}

/// True when boxes laid out in a row (each with top, bottom and height; empty ones ignored) sit on more than one
/// line: a box starts below the bottom of the shortest one.
export function wraps(boxes) {
  const tall = boxes.filter((b) => b.height > 0);
  if (tall.length < 2) return false;
  const firstBottom = Math.min(...tall.map((b) => b.bottom));
  return tall.some((b) => b.top >= firstBottom);
}
