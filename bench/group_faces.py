"""Small faces in large photos for `make bench-cull`: real faces, placed at known sizes into real photos.

Faces: UTKFace crops with open eyes from jesusmartinoza/Open-eyes-using-Pix2Pix (`regular_faces/`; fetch
github:jesusmartinoza/Open-eyes-using-Pix2Pix with the tool library's fetch; research-only terms: never committed).
Each crop's face box is what apolo finds in it framed three times its size in grey (a face too turned or too
unclear to be found there is not used): the benchmark asks whether a face is still found once it is small in a big
photo, not whether it is found at all. Backgrounds: the sharp frames of Kwentar/blur_dataset (real photos without
people, from bench/real_set.py), resized to the photo's size. Photos of 6000 x 4000, 4000 x 3000, 2048 x 1365 and
1024 x 683, JPEG 90: groups (two or three rows of faces of one size, the rows further back smaller) and scattered
faces (each its own size). Faces 40 to 400 px wide in the photo's own pixels.
Seeds 0-5 set apolo's closer look (Analyzer+Faces.swift); seeds 6-13 were held back and are printed apart.
Usage: group_faces.py APOLO MIRRORS BACKGROUNDS WORK"""
import json
import os
import random
import subprocess
import sys
import time

from cull_real_score import overlap

apolo, mirrors, backgrounds, work = sys.argv[1:5]
git = os.path.join(mirrors, "jesusmartinoza+Open-eyes-using-Pix2Pix", "repo")
if not os.path.isdir(git):
    print(f"  (no face crops at {git}: fetch github:jesusmartinoza/Open-eyes-using-Pix2Pix to measure them)")
    sys.exit(0)
sizes = [(6000, 4000), (4000, 3000), (2048, 1365), (1024, 683)]
seeds, held_from = range(14), 6


def run(*args, env=None):
    return subprocess.run(list(args), capture_output=True, check=True, env=env, text=True).stdout


def home(name):
    env = dict(os.environ, APOLO_HOME=os.path.join(work, "home-" + name))
    run(apolo, "project", "new", name, env=env)
    return env


def raw(path, width, height):
    """The photo at `path` resized to exactly width x height, as packed RGB bytes."""
    scale = [str(width / int(run("vipsheader", "-f", "width", path))),
             "--vscale", str(height / int(run("vipsheader", "-f", "height", path)))]
    out = os.path.join(work, "resized.v")
    run("vips", "resize", path, out, *scale)
    run("vips", "rawsave", out, out + ".raw")
    with open(out + ".raw", "rb") as file:
        data = bytearray(file.read())
    return data[:width * height * 3] if len(data) >= width * height * 3 else None


def references():
    """Face crops and each one's face box in its own pixels: [(crop path, w, h, [x, y, w, h])]."""
    folder = os.path.join(work, "crops")
    framed = os.path.join(work, "framed")
    os.makedirs(folder, exist_ok=True)
    os.makedirs(framed, exist_ok=True)
    names = sorted(run("git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD", "regular_faces").split())
    for name in names[300:700]:
        crop = os.path.join(folder, os.path.basename(name))
        with open(crop, "wb") as out:
            out.write(subprocess.run(["git", "-C", git, "show", f"HEAD:{name}"], capture_output=True).stdout)
        w, h = (int(run("vipsheader", "-f", f, crop)) for f in ("width", "height"))
        run("vips", "embed", crop, os.path.join(framed, os.path.basename(name)), str(w), str(h), str(3 * w),
            str(3 * h), "--extend", "background", "--background", "128 128 128")
    env = home("references")
    run(apolo, "import", "--quiet", framed, env=env)
    found = []
    for row in json.loads(run(apolo, "table", "--json", env=env)):
        faces = row.get("faces") or []
        crop = os.path.join(folder, os.path.basename(row["path"]))
        if len(faces) != 1:
            continue
        w, h = (int(run("vipsheader", "-f", f, crop)) for f in ("width", "height"))
        x, y, bw, bh = faces[0]["box"]
        found.append((crop, w, h, [x * 3 * w - w, y * 3 * h - h, bw * 3 * w, bh * 3 * h]))
    return sorted(found)


def paste(canvas, width, crop, box, face_width, x, y):
    """Pastes `crop` scaled so its face is `face_width` wide, its face's corner at (x, y); the face's box."""
    path, cw, ch, ref = crop
    scale = face_width / ref[2]
    pw, ph = max(1, round(cw * scale)), max(1, round(ch * scale))
    left, top = round(x - ref[0] * scale), round(y - ref[1] * scale)
    pixels = raw(path, pw, ph)
    for row in range(ph):
        if 0 <= top + row < len(canvas) // (3 * width):
            lo, hi = max(0, left), min(width, left + pw)
            if lo < hi:
                start = ((top + row) * width + lo) * 3
                canvas[start:start + (hi - lo) * 3] = pixels[(row * pw + lo - left) * 3:(row * pw + hi - left) * 3]
    return [x, y, face_width, ref[3] * scale]


