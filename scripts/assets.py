#!/usr/bin/env python3
"""Writes Sources/ApoloServer/Assets+Files.swift, the list of the page's files (Web/ and Web/js/) that the server
embeds, from the folder itself: a file added to Web/ is served with no list kept by hand.
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
if "--check" in sys.argv[1:]:
    if not target.exists() or target.read_text() != text:
        sys.exit(f"{target.relative_to(root)} is out of date with Web/: run python3 scripts/assets.py")
else:
    target.write_text(text)
