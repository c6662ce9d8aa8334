// What a change of the page does, in the page's words ("★★★★ on DSC_0412.jpg", "discard 3 slides"), from the
// command lines it sends: a refused change and the page's History name it so, never by its command or an id.
// No DOM here: `nameOf(ref)` names a slide reference (a file name), `t` gives the reader's words.
const range = (from, to) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k);

/// Where the slide references are in a command line (indices into its words) for the commands that name slides
/// and nothing else; null for the others (a move names a place too, a shelf command none).
export function refPlaces(words) {
  const [a, b] = words;
  if (a === 'rate' || a === 'label') return range(1, words.length - 1);
  if (a === 'tag' && b === 'add') return [2];   // one word, the references joined by commas
  if (a === 'slide' && (b === 'discard' || b === 'restore')) return range(2, words.length);
  if (a === 'stack' && b === 'keep') return [2];
  if (a === 'stack' && (b === 'merge' || b === 'split')) return range(2, words.length);
  if (a === 'caption' && b === 'set') return [2];
  if (a === 'template' && b === 'apply') return [3];
  return null;
}

/// The slides one word of references names (`table:3`, or `table:3,table:4` for tags).
const refsIn = (words, k) => (['tag', 'caption', 'template'].includes(words[0]) ? words[k].split(',') : [words[k]]);

/// The same change on the photos it was meant for, whatever their places now: each reference made the photo's id
/// (`idOf(ref)`, from the state the change was made on); null when a command is not one `refPlaces` knows.
export function onTheSamePhotos(commands, idOf) {
  const again = [];
  for (const words of commands) {
    const places = refPlaces(words);
    if (!places) return null;
    const copy = [...words];
    for (const k of places) {
      const ids = refsIn(words, k).map(idOf);
      if (ids.some((id) => !id)) return null;
      copy[k] = ids.join(',');
    }
    again.push(copy);
  }
  return again;
}

/// One command line in the reader's words.
function said(words, nameOf, t) {
  const [a, b] = words;
  const places = refPlaces(words) ?? [];
  const refs = places.flatMap((k) => refsIn(words, k));
  const slides = refs.length === 1 ? nameOf(refs[0]) : t('what.slides', refs.length);
  if (a === 'rate') return t('what.rate', '★'.repeat(Number(words.at(-1))) || '0 ★', slides);
  if (a === 'label') return t('what.label', t('label.' + words.at(-1)), slides);
  if (a === 'tag') return t('what.tag', words.slice(3).join(', '), slides);
  if (a === 'stack' && b === 'auto') return words[3] === 'off' ? t('view.gapOff') : t('view.gapUpTo', words[3]);
  if (a === 'stack' && b === 'merge') return t('what.stackMerge', slides);
  if (a === 'stack' && b === 'split') return t('what.unstack', slides);
  if (a === 'stack') return t('what.keepBest', slides);
  if (a === 'caption') return t('what.caption', slides);
  if (a === 'template') return t('what.template', words[2], slides);
  if (a === 'slide' && places.length) return t(b === 'discard' ? 'what.discard' : 'what.restore', slides);
  if (a === 'slide' && b === 'swap') return t('what.swap', nameOf(words[2]), nameOf(words[3]));
  if (a === 'slide' && b === 'move') return t('what.move', nameOf(words[2]), (words[4] ?? '').split(':')[0]);
  if (a === 'shelf' || a === 'album') return t(`what.${a}.${b}`, words[2], words[3] ?? '');
  if (a === 'filter') return t('what.filter', words.at(-1));
  return t('what.other');
}

/// A change's command lines in the reader's words: the first two, and how many more.
export function describe(commands, nameOf, t) {
  const parts = commands.slice(0, 2).map((words) => said(words, nameOf, t));
  return parts.join('; ') + (commands.length > 2 ? ' ' + t('what.more', commands.length - 2) : '');
}
