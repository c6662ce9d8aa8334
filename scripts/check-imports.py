#!/usr/bin/env python3
"""Holds the sources to docs/architecture.md's table "Which target may import which": every `import X` of a Swift
file under Sources/TARGET/ must be listed on TARGET's row; a target with Swift files and no row fails too.
Usage: check-imports.py   (make check runs it)"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
doc = (root / "docs/architecture.md").read_text(encoding="utf-8")
table = doc.split("**Which target may import which.**", 1)[1]
allowed = {}
lines = table.splitlines()
start = next(i for i, line in enumerate(lines) if line.startswith("| target |")) + 2   # past the header and |---|
for line in lines[start:]:
    if not line.startswith("| "):
        break
    target, imports = [cell.strip() for cell in line.strip("|").split("|")][:2]
    allowed[target] = {name.strip() for name in imports.split(",")}
problems = []
for folder in sorted((root / "Sources").iterdir()):
    files = sorted(folder.rglob("*.swift"))
    if not files:
        continue
    if folder.name not in allowed:
        problems.append(f"Sources/{folder.name}: no row in docs/architecture.md's import table")
        continue
    for file in files:
        for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            found = re.match(r"\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|func|protocol)\s+)?(\w+)",
                             line)
            if found and found.group(1) not in allowed[folder.name]:
                problems.append(f"{file.relative_to(root)}:{n}: imports {found.group(1)}, which "
                                f"docs/architecture.md does not allow {folder.name}")
print("\n".join(problems), file=sys.stderr) if problems else None
sys.exit(1 if problems else 0)
