"""Gathers real photos for `make bench-cull` (never committed: their licences do not allow it or are unstated) into
FOLDER, as copies with capture times one second apart, and writes labels.json beside FOLDER.

Sources, each used when found: Kwentar/blur_dataset's samples (three scenes, each shot sharp, defocused and
moved, 2048 px; fetch github:Kwentar/blur_dataset with the tool library's fetch); jiangsutx/SRN-Deblur's
testing_set (four real shaken photos); the machine's ../shared/corpus (real cameras, sharp); scikit-image's data
photos (public domain and CC0, sharp; `pip download --no-deps scikit-image`); the PASCAL VOC photos of dlib's
examples/faces with the faces a person marked in testing.xml and training.xml (fetch github:davisking/dlib). A scene's frames are half a second
apart (a burst); every other photo a second after the one before: different subjects a second apart.
Usage: real_set.py FOLDER MIRRORS CORPUS"""
import datetime
import glob
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as tree
import zipfile

folder, mirrors, corpus = sys.argv[1:4]
os.makedirs(folder, exist_ok=True)
items = []   # (name, kind, scene, source bytes or path)


def git_files(repo, under):
    git = os.path.join(mirrors, repo, "repo")
    if not os.path.isdir(git):
        print(f"  (no {repo} mirror at {git}: fetch github:{repo.replace('+', '/')} to measure on it)")
        return []
    names = subprocess.run(["git", "-C", git, "ls-tree", "-r", "--name-only", "HEAD", under],
                           capture_output=True, text=True).stdout.split()
    return [(n, subprocess.run(["git", "-C", git, "show", f"HEAD:{n}"], capture_output=True).stdout) for n in names]


for name, data in sorted(git_files("Kwentar+blur_dataset", "samples")):
    base = os.path.basename(name)
    scene, kind = base.split("_")[0], {"S": "sharp", "F": "defocused", "M": "moved"}[base.rsplit(".", 1)[0][-1]]
    items.append((f"kw-{base.lower()}", kind, scene, data))
for name, data in git_files("jiangsutx+SRN-Deblur", "testing_set"):
    items.append((f"srn-{os.path.basename(name)}", "moved", None, data))
for path in sorted(glob.glob(os.path.join(corpus, "gps", "*.jpg")) +
                   [os.path.join(corpus, "cameras", n) for n in ("Reconyx_HC500_Hyperfire.jpg", "Canon_PowerShot_S40.jpg")]
                   + [os.path.join(corpus, "orientation", "landscape_1.jpg")]):
    if os.path.exists(path):
        items.append((f"corpus-{os.path.basename(path).lower()}", "sharp", None, open(path, "rb").read()))
wheel = sorted(glob.glob(os.path.join(os.path.dirname(folder), "wheel", "scikit_image-*.whl")))
if not wheel:
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "scikit-image", "-d",
                    os.path.join(os.path.dirname(folder), "wheel")], capture_output=True)
    wheel = sorted(glob.glob(os.path.join(os.path.dirname(folder), "wheel", "scikit_image-*.whl")))
if wheel:
    with zipfile.ZipFile(wheel[-1]) as z:
        for n in ("astronaut.png", "camera.png", "chelsea.png", "coffee.png", "motorcycle_left.png", "rocket.jpg"):
            items.append((f"skimage-{n}", "sharp", None, z.read(f"skimage/data/{n}")))

boxes = {}   # dlib's annotated test photos (PASCAL VOC): the faces a person marked, as x, y, w, h in pixels
dlib = {os.path.basename(n): data for n, data in git_files("davisking+dlib", "examples/faces")}
for xml in ("testing.xml", "training.xml"):
    for image in tree.fromstring(dlib.get(xml, b"<dataset/>")).iter("image"):
        marked = [[int(b.get(k)) for k in ("left", "top", "width", "height")] for b in image.iter("box")
                  if b.get("ignore") != "1"]
        boxes[image.get("file")] = (marked, int(image.get("width")), int(image.get("height")))
for name in sorted(boxes):
    if name in dlib:
        items.append((f"faces-{name}", "faces", None, dlib[name]))

labels, when, last_scene = [], 1_714_550_400.0, None
for name, kind, scene, data in items:
    when += 0.5 if scene is not None and scene == last_scene else 1.0
    last_scene = scene
    raw = os.path.join(folder, "source-" + name)
    open(raw, "wb").write(data)
    out = os.path.join(folder, name.rsplit(".", 1)[0] + ".jpg")
    subprocess.run(["vips", "copy", raw, out + "[Q=95]"], check=True)   # PNGs as JPEG: a capture time fits
    os.remove(raw)
    stamp = datetime.datetime.fromtimestamp(int(when), datetime.timezone.utc).strftime("%Y:%m:%d %H:%M:%S")
    subprocess.run(["exiftool", "-q", "-q", "-m", "-overwrite_original", f"-DateTimeOriginal={stamp}",
                    f"-SubSecTimeOriginal={int(round((when % 1) * 100)):02d}", out], check=True)
    label = {"file": os.path.basename(out), "kind": kind, "scene": scene or name}
    if kind == "faces":
        label["faces"], label["width"], label["height"] = boxes[name.removeprefix("faces-")]
    labels.append(label)
json.dump(labels, open(os.path.join(os.path.dirname(folder), "labels.json"), "w"), indent=1)
print(f"  {len(labels)} real photos gathered")
