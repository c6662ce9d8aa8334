// apolo's messages name the command that helps (`reopen it first: apolo album reopen trip`); on the page the
// button or key that does it is right there, so those hints are said in the page's terms. No DOM here.
const HINTS = [
  [/;? ?reopen it(?: as a shelf)? first: apolo album reopen .+$/, '; reopen it first with ↺ on the album'],
  [/ \(see: apolo table --discarded; undo: apolo slide restore \S+\)/, ' (dimmed in its place: U on it restores it)'],
  [/ \(see: apolo table --discarded\)/, ''],
  [/ \(apolo undo brings them all back\)/, ' (Ctrl+Z brings them all back)'],
  [/; make one with: apolo album compress SHELF/, '; make one with ▣ on a shelf'],
  [/; rename it first: apolo shelf rename .+$/, '; rename it first with ✎ on that shelf'],
  [/to discard a slide use: apolo slide discard .+$/, 'to discard a slide press X on it'],
  [/; restore it first: apolo slide restore REF/, '; restore it first (U on it)'],
  [/ \((?:see|undo|then|try|use)[^()]*\bapolo [^()]*\)/g, ''],   // any other command-line hint: not the page's words
];

/// A message of apolo's as the page says it: command-line hints become the page's buttons and keys.
export function forThePage(text) {
  if (!text) return text;
  return HINTS.reduce((said, [hint, page]) => said.replace(hint, page), text);
}
