#!/usr/bin/env python3
"""Prints what apolo made of each real raw imported by try-raws.sh: a Markdown table, one row a file."""
import json
import os
import subprocess
import sys

work = sys.argv[1]
apolo = os.environ.get("APOLO", ".build/debug/apolo")
report = json.load(open(f"{work}/import.json"))
warnings = {}
for warning in report.get("warnings", []):
    warnings.setdefault(os.path.basename(warning["path"]), []).append(warning["reason"])


def picture(name):
    said = warnings.get(name, [])
    reasons = [w[len("no thumbnail: "):] for w in said if w.startswith("no thumbnail: ")]
    if reasons:
        return "none: " + reasons[0]
    if any("decoded from its raw data" in w for w in said):
        return "LibRaw decode (no embedded preview)"
    return "embedded preview"


def shot(photo):
    parts = [f"1/{photo['exposure'].split('/')[-1]} s" if "/" in photo.get("exposure", "") else photo.get("exposure"),
             photo.get("aperture") and f"f/{photo['aperture']}", photo.get("iso") and f"ISO {photo['iso']}",
             photo.get("focal") and f"{photo['focal']} mm"]
    return " · ".join(p for p in parts if p)


print("| file | format | camera | pixels | shot | picture |")
print("|---|---|---|---|---|---|")
for name in sorted(os.listdir(f"{work}/card")):
    failed = [f["reason"] for f in report.get("failed", []) + report.get("skipped", []) if f["path"].endswith("/" + name)]
    if failed:
        print(f"| {name} | | | | | failed: {failed[0]} |")
        continue
    shown = subprocess.run([apolo, "slide", "show", name, "--json"], capture_output=True, text=True)
    photo = json.loads(shown.stdout)["photo"]
    make, model = photo.get("make") or "", photo.get("model") or ""
    camera = model if model.lower().startswith(make.lower()) else f"{make} {model}".strip()
    pixels = f"{photo.get('width', '?')}×{photo.get('height', '?')}"
    print(f"| {name} | {photo['format']} | {camera} | {pixels} | {shot(photo)} | {picture(name)} |")
