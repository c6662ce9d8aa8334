"""Scores apolo's flags against the person's verdicts of photos.json: blur (focus B vs S; `?` reported apart),
clipping (exposure Y vs N), faces found and closed eyes; the tuning set and the held-back set apart, each figure
next to its target (Deciding's targets: precision and recall >= 0.85 for blur, >= 0.80 for exposure).
Usage: score.py PHOTOS_JSON TABLE_JSON  (TABLE_JSON: `apolo table --json` of a project that imported the photos
fetch.py copied, named `<id>-<file>`)."""
import json
import sys


def ratio(a, b):
    return f"{a / b:.2f}" if b else "n/a"


def score(name, rows, flagged, truth, positive, target):
    """Precision and recall of `flagged` against the verdicts `truth` (a row is a problem when truth == positive);
    rows whose truth is '?' are counted apart."""
    judged = [r for r in rows if r[truth] in (positive, "S", "N") and r[truth] != "?"]
    unsure = [r for r in rows if r[truth] == "?"]
    flags = [r for r in judged if flagged(r)]
    right = [r for r in flags if r[truth] == positive]
    problems = [r for r in judged if r[truth] == positive]
    print(f"  {name}: {len(flags)} flagged, {len(right)} right; {len(problems)} problems, {len(right)} found: "
          f"precision {ratio(len(right), len(flags))}, recall {ratio(len(right), len(problems))} "
          f"(target >= {target:.2f} each); `?` photos: {len(unsure)}, of them flagged {sum(map(flagged, unsure))}")
    wrong = [r["id"] for r in flags if r[truth] != positive][:12]
    missed = [r["id"] for r in problems if not flagged(r)][:12]
    if wrong or missed:
        print(f"    wrong flags: {' '.join(wrong) or '-'}; missed: {' '.join(missed) or '-'}")


def main():
    verdicts = {v["id"]: v for v in json.load(open(sys.argv[1]))}
    table = json.load(open(sys.argv[2]))
    rows = []
    for t in table:
        key = t["file"].split("-", 1)[0]
        if key in verdicts:
            rows.append({**verdicts[key], "apolo": t})
    print(f"{len(rows)} of {len(verdicts)} judged photos measured by apolo")
    for part in ("tune", "held"):
        chosen = [r for r in rows if r["set"] == part]
        print(f"{part} ({len(chosen)} photos):")
        score("blur", chosen, lambda r: r["apolo"].get("blurry") is True, "focus", "B", 0.85)
        score("exposure", chosen, lambda r: (r["apolo"].get("clipped") or {}).get("flagged") is True,
              "exposure", "Y", 0.80)
        marked = sum(r.get("faces") or 0 for r in chosen)
        found = sum(min(len(r["apolo"].get("faces") or []), r.get("faces") or 0) for r in chosen)
        extra = sum(max(0, len(r["apolo"].get("faces") or []) - (r.get("faces") or 0)) for r in chosen)
        print(f"  faces: {found} of {marked} marked found ({ratio(found, marked)}; target >= 0.95), "
              f"{extra} more than marked (false or under 40 px)")


if __name__ == "__main__":
    main()
