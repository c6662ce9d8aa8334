#!/usr/bin/env python3
"""Writes Sources/CApoloWeb/web.c, which embeds the page's files (Web/ and Web/js/) into the binary with C23's
#embed, from the folder itself: a file added to Web/ is served with no list kept by hand. (Not SwiftPM's
embedInCode: its Swift array literals took the compiler a minute of a release build, and #embed takes none.)
Also writes, in index.html and review.html, a modulepreload link for every module their script imports, directly or
not: the browser asks for them all at once instead of one level of imports after another.
Usage: assets.py [--check]   (--check: fail when the file is not what this would write; make check runs it)"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
web = root / "Sources/ApoloServer/Web"
target = root / "Sources/CApoloWeb/web.c"
types = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml",
         ".js": "text/javascript; charset=utf-8"}


def symbol(name):
    """A C name for a file's bytes: what is not a letter or digit becomes _."""
    return "web_" + re.sub(r"[^A-Za-z0-9]", "_", name)


def files():
    """Each file of the page as (the path it is served at, its path under Web/), pages first, then modules."""
    pages = sorted(p.name for p in web.iterdir() if p.is_file() and p.suffix in types)
    modules = sorted(p.name for p in (web / "js").iterdir() if p.suffix == ".js")
    return [("/" if n == "index.html" else "/" + n, n) for n in pages] + [("/js/" + n, "js/" + n) for n in modules]


def embedded(local):
    if (web / local).stat().st_size == 0:
        sys.exit(f"Web/{local} is empty: an empty file cannot be embedded")
    return f'static const unsigned char {symbol(local)}[] = {{\n#embed "../ApoloServer/Web/{local}"\n}};'


def row(path, local):
    kind = types[pathlib.Path(local).suffix]
    return f'    {{"{path}", {symbol(local)}, sizeof {symbol(local)}, "{kind}"}},'


text = "\n".join([
    "// Written by scripts/assets.py from the files in Web/ (make check fails when it is out of date): do not edit.",
    "#pragma clang diagnostic ignored \"-Wc23-extensions\"",
    "#include \"cweb.h\"",
    "",
    *[embedded(local) for _, local in files()],
    "",
    "static const apolo_web_file list[] = {",
    *[row(path, local) for path, local in files()],
    "};",
    "",
    "size_t apolo_web_file_count(void) { return sizeof list / sizeof list[0]; }",
    "",
    "const apolo_web_file *apolo_web_file_at(size_t index) {",
    "    return index < apolo_web_file_count() ? &list[index] : NULL;",
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
