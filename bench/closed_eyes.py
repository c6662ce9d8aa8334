"""Closed eyes on real faces for `make bench-cull` (never committed: CEW's and UTKFace's terms are research only):
the face crops of jesusmartinoza/Open-eyes-using-Pix2Pix (`closed_eyes_dataset/`, from Closed Eyes In The Wild;
`regular_faces/`, open eyes, from UTKFace; fetch github:jesusmartinoza/Open-eyes-using-Pix2Pix with the tool
library's fetch), COUNT of each, each set in a grey frame three times its size (a tight crop leaves the detector no
face outline), imported and measured one by one: no stack to compare with, the hardest case. Prints, per set, the
faces found and how their eyes were judged (the largest face of each photo).
Usage: closed_eyes.py APOLO MIRRORS WORK [COUNT]"""
import collections
import json
import os
import subprocess
import sys

apolo, mirrors, work = sys.argv[1:4]
count = int(sys.argv[4]) if len(sys.argv) > 4 else 300
git = os.path.join(mirrors, "jesusmartinoza+Open-eyes-using-Pix2Pix", "repo")
if not os.path.isdir(git):
    print(f"  (no closed-eye faces at {git}: fetch github:jesusmartinoza/Open-eyes-using-Pix2Pix to measure them)")
    sys.exit(0)
env = dict(os.environ, APOLO_HOME=os.path.join(work, "home-eyes"))
for kind, under in (("closed", "closed_eyes_dataset"), ("open", "regular_faces")):
    folder = os.path.join(work, "eyes", kind)
    os.makedirs(folder, exist_ok=True)
    names = sorted(subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD", under],
                                  capture_output=True, text=True).stdout.split())[:count]
    for name in names:
        crop = os.path.join(work, "eyes", "crop.jpg")
        with open(crop, "wb") as out:
            out.write(subprocess.run(["git", "-C", git, "show", f"HEAD:{name}"], capture_output=True).stdout)
        size = [int(subprocess.run(["vipsheader", "-f", field, crop], capture_output=True, text=True).stdout or 0)
                for field in ("width", "height")]
        if not all(size):
            continue
        subprocess.run(["vips", "embed", crop, os.path.join(folder, os.path.basename(name)), str(size[0]),
                        str(size[1]), str(size[0] * 3), str(size[1] * 3), "--extend", "background",
                        "--background", "128 128 128"], capture_output=True)
subprocess.run([apolo, "project", "new", "eyes"], env=env, capture_output=True, check=True)
subprocess.run([apolo, "import", "--quiet", os.path.join(work, "eyes", "closed"), os.path.join(work, "eyes", "open")],
               env=env, capture_output=True)
rows = json.loads(subprocess.run([apolo, "table", "--json"], env=env, capture_output=True, text=True).stdout)
for kind in ("closed", "open"):
    seen = collections.Counter()
    for row in rows:
        if os.path.basename(os.path.dirname(row["path"])) != kind:
            continue
        seen["photos"] += 1
        faces = row.get("faces") or []
        if faces:
            seen["found"] += 1
            seen[max(faces, key=lambda f: f["box"][2] * f["box"][3])["eyes"]] += 1
    found = max(seen["found"], 1)
    share = lambda n: f"{n:3d} ({100 * n / found:4.1f}%)"
    print(f"  {kind}-eye faces (real, {seen['photos']}): found {seen['found']}; judged closed {share(seen['closed'])}, "
          f"unknown {share(seen['unknown'])}, open {share(seen['open'])}")
