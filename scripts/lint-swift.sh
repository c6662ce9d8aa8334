#!/usr/bin/env bash
# The Swift sources' form, as `make check` holds it: swift-format's layout (.swift-format: 4 spaces, 120 columns)
# and no line over 120 characters, string literals included (swift-format leaves those long).
# `swift-format format -i -r --parallel Sources Tests Package.swift` puts the layout right.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
format="$(command -v swift-format || echo /opt/swift/usr/bin/swift-format)"
"$format" lint --strict -r --parallel Sources Tests Package.swift
python3 - <<'PY'
import pathlib, sys
long = [f"{p}:{n}: a line of {len(l)} characters (at most 120)"
        for p in sorted(pathlib.Path(".").glob("*/**/*.swift")) if p.parts[0] in ("Sources", "Tests")
        for n, l in enumerate(p.read_text(encoding="utf-8").split("\n"), 1) if len(l) > 120]
print("\n".join(long), file=sys.stderr) if long else None
sys.exit(1 if long else 0)
PY
