/// The light table's styles: dark and backlit, like `apolo sheet`.
enum Style {
    static let text = ##"""
    :root { --bg: #121214; --frame: #26262a; --light: #ececec; --dim: #8a8a8a; --star: #f3c14b; --accent: #5aa9ff; --bad: #ff6b6b; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--light); font: 14px/1.4 "DejaVu Sans", system-ui, sans-serif; }
    #bar { position: sticky; top: 0; z-index: 5; display: flex; gap: 10px; align-items: center; padding: 8px 16px;
           background: #1b1b1e; border-bottom: 1px solid #2e2e33; }
    #bar strong { font-size: 18px; margin-right: 8px; }
    button { background: #2e2e33; color: var(--light); border: 1px solid #3a3a40; border-radius: 4px; padding: 3px 8px; cursor: pointer; font: inherit; }
    button:disabled { opacity: .4; cursor: default; }
    button:hover:not(:disabled) { border-color: var(--accent); }
    #target { color: var(--dim); }
    #message { flex: 1; color: var(--dim); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    #message.error { color: var(--bad); }
    main { padding: 8px 16px 40px; }
    .place { margin: 14px 0; }
    .place h2 { font-size: 15px; font-weight: normal; margin: 0 0 6px; display: flex; gap: 6px; align-items: center; }
    .place h2 .title { margin-right: 8px; color: var(--dim); }
    .place h2 .title b { color: var(--light); font-size: 16px; }
    .place h2 button { padding: 0 6px; font-size: 13px; }
    .strip { display: flex; flex-wrap: wrap; gap: 10px; min-height: 60px; padding: 8px; border-radius: 6px;
             background: linear-gradient(#1a1a1d, #151517); border: 1px dashed transparent; }
    .shelf .strip { border-color: #2e2e33; }
    .album .strip { background: #18181b; border: 1px solid #34343a; }
    .table .strip { background: radial-gradient(ellipse at top, #202024, #141416); }
    .empty { color: #5a5a5a; margin: 12px; }
    details summary { cursor: pointer; list-style: none; }
    details summary::-webkit-details-marker { display: none; }
    details summary h2::before { content: "▸ "; color: var(--dim); }
    details[open] summary h2::before { content: "▾ "; }
    .slide { position: relative; margin: 0; width: 176px; background: var(--frame); border-radius: 4px; padding: 8px 8px 4px;
             border: 2px solid transparent; outline: none; user-select: none; }
    .slide img { display: block; width: 160px; height: 160px; object-fit: contain; background: #0c0c0e;
                 box-shadow: 0 0 18px rgba(255, 255, 240, .05) inset; }
    .slide.broken img { visibility: hidden; }
    .slide .flag { position: absolute; left: 8px; right: 8px; top: 140px; text-align: center; font-size: 12px;
                   color: var(--bad); background: rgba(18, 18, 20, .85); }
    .slide.broken::after { content: "cannot show this photo"; position: absolute; top: 70px; left: 0; right: 0; text-align: center; color: #777; font-size: 12px; }
    .slide figcaption { display: flex; gap: 8px; align-items: center; padding-top: 4px; color: #d8d8d8; font-size: 13px; }
    .slide .stars { color: var(--star); letter-spacing: 1px; }
    .slide[data-rating="0"] .stars { color: #4a4a4a; }
    .slide.selected { border-color: #3d6ea8; background: #2a3240; }
    .slide.focused { border-color: var(--accent); box-shadow: 0 0 0 2px rgba(90, 169, 255, .35); }
    .slide.insert-before::before, .slide.insert-after::after { content: ""; position: absolute; top: 0; bottom: 0; width: 4px;
             background: var(--accent); border-radius: 2px; }
    .slide.insert-before::before { left: -8px; }
    .slide.insert-after::after { right: -8px; }
    .slide.swap { border-color: var(--star); }
    .more { align-self: center; }
    #loupe { position: fixed; inset: 0; z-index: 10; background: rgba(8, 8, 9, .97); display: flex; }
    #loupe[hidden] { display: none; }
    #loupe-frame { position: relative; flex: 1; margin: 0; display: flex; align-items: center; justify-content: center; padding: 16px; }
    #loupe-frame img { width: 100%; height: calc(100vh - 32px); object-fit: contain; }
    #loupe-frame img.ahead { position: absolute; top: 16px; left: 16px; width: calc(100% - 32px); opacity: 0; pointer-events: none; }
    #loupe-frame.actual img.ahead { display: none; }
    #loupe-facts { width: 260px; padding: 24px 16px; background: #161618; display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; align-content: start; }
    #loupe-facts dt { color: var(--dim); }
    #loupe-facts dd { margin: 0; word-break: break-all; }
    #help { position: fixed; right: 16px; top: 52px; z-index: 20; background: #1e1e22; border: 1px solid #3a3a40; border-radius: 6px; padding: 8px 16px; max-width: 520px; }
    #help[hidden] { display: none; }
    #help td { padding: 2px 12px 2px 0; vertical-align: top; }
    #help td:first-child { color: var(--star); white-space: nowrap; }
    .place h2[draggable=true] { cursor: grab; }
    .place.row-before { box-shadow: 0 -4px 0 var(--accent); }
    .place.row-after { box-shadow: 0 4px 0 var(--accent); }
    #bar button.on { border-color: var(--accent); background: #2a3240; }
    #panel { position: fixed; right: 0; top: 45px; bottom: 0; width: 340px; z-index: 6; overflow: auto; padding: 8px 16px 24px;
             background: #1a1a1d; border-left: 1px solid #2e2e33; }
    #panel[hidden] { display: none; }
    body:has(#panel:not([hidden])) main { margin-right: 340px; }
    #panel h2 { display: flex; justify-content: space-between; font-size: 16px; }
    #panel .field { display: grid; grid-template-columns: 110px 1fr; gap: 8px; align-items: center; margin: 6px 0; }
    #panel .field span { color: var(--dim); }
    #panel input:not([type=checkbox]), #panel select { background: #111; color: var(--light); border: 1px solid #3a3a40; border-radius: 4px; padding: 3px 6px; font: inherit; min-width: 0; }
    #panel .row { display: flex; gap: 8px; margin: 8px 0; align-items: center; }
    #panel .hint { color: var(--dim); }
    #panel progress { width: 100%; }
    #panel .error { color: var(--bad); }
    #panel a { color: var(--accent); }
    #project-list, #history-list { list-style: none; padding: 0; }
    #project-list li { padding: 6px 0; border-bottom: 1px solid #2a2a2e; }
    #project-list li.open b { color: var(--accent); }
    #history-list li { padding: 3px 6px; cursor: pointer; border-radius: 3px; }
    #history-list li:hover { background: #26262a; }
    #history-list li.undone { color: #666; }
    #history-list li.here { outline: 1px solid var(--accent); }
    body.filtering .slide { opacity: .3; }
    body.filtering .slide.match { opacity: 1; border-color: var(--star); }
    .slide.lifted { transform: scale(1.05); box-shadow: 0 6px 20px rgba(0, 0, 0, .6); }
    #loupe-frame.actual { display: block; overflow: auto; padding: 0; cursor: zoom-out; }
    #loupe-frame.actual #loupe-image { width: auto; height: auto; max-width: none; object-fit: none; }
    #loupe-image { cursor: zoom-in; }
    #compare { position: fixed; inset: 0; z-index: 12; background: rgba(8, 8, 9, .97); display: grid;
               grid-template-columns: repeat(var(--columns, 2), 1fr); gap: 8px; padding: 12px; }
    #compare[hidden] { display: none; }
    .compared { margin: 0; display: flex; flex-direction: column; min-height: 0; cursor: zoom-in; }
    .compared img { flex: 1; min-height: 0; width: 100%; object-fit: contain; }
    .compared figcaption { text-align: center; padding: 4px; }
    .compared .stars { color: var(--star); }
    """##
}
