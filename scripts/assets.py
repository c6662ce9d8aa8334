#!/usr/bin/env python3
"""Writes Sources/ApoloServer/Assets+Files.swift, the list of the page's files (Web/ and Web/js/) that the server
embeds, from the folder itself: a file added to Web/ is served with no list kept by hand. Also writes, in index.html
and review.html, a modulepreload link for every module their script imports, directly or not: the browser asks for
them all at once instead of one level of imports after another.
Usage: assets.py [--check]   (--check: fail when the file is not what this would write; make check runs it)"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
web = root / "Sources/ApoloServer/Web"
target = root / "Sources/ApoloServer/Assets+Files.swift"
types = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml",
         ".js": "text/javascript; charset=utf-8"}


def resource(name):
    """SwiftPM's name for an embedded file: what is not a letter or digit becomes _."""
    return re.sub(r"[^A-Za-z0-9]", "_", name)


def row(path, name):
    return f'        ("{path}", PackageResources.{resource(name)}, "{types[pathlib.Path(name).suffix]}"),'


pages = sorted(p.name for p in web.iterdir() if p.is_file() and p.suffix in types)
modules = sorted(p.name for p in (web / "js").iterdir() if p.suffix == ".js")
rows = [row("/" if name == "index.html" else "/" + name, name) for name in pages]
rows += [row("/js/" + name, name) for name in modules]
text = "\n".join([
    "// Written by scripts/assets.py from the files in Web/ (make check fails when it is out of date): do not edit.",
    "",
    "extension Assets {",
    "    /// Each file of the page: the path it is served at, its bytes, its type.",
    "    static let list: [(path: String, bytes: [UInt8], type: String)] = [",
    *rows[:-1], rows[-1].rstrip(","),
    "    ]",
    "}",
    "",
])


def imported(module, seen):
    """`module` and every module it imports, directly or not, in the order first met."""
    if module not in seen:
        seen.append(module)
        source = (web / "js" / module).read_text(encoding="utf-8")
        for name in re.findall(r"^import (?:[^;']*?from )?'\./([\w-]+\.js)'", source, re.M | re.S):
            imported(name, seen)
    return seen


def preloaded(page, main):
    """The page's HTML with its modulepreload links written anew between the two marks."""
    html = (web / page).read_text(encoding="utf-8")
    start, end = "<!-- modules: written by scripts/assets.py -->", "<!-- end of modules -->"
    links = "".join(f'<link rel="modulepreload" href="/js/{m}">\n' for m in sorted(imported(main, [])))
    block = start + "\n" + links + end
    if start in html:
        return html[:html.index(start)] + block + html[html.index(end) + len(end):]
    return html.replace("</head>", block + "\n</head>", 1)


outputs = {target: text, web / "index.html": preloaded("index.html", "main.js"),
           web / "review.html": preloaded("review.html", "review.js")}
for path, wanted in outputs.items():
    if "--check" in sys.argv[1:]:
        if not path.exists() or path.read_text(encoding="utf-8") != wanted:
            sys.exit(f"{path.relative_to(root)} is out of date with Web/: run python3 scripts/assets.py")
    else:
        path.write_text(wanted, encoding="utf-8")
