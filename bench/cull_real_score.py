"""Scores apolo's blur and clipping flags, focus ranking and stacks on real photos (`real_set.py`'s labels against
`apolo table --json`), each figure next to its target, and the faces found on dlib's annotated test photos."""
import itertools
import json
import sys


def row(name, value, target, ok):
    print(f"{name:<52} {value:>10}   target {target:<10} {'ok' if ok else 'MISSED'}")


def overlap(a, b):
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h / (a[2] * a[3] + b[2] * b[3] - w * h) if w > 0 and h > 0 else 0


def faces(labels, slides):
    """Faces a person marked (frontal, at least 40 px) found by apolo, and faces apolo found that nobody marked."""
    marked = found = hits = 0
    for f, l in labels.items():
        if l["kind"] != "faces":
            continue
        truth = [b for b in l["faces"] if b[2] >= 40]
        seen = [[x * s for x, s in zip(face["box"], (l["width"], l["height"]) * 2)]
                for face in slides[f].get("faces", [])]
        marked, found = marked + len(truth), found + len(seen)
        hits += sum(1 for t in truth if any(overlap(t, s) >= 0.3 for s in seen))
        found -= sum(1 for s in seen if any(overlap(s, b) >= 0.3 for b in l["faces"] if b[2] < 40))
    if marked:
        row("faces marked (>= 40 px) that apolo finds", f"{hits}/{marked}", ">= 90%", hits >= 0.9 * marked)
        row("faces apolo finds that nobody marked (false)", f"{found - hits}/{max(found, 1)}", "<= 5%",
            found - hits <= 0.05 * max(found, 1))


def main(labels_path, table_path):
    labels = {l["file"]: l for l in json.load(open(labels_path))}
    slides = {s["file"]: s for s in json.load(open(table_path))}
    labels = {f: l for f, l in labels.items() if f in slides}
    faces(labels, slides)
    labels = {f: l for f, l in labels.items() if l["kind"] != "faces"}
    sharp = [f for f, l in labels.items() if l["kind"] == "sharp"]
    blurred = [f for f, l in labels.items() if l["kind"] in ("defocused", "moved")]
    caught = [f for f in blurred if slides[f].get("blurry")]
    false = [f for f in sharp if slides[f].get("blurry")]

    def spread(files):
        values = sorted(slides[f].get("sharpness", 0) for f in files)
        return f"{values[0]:.2f}–{values[-1]:.2f}" if values else "–"

    print(f"{len(labels)} real photos: {len(sharp)} sharp, {len(blurred)} blurred by the camera")
    row("blurred photos flagged blurry (recall)", f"{len(caught)}/{len(blurred)}", ">= 85%",
        len(caught) >= 0.85 * len(blurred))
    print(f"  {'sharpness of the blurred photos':<50} {spread(blurred):>10}   missed: {sorted(set(blurred) - set(caught))}")
    row("sharp photos flagged blurry (false alarms)", f"{len(false)}/{len(sharp)}", "<= 8%",
        len(false) <= 0.08 * len(sharp))
    print(f"  {'sharpness of the sharp photos':<50} {spread(sharp):>10}   flagged: {false}")
    scenes = {}
    for f, l in labels.items():
        scenes.setdefault(l["scene"], {})[l["kind"]] = slides[f].get("sharpness", 0)
    margins = [s["sharp"] / max(1e-3, max(v for k, v in s.items() if k != "sharp"))
               for s in scenes.values() if "sharp" in s and len(s) > 1]
    row(f"sharp frame sharpest in each of {len(margins)} scenes (least margin)",
        f"{min(margins):.2f}x" if margins else "–", ">= 1.5x", bool(margins) and min(margins) >= 1.5)
    clipped = [f for f in labels if (slides[f].get("clipped") or {}).get("flagged")]
    row("well-exposed photos flagged clipped", f"{len(clipped)}/{len(labels)}", "<= 15%",
        len(clipped) <= 0.15 * len(labels))
    pairs = list(itertools.combinations(sorted(labels), 2))
    truth = {p for p in pairs if labels[p[0]]["scene"] == labels[p[1]]["scene"]}
    found = {p for p in pairs if slides[p[0]].get("stack") and slides[p[0]].get("stack") == slides[p[1]].get("stack")}
    precision = len(truth & found) / len(found) if found else 0.0
    recall = len(truth & found) / len(truth) if truth else 0.0
    row("stacks, subjects a second apart: pairwise precision", f"{precision:.3f}", ">= 0.95", precision >= 0.95)
    row("stacks: pairwise recall", f"{recall:.3f}", ">= 0.95", recall >= 0.95)


if __name__ == "__main__":
    main(*sys.argv[1:3])
