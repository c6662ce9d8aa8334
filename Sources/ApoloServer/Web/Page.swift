/// The light table's one page (hand-written HTML; the script and styles are `Script` and `Style`).
enum Page {
    static let html = ##"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>apolo · light table</title>
    <link rel="stylesheet" href="/app.css">
    </head>
    <body>
    <header id="bar">
      <strong id="project">apolo</strong>
      <button id="undo" title="Undo (Ctrl+Z)">↶ Undo</button>
      <button id="redo" title="Redo (Ctrl+Shift+Z)">↷ Redo</button>
      <button id="new-shelf" title="Create a shelf">+ Shelf</button>
      <button data-opens="filter" title="Filter by tags and rating into a shelf (F)">Filter</button>
      <button data-opens="history" title="The undo history">History</button>
      <button data-opens="export" title="Export the albums in order">Export</button>
      <button data-opens="projects" title="Open, make, copy, rename or discard projects">Projects</button>
      <span id="target" title="S sends the focused or selected slides here; choose with a shelf's ◎ button">target: none</span>
      <span id="message" role="status" aria-live="polite"></span>
      <button id="help-button" title="Keys (?)">?</button>
    </header>
    <main id="places"></main>
    <aside id="panel" hidden></aside>
    <div id="compare" data-view="compare" hidden></div>
    <div id="loupe" data-view="loupe" hidden>
      <figure id="loupe-frame"></figure>
      <aside id="loupe-facts"></aside>
    </div>
    <div id="help" hidden>
      <h2>Keys</h2>
      <table>
        <tr><td>← → ↑ ↓</td><td>move the focus (Shift: extend the selection)</td></tr>
        <tr><td>click, Shift-click, Ctrl-click, Ctrl+A</td><td>select slides</td></tr>
        <tr><td>0 – 5</td><td>rate the focused or selected slides</td></tr>
        <tr><td>X</td><td>discard (off a shelf: back to the table)</td></tr>
        <tr><td>U</td><td>restore a discarded slide</td></tr>
        <tr><td>T</td><td>add tags</td></tr>
        <tr><td>S</td><td>send to the target shelf (◎ on a shelf chooses it)</td></tr>
        <tr><td>Space, Enter</td><td>open the loupe; ← → step (or swipe); A toggles advance after rating; Z or a click: 100%; Esc closes</td></tr>
        <tr><td>C</td><td>compare the selected slides (or the focused one and the next) side by side</td></tr>
        <tr><td>F</td><td>filter panel: matches are highlighted, then become a shelf</td></tr>
        <tr><td>Ctrl+Z, Ctrl+Shift+Z</td><td>undo, redo</td></tr>
        <tr><td>drag, Alt-drag onto a slide</td><td>move (where the marker shows), swap</td></tr>
        <tr><td>touch or pen: press and hold, then drag</td><td>move</td></tr>
      </table>
      <p>Every change is an apolo command, saved at once and undoable from here or from the command line.</p>
    </div>
    <script type="module" src="/app.js"></script>
    </body>
    </html>
    """##
}