def layout(rng, width, height, kind):
    """Where faces go: [(x, y, face width)]."""
    spots = []
    if kind == "group":
        front = 40 * (min(400, width / 8) / 40) ** rng.uniform(0, 1)
        rows = rng.choice([2, 3])
        y = height * rng.uniform(0.55, 0.7)
        for r in range(rows):
            size = max(40, front * 0.8 ** r)
            gap = size * rng.uniform(1.8, 2.4)
            count = max(2, min(12, int(width * 0.8 / gap)))
            x0 = (width - count * gap) / 2 + (gap / 2 if r % 2 else 0)
            spots += [(x0 + i * gap, y, size) for i in range(count) if x0 + i * gap + size * 1.3 < width]
            y -= size * rng.uniform(1.3, 1.7)
        return [s for s in spots if s[1] > s[2] * 0.5]
    for _ in range(rng.randint(4, 8)):
        size = 40 * 10 ** rng.uniform(0, 1)
        x, y = rng.uniform(size, width - 2 * size), rng.uniform(size, height - 2 * size)
        if size < width / 4 and all(abs(x - a) > (size + s) * 1.4 or abs(y - b) > (size + s) * 1.6
                                    for a, b, s in spots):
            spots.append((x, y, size))
    return spots


def compose(crops, scenes):
    folder = os.path.join(work, "groups")
    os.makedirs(folder, exist_ok=True)
    truth = {}
    for seed in seeds:
        rng = random.Random(seed)
        width, height = sizes[seed % len(sizes)]
        kind = "group" if seed % 3 != 2 else "scattered"
        canvas = raw(scenes[seed % len(scenes)], width, height)
        boxes = [paste(canvas, width, rng.choice(crops), None, size, x, y)
                 for x, y, size in layout(rng, width, height, kind)]
        name = f"{'held' if seed >= held_from else 'set'}-{seed:02d}-{kind}-{width}.jpg"
        with open(os.path.join(work, "canvas.raw"), "wb") as out:
            out.write(canvas)
        run("vips", "rawload", os.path.join(work, "canvas.raw"), os.path.join(folder, name) + "[Q=90]",
            str(width), str(height), "3")
        truth[name] = (width, height, kind, boxes)
    return folder, truth


def score(truth, rows):
    tally = {}
    for row in rows:
        name = os.path.basename(row["path"])
        width, height, kind, boxes = truth[name]
        seen = [[f["box"][0] * width, f["box"][1] * height, f["box"][2] * width, f["box"][3] * height]
                for f in row.get("faces") or []]
        part = "held back" if name.startswith("held") else "set on"
        for box in boxes:
            hit = any(overlap(box, s) >= 0.3 for s in seen)
            bucket = next(b for b in (300, 150, 100, 60, 40, 0) if box[2] >= b)
            for key in ((part, kind, bucket), ("all", kind, bucket), ("all", "all", "all")):
                tally.setdefault(key, [0, 0, 0])[0 if hit else 1] += 1
        falses = sum(1 for s in seen if not any(overlap(b, s) >= 0.3 for b in boxes))
        tally.setdefault(("all", "all", "false"), [0, 0, 0])[2] += falses
    return tally


crops = references()
scenes = sorted(os.path.join(backgrounds, n) for n in os.listdir(backgrounds) if n.startswith("kw-")
                and n.endswith("_s.jpg"))
if not crops or not scenes:
    print("  (no face crops found or no backgrounds: nothing measured)")
    sys.exit(0)
folder, truth = compose(crops, scenes)
env = home("groups")
run(apolo, "import", "--quiet", "--no-analyze", folder, env=env)
photos = [os.path.join(folder, name) for name in sorted(truth)]
start = time.monotonic()
subprocess.run(["xargs", "-P", str(os.cpu_count() or 1), "-n", "1", "vips", "avg"], input="\n".join(photos),
               capture_output=True, text=True, check=True)
floor = time.monotonic() - start
print(f"  {len(crops)} real faces (UTKFace) in {len(truth)} photos; `vips avg` of them all: {floor:.1f} s")
for label, args in (("analysis", ["analyze", "--quiet"]), ("--small-faces", ["analyze", "--quiet", "--small-faces"])):
    start = time.monotonic()
    run(apolo, *args, env=env)
    seconds = time.monotonic() - start
    rows = json.loads(run(apolo, "table", "--json", env=env))
    tally = score(truth, rows)
    found, missed, _ = tally[("all", "all", "all")]
    print(f"  {label}: {seconds:.1f} s ({seconds / floor:.1f}x vips avg); faces of 40 px or more found: "
          f"{found}/{found + missed} ({100 * found / (found + missed):.0f}%; target >= 90%), "
          f"false faces: {tally[('all', 'all', 'false')][2]}")
    for part in ("set on", "held back"):
        for kind in ("group", "scattered"):
            cells = [f"{b}+ px {tally[(part, kind, b)][0]}/{sum(tally[(part, kind, b)][:2])}"
                     for b in (40, 60, 100, 150, 300) if (part, kind, b) in tally]
            print(f"    {part:9} {kind:9}: " + ", ".join(cells))
    eyes = [face["eyes"] for row in rows for face in row.get("faces") or []]
    print(f"    eyes of the faces found (all open in truth): open {eyes.count('open')}, unknown "
          f"{eyes.count('unknown')}, closed {eyes.count('closed')}")
