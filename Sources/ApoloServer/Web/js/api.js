// The light table's answers as the page reads them: one description of each (JSDoc for readers and editors,
// SHAPES for the contract test, which checks it against the answers the server's Swift tests record in
// tests/node/api/). A field added on one side and not the other fails a test. No DOM here.

/** @typedef {{kind: 'table'|'shelf'|'album'|'discarded', name: string, ids: string[], count?: number}} Place */
/**
 * @typedef {{file: string, rating: number, tags: string[], captured: string, discarded?: boolean, label?: string,
 *   camera?: string, pair?: string, shot?: string, size?: string, meta?: Object<string, string>}} PhotoFacts
 */
/**
 * `GET /api/state`: the project as the page draws it. `GET /api/state?first=N`: the first screen, the table's first
 * N slides and the next places' first slides up to 3 × N in all (later places none), their photos, with each place's
 * size (`count`) and `partial: true`.
 * @typedef {{project: string, revision: string, undo: ?string, redo: ?string, places: Place[],
 *   photos: Object<string, PhotoFacts>, partial?: boolean}} State
 */
/** @typedef {{b: number[], s: number, e: 'open'|'closed'|'unknown'}} FaceFacts */
/**
 * One photo's measures: sharpness `s`, blown `h` and crushed `d` shares, the focus judged `f` and why `fw`, what a
 * lost exposure lost `cw` (`fw` absent when plainly sharp), its faces `fl`.
 * @typedef {{s: number, h: number, d: number, blurry: boolean, clipped: boolean, f: 'sharp'|'soft'|'unsure',
 *   fw?: string, cw?: string, fl?: FaceFacts[]}} Measures
 */
/**
 * `GET /api/analysis`.
 * @typedef {{stacks: Object<string, string[]>, best: string[], signals: Object<string, Measures>,
 *   unmeasured: number, looking: number, gap: ?number, thresholds: Object<string, number>}} Analysis
 */
/** `GET /api/version`. @typedef {{version: string}} Version */
/**
 * `GET /api/history`.
 * @typedef {{position: number, steps: {summary: string, command: string, date: string}[]}} History
 */

/**
 * `GET /api/people`: most faces first; `face`, the person's largest face (for the tile); `loose`, faces in no person;
 * `off`, why people are off (or null).
 * @typedef {{people: {id: number, name?: string, faces: number, photos: string[],
 *   face?: {photo: string, box: number[], aspect: number}}[], loose: number, off: ?string}} People
 */

/**
 * `GET /api/stack/{id}`: the stack of photo `id` as a group shot (404 when in no stack, or no face in its frames).
 * @typedef {{frames: string[], rows: {person?: number, name?: string,
 *   cells: ({eyes: string, sharpness: number, good: boolean}|null)[]}[], suggested: string, good: number,
 *   swaps: {row: number, from: string}[]}} GroupShot
 */

/// Each answer's shape: a type name ('string', 'number', 'boolean'; '?' after it: or null), a list of one shape,
/// an object of fields (a name ending in '?' may be absent), or `{'*': shape}` for an object keyed by data.
export const SHAPES = {
  state: {
    project: 'string', revision: 'string', undo: 'string?', redo: 'string?',
    places: [{ kind: 'string', name: 'string', ids: ['string'] }],
    photos: { '*': { file: 'string', rating: 'number', tags: ['string'], captured: 'string',
      'discarded?': 'boolean', 'label?': 'string', 'camera?': 'string', 'pair?': 'string', 'shot?': 'string',
      'size?': 'string', 'meta?': { '*': 'string' } } },
  },
  stateFirst: {
    project: 'string', revision: 'string', undo: 'string?', redo: 'string?', partial: 'boolean',
    places: [{ kind: 'string', name: 'string', ids: ['string'], count: 'number' }],
    photos: { '*': { file: 'string', rating: 'number', tags: ['string'], captured: 'string',
      'discarded?': 'boolean', 'label?': 'string', 'camera?': 'string', 'pair?': 'string', 'shot?': 'string',
      'size?': 'string', 'meta?': { '*': 'string' } } },
  },
  analysis: {
    stacks: { '*': ['string'] }, best: ['string'],
    signals: { '*': { s: 'number', h: 'number', d: 'number', blurry: 'boolean', clipped: 'boolean', f: 'string',
      'fw?': 'string', 'cw?': 'string', 'fl?': [{ b: ['number'], s: 'number', e: 'string' }] } },
    unmeasured: 'number', looking: 'number', gap: 'number?', thresholds: { '*': 'number' },
  },
  version: { version: 'string' },
  history: { position: 'number', steps: [{ summary: 'string', command: 'string', date: 'string' }] },
  people: {
    people: [{ id: 'number', 'name?': 'string', faces: 'number', photos: ['string'],
      'face?': { photo: 'string', box: ['number'], aspect: 'number' } }],
    loose: 'number', off: 'string?',
  },
};

/// What in `value` does not have `shape` (an empty list when all does), each said with its path.
export function problems(shape, value, path = '') {
  if (typeof shape === 'string') {
    const [type, nullable] = [shape.replace('?', ''), shape.endsWith('?')];
    if (value === null) return nullable ? [] : [`${path || 'the answer'}: null, not ${type}`];
    return typeof value === type ? [] : [`${path || 'the answer'}: ${typeof value}, not ${type}`];
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) return [`${path}: not a list`];
    return value.flatMap((item, i) => problems(shape[0], item, `${path}[${i}]`));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
  if ('*' in shape) return Object.entries(value).flatMap(([k, v]) => problems(shape['*'], v, `${path}.${k}`));
  const fields = Object.fromEntries(Object.entries(shape)
    .map(([k, s]) => [k.replace(/\?$/, ''), [s, k.endsWith('?')]]));
  const found = Object.keys(value).filter((k) => !(k in fields)).map((k) => `${path}.${k}: not declared in api.js`);
  for (const [name, [s, optional]] of Object.entries(fields)) {
    if (!(name in value)) { if (!optional) found.push(`${path}.${name}: missing`); continue; }
    found.push(...problems(s, value[name], `${path}.${name}`));
  }
  return found;
}
