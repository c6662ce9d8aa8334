// The one key map of the light table: it drives the key handling and the help panel. No DOM here.
// A key is written as the browser names it, after modifiers: 'Ctrl+Shift+z', 'Alt+ArrowLeft', 'Space', '3'.
// A letter matches in either case; Shift counts for letters only together with Ctrl, and with a digit key
// (by its place on the keyboard, whatever character the layout gives: Shift+1 is '!' on one, '1' on another).
// `scope`: where the key acts; the loupe and compare fall back to the table's keys, and every view to 'any'.
export const KEYMAP = [
  { action: 'undo', keys: ['Ctrl+z'], scope: 'any', help: 'help.undo' },
  { action: 'redo', keys: ['Ctrl+Shift+z', 'Ctrl+y'], scope: 'any', help: 'help.redo' },
  { action: 'help', keys: ['?'], scope: 'any', help: 'help.help' },
  { action: 'close', keys: ['Escape'], scope: 'any', help: 'help.close' },
  { action: 'next', keys: ['ArrowRight'], scope: 'table', help: 'help.next' },
  { action: 'previous', keys: ['ArrowLeft'], scope: 'table', help: 'help.previous' },
  { action: 'extendNext', keys: ['Shift+ArrowRight'], scope: 'table', help: 'help.extend' },
  { action: 'extendPrevious', keys: ['Shift+ArrowLeft'], scope: 'table', help: null },
  { action: 'down', keys: ['ArrowDown'], scope: 'table', help: 'help.rows' },
  { action: 'up', keys: ['ArrowUp'], scope: 'table', help: null },
  { action: 'pageDown', keys: ['PageDown'], scope: 'table', help: 'help.pages' },
  { action: 'pageUp', keys: ['PageUp'], scope: 'table', help: null },
  { action: 'first', keys: ['Home'], scope: 'table', help: 'help.ends' },
  { action: 'last', keys: ['End'], scope: 'table', help: null },
  { action: 'moveLater', keys: ['Alt+ArrowRight'], scope: 'table', help: 'help.moveSlide' },
  { action: 'moveEarlier', keys: ['Alt+ArrowLeft'], scope: 'table', help: null },
  { action: 'selectAll', keys: ['Ctrl+a'], scope: 'table', help: 'help.selectAll' },
  { action: 'rate', keys: ['0', '1', '2', '3', '4', '5'], scope: 'table', help: 'help.rate' },
  { action: 'discard', keys: ['x'], scope: 'table', help: 'help.discard' },
  { action: 'label', keys: ['6', '7', '8', '9'], scope: 'table', help: 'help.label' },
  { action: 'keepBest', keys: ['b'], scope: 'table', help: 'help.keepBest' },
  { action: 'stackChosen', keys: ['Ctrl+g'], scope: 'table', help: 'help.stackChosen' },
  { action: 'unstack', keys: ['Ctrl+Shift+g'], scope: 'table', help: 'help.unstack' },
  { action: 'smallFaces', keys: ['l'], scope: 'table', help: 'help.smallFaces' },
  { action: 'stack', keys: ['g'], scope: 'table', help: 'help.stack' },
  { action: 'restore', keys: ['u'], scope: 'table', help: 'help.restore' },
  { action: 'tag', keys: ['t'], scope: 'table', help: 'help.tag' },
  { action: 'tagKey', keys: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => 'Shift+' + n), scope: 'table',
    help: 'help.tagKeys' },
  { action: 'send', keys: ['s'], scope: 'table', help: 'help.send' },
  { action: 'bigger', keys: ['+', '='], scope: 'table', help: 'help.size' },
  { action: 'smaller', keys: ['-'], scope: 'table', help: null },
  { action: 'captions', keys: ['i'], scope: 'table', help: 'help.captions' },
  { action: 'loupe', keys: ['Space', 'Enter'], scope: 'table', help: 'help.loupe' },
  { action: 'compare', keys: ['c'], scope: 'table', help: 'help.compare' },
  { action: 'filter', keys: ['f'], scope: 'table', help: 'help.filter' },
  { action: 'people', keys: ['w'], scope: 'table', help: 'help.people' },
  { action: 'group', keys: ['y'], scope: 'table', help: 'help.group' },
  { action: 'clearView', keys: ['\\'], scope: 'table', help: 'help.clearView' },
  { action: 'newShelf', keys: ['n'], scope: 'table', help: 'help.newShelf' },
  { action: 'view', keys: ['v'], scope: 'table', help: 'help.view' },
  { action: 'caption', keys: ['m'], scope: 'table', help: 'help.caption' },
  { action: 'history', keys: ['h'], scope: 'table', help: 'help.history' },
  { action: 'export', keys: ['e'], scope: 'table', help: 'help.export' },
  { action: 'projects', keys: ['o'], scope: 'table', help: 'help.projects' },
  { action: 'rackOrTable', keys: ['r'], scope: 'table', help: 'help.rackOrTable' },
  { action: 'step', keys: ['ArrowRight'], scope: 'loupe', help: 'help.step' },
  { action: 'stepBack', keys: ['ArrowLeft'], scope: 'loupe', help: null },
  { action: 'advance', keys: ['a'], scope: 'loupe', help: 'help.advance' },
  { action: 'zoom', keys: ['z'], scope: 'loupe', help: 'help.zoom' },
  { action: 'faceStrip', keys: ['e'], scope: 'loupe', help: 'help.faceStrip' },
  { action: 'clipping', keys: ['j'], scope: 'loupe', help: 'help.clipping' },
  { action: 'peaking', keys: ['p'], scope: 'loupe', help: 'help.peaking' },
  { action: 'close', keys: ['Space', 'Enter'], scope: 'loupe', help: 'help.closeLoupe' },
  { action: 'close', keys: ['c'], scope: 'compare', help: 'help.closeCompare' },
  { action: 'step', keys: ['ArrowRight'], scope: 'compare', help: 'help.compareStep' },
  { action: 'stepBack', keys: ['ArrowLeft'], scope: 'compare', help: null },
  { action: 'advance', keys: ['a'], scope: 'compare', help: 'help.advance' },
  { action: 'zoom', keys: ['z'], scope: 'compare', help: 'help.compareZoom' },
  { action: 'faceStrip', keys: ['e'], scope: 'compare', help: 'help.compareFaces' },
];

