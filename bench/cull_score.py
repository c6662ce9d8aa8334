"""Scores apolo's blur flags, stacks and suggested frames (`apolo table --json`) against a CullSet's labels."""
import itertools
import json
import sys


def main(labels_path, table_path, seconds):
    labels = {row["file"].split("/")[-1]: row for row in json.load(open(labels_path))}
    slides = {row["file"]: row for row in json.load(open(table_path))}
    missing = set(labels) - set(slides)
    if missing:
        sys.exit(f"not on the table: {sorted(missing)[:5]}")

    blurred = [f for f, l in labels.items() if l["kind"] in ("gauss", "motion") or l.get("soft")]
    sharp = [f for f, l in labels.items() if l["kind"] == "sharp" or (l["kind"] == "burst" and not l.get("soft"))]
    caught = sum(1 for f in blurred if slides[f].get("blurry"))
    false = sum(1 for f in sharp if slides[f].get("blurry"))
    by_kind = {k: [f for f in blurred if labels[f]["kind"] == k] for k in ("gauss", "motion", "burst")}

    pairs = list(itertools.combinations(sorted(labels), 2))
    truth = {p for p in pairs if labels[p[0]].get("burst") is not None
             and labels[p[0]].get("burst") == labels[p[1]].get("burst")}
    found = {p for p in pairs if slides[p[0]].get("stack") and slides[p[0]].get("stack") == slides[p[1]].get("stack")}
    precision = len(truth & found) / len(found) if found else 0.0
    recall = len(truth & found) / len(truth) if truth else 0.0

    bursts = sorted({l["burst"] for l in labels.values() if l.get("burst") is not None})
    soft_best = sum(1 for f, l in labels.items() if l.get("soft") and slides[f].get("best"))

    def row(name, value, target, ok):
        print(f"{name:<52} {value:>10}   target {target:<10} {'ok' if ok else 'MISSED'}")

    def spread(files):
        values = sorted(slides[f].get("sharpness", 0) for f in files)
        return f"{values[0]:.2f}–{values[-1]:.2f}" if values else "–"

    print(f"{len(labels)} photos: {len(sharp)} sharp, {len(blurred)} blurred, {len(bursts)} bursts of 4"
          " (camera-like capture: blur in linear light, noise, demosaic, sharpening, JPEG 90)")
    row("blurred frames flagged blurry (recall)", f"{caught}/{len(blurred)}", ">= 85%", caught >= 0.85 * len(blurred))
    for kind, files in by_kind.items():
        hit = sum(1 for f in files if slides[f].get("blurry"))
        print(f"  {kind:<50} {hit:>4}/{len(files)}   sharpness {spread(files)}")
    row("sharp frames flagged blurry (false alarms)", f"{false}/{len(sharp)}", "<= 8%", false <= 0.08 * len(sharp))
    print(f"  {'sharpness of the sharp frames':<50} {spread(sharp):>10}")
    singles = sorted({f.split("-")[1] for f, l in labels.items() if l["kind"] == "sharp"})
    margins = [min(slides[f"sharp-{i}.jpg"]["sharpness"] / max(1e-3, slides[f"{k}-{i}.jpg"]["sharpness"])
                   for k in ("gauss", "motion")) for i in (s.split(".")[0] for s in singles)]
    row("each scene's sharp frame measures sharpest (least margin)", f"{min(margins):.2f}x" if margins else "–",
        ">= 1.5x", bool(margins) and min(margins) >= 1.5)
    row("stacks: pairwise precision", f"{precision:.3f}", ">= 0.95", precision >= 0.95)
    row("stacks: pairwise recall", f"{recall:.3f}", ">= 0.95", recall >= 0.95)
    row("softened frame suggested as best", f"{soft_best}/{len(bursts)}", "0", soft_best == 0)
    row("analysis time (s)", f"{float(seconds):.2f}", "see bench-media", True)


if __name__ == "__main__":
    main(*sys.argv[1:4])