/// What the mouse, pen and touch do, for the help panel.
export const GESTURES = [
  { keys: 'help.clickKeys', help: 'help.click' },
  { keys: 'help.dragKeys', help: 'help.drag' },
  { keys: 'help.touchKeys', help: 'help.touch' },
];

/// The name of a key event as the map writes it.
export function describe({ key, code = '', ctrlKey = false, metaKey = false, altKey = false, shiftKey = false }) {
  if (shiftKey && !ctrlKey && !metaKey && !altKey && /^Digit[1-9]$/.test(code)) return 'Shift+' + code.slice(5);
  const named = key === ' ' ? 'Space' : key;
  const letter = named.length === 1 && named.toLowerCase() !== named.toUpperCase();
  const parts = [];
  if (ctrlKey || metaKey) parts.push('Ctrl');
  if (altKey) parts.push('Alt');
  if (shiftKey && (named.length > 1 || (letter && (ctrlKey || metaKey)))) parts.push('Shift');
  parts.push(letter ? named.toLowerCase() : named);
  return parts.join('+');
}

const FALLBACK = { loupe: ['loupe', 'table', 'any'], compare: ['compare', 'table', 'any'], table: ['table', 'any'] };

/// The action of a key event in a view ('table', 'loupe' or 'compare'), or null.
export function actionFor(event, view = 'table') {
  const name = describe(event);
  for (const scope of FALLBACK[view] ?? [view, 'any']) {
    const entry = KEYMAP.find((e) => e.scope === scope && e.keys.includes(name));
    if (entry) return entry.action;
  }
  return null;
}

/// How a key is shown: arrows as arrows, the rest as written.
export function keyLabel(key) {
  const arrows = { ArrowRight: '→', ArrowLeft: '←', ArrowUp: '↑', ArrowDown: '↓' };
  return key.split('+').map((part) => arrows[part] ?? part).join('+');
}

/// The rows of the help panel: every action with a help text, with the keys of it and of its silent siblings.
export function helpRows() {
  const rows = [];
  KEYMAP.forEach((entry, i) => {
    if (!entry.help) return;
    const keys = [...entry.keys];
    for (const next of KEYMAP.slice(i + 1)) {
      if (next.help || next.scope !== entry.scope) break;
      keys.push(...next.keys);
    }
    rows.push({ scope: entry.scope, keys: keys.map(keyLabel), help: entry.help });
  });
  return rows;
}
