#!/usr/bin/env python3
"""Mutation fuzz of every decoder apolo feeds: bit-flipped, truncated and overwritten copies of small generated
JPEG, PNG, TIFF, WebP, HEIC, AVIF, DNG (and TIFF-based raws under NEF/ORF/ARW names), raws announced by their magic
(CR3, CRW, RAF, X3F, MRW, RW2) and XMP sidecars, imported (and analysed) in batches by the real binary. HEIC and
AVIF also get box-level mutations: one box's size set to 0, 1, less than its header, past the end of the file,
or a 64-bit size of 0, 1 or 2^63 - 1.

Holds when: the apolo process never dies of a signal, no batch passes its time limit, its peak memory stays
under 1 GB, every file that is not imported is named on one line of stderr in words, and nothing unexpected is
printed. Prints the figures (files, crashes, hangs, decoder deaths reported in words, peak memory) and
"N passed, M failed" (a batch a case).

usage: fuzz-media.py [--per-seed N] [--seed S]   (the suite's short form: 24 per seed; make fuzz-media: 400)
"""
import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APOLO = os.environ.get("APOLO_BIN", os.path.join(ROOT, ".build/debug/apolo"))
SAMPLES = os.path.join(os.path.dirname(APOLO), "make-sample-photos")
XMP = b"""<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmp:Rating="3" xmp:Label="Red">
<dc:subject><rdf:Bag><rdf:li>tram</rdf:li><rdf:li>Lisbon</rdf:li></rdf:Bag></dc:subject></rdf:Description></rdf:RDF></x:xmpmeta>"""
MAGIC = {"CR3": b"\0\0\0\x18ftypcrx \0\0\0\1crx isom", "CRW": b"II\x1a\0\0\0HEAPCCDR", "RAF": b"FUJIFILMCCD-RAW 0201FF383501",
         "X3F": b"FOVb\0\0\2\0", "MRW": b"\0MRM\0\0\0\x40\0PRD\0\0\0\x18", "RW2": b"IIU\0\x18\0\0\0"}
PEAK_KB = 1024 * 1024   # the most memory apolo (or its raw decoder) may hold while importing hostile files
LINE = re.compile(r"^(failed|skipped|warning|note): \S")
SUMMARY = re.compile(r"imported (\d+), duplicates (\d+), failed (\d+)")


def seeds(work):
    """Small valid files of every kind, made here: (kind, extension, bytes)."""
    subprocess.run([SAMPLES, os.path.join(work, "gen")], check=True, capture_output=True)
    subprocess.run([SAMPLES, "--raw", "1", os.path.join(work, "gen")], check=True, capture_output=True)
    jpeg = next(os.path.join(r, f) for r, _, fs in os.walk(os.path.join(work, "gen", "lisbon")) for f in sorted(fs) if f.endswith(".jpg"))
    dng = next(os.path.join(r, f) for r, _, fs in os.walk(os.path.join(work, "gen", "raw")) for f in fs)
    out = [("jpeg", "jpg", open(jpeg, "rb").read())]
    for ext in ("png", "tif", "webp", "heic", "avif"):
        target = os.path.join(work, "seed." + ext)
        made = subprocess.run(["vips", "thumbnail", jpeg, target, "64"], capture_output=True)
        if made.returncode == 0:
            out.append((ext, ext, open(target, "rb").read()))
        else:
            print(f"note: no {ext} seed (vips: {made.stderr.decode().strip()[:80]})")
    raw = open(dng, "rb").read()
    out += [("dng", "dng", raw), ("nef", "NEF", raw), ("arw", "ARW", raw), ("orf", "ORF", b"IIRO" + raw[4:])]
    out += [(kind.lower(), kind, magic + raw[len(magic):]) for kind, magic in MAGIC.items()]
    return out, open(jpeg, "rb").read()


def boxes(data, start=0, end=None, depth=0):
    """Offsets of the ISO-BMFF boxes of a HEIF file, nested containers included."""
    end = len(data) if end is None else end
    found, at = [], start
    while depth < 4 and at + 8 <= end:
        size = int.from_bytes(data[at:at + 4], "big")
        kind = bytes(data[at + 4:at + 8])
        if size < 8 or at + size > end:
            break
        found.append(at)
        skip = {b"meta": 4, b"iinf": 6}.get(kind, 0)
        if kind in (b"meta", b"iprp", b"ipco", b"iinf"):
            found += boxes(data, at + 8 + skip, at + size, depth + 1)
        at += size
    return found


def mutate_box(data, rng):
    """One box's size made awkward: 0, 1 (then a 64-bit size), under its header, or past the end."""
    data = bytearray(data)
    places = boxes(data)
    if not places:
        return bytes(data)
    at = rng.choice(places)
    rest = len(data) - at
    size = rng.choice([0, 1, 2, 7, 8, 9, 15, 16, rest - 1, rest + 1, 0xFFFFFFFF, 0x7FFFFFFF])
    data[at:at + 4] = size.to_bytes(4, "big")
    if size == 1:
        data[at + 8:at + 16] = rng.choice([0, 1, 15, 16, rest, 1 << 63 - 1, (1 << 64) - 1]).to_bytes(8, "big")
    return bytes(data)


def mutate(data, rng, kind=""):
    if kind in ("heic", "avif") and rng.randrange(3) == 0:
        return mutate_box(data, rng)
    data = bytearray(data)
    how = rng.randrange(5)
    if how == 0:  # a few bit flips
        for _ in range(rng.randint(1, 16)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif how == 1:  # cut short
        data = data[:rng.randrange(1, len(data))]
    elif how == 2:  # a window of extreme values (sizes, offsets, counts)
        i = rng.randrange(max(1, len(data) - 8))
        data[i:i + 4] = rng.choice([b"\xff\xff\xff\xff", b"\0\0\0\0", b"\x7f\xff\xff\xff", b"\x80\0\0\0"])
    elif how == 3:  # bytes copied over from elsewhere in the file
        i, j, n = rng.randrange(len(data)), rng.randrange(len(data)), rng.randint(1, 64)
        data[i:i + n] = data[j:j + n]
    else:  # flips in the first 512 bytes, where headers live
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(min(512, len(data)))
            data[i] = rng.randrange(256)
    return bytes(data)


def run_batch(folder, home, limit):
    env = dict(os.environ, APOLO_HOME=home, APOLO_LOCK_TIMEOUT="30")
    subprocess.run([APOLO, "project", "new", "fuzz"], env=env, capture_output=True, check=True)
    start = time.time()
    try:
        run = subprocess.run([APOLO, "import", folder], env=env, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return None, "", "", time.time() - start
    return run.returncode, run.stdout.decode("utf-8", "replace"), run.stderr.decode("utf-8", "replace"), time.time() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-seed", type=int, default=24)
    parser.add_argument("--seed", type=int, default=int(os.environ.get("FUZZ_SEED", "1")))
    parser.add_argument("--batch", type=int, default=60)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="apolo-fuzz-media-")
    try:
        kinds, jpeg = seeds(work)
        files = []
        for kind, ext, data in kinds:
            files += [(f"{kind}-{i:04}.{ext}", mutate(data, rng, kind), None) for i in range(args.per_seed)]
        files += [(f"xmp-{i:04}.jpg", jpeg[:-2] + bytes([i % 256, i // 256]) + jpeg[-2:], mutate(XMP, rng)) for i in range(args.per_seed)]
        rng.shuffle(files)
        passed = failed = crashes = hangs = died = 0
        peak, worst = 0, 0.0
        for b in range(0, len(files), args.batch):
            folder, home = os.path.join(work, f"batch{b}"), os.path.join(work, f"home{b}")
            os.makedirs(folder)
            for name, data, sidecar in files[b:b + args.batch]:
                open(os.path.join(folder, name), "wb").write(data)
                if sidecar is not None:
                    open(os.path.join(folder, name + ".xmp"), "wb").write(sidecar)
            code, out, err, seconds = run_batch(folder, home, limit=180)
            worst = max(worst, seconds)
            peak = max(peak, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            problems = []
            if peak > PEAK_KB:
                problems.append(f"peak memory {peak // 1024} MB, over {PEAK_KB // 1024} MB")
            if code is None:
                hangs += 1
                problems.append("the import passed its 180 s limit")
            elif code < 0 or code >= 128:
                crashes += 1
                problems.append(f"apolo died of signal {-code if code < 0 else code - 128}")
            elif code not in (0, 3):
                problems.append(f"exit {code}")
            lines = [l for l in err.splitlines() if l.strip()]
            odd = [l for l in lines if not LINE.match(l)]
            if odd:
                problems.append(f"{len(odd)} line(s) not in apolo's words, e.g. {odd[0][:120]!r}")
            died += sum("raw decoder crashed" in l or "raw decoder took longer" in l for l in lines)
            summary = SUMMARY.search(out)
            named = sum(l.startswith("failed: ") for l in lines)
            if code is not None and (not summary or int(summary.group(3)) != named):
                problems.append(f"{named} failure line(s) for the summary {summary.group(0) if summary else 'missing'}")
            if problems:
                failed += 1
                print(f"FAIL batch {b // args.batch + 1}: " + "; ".join(problems) + f" (FUZZ_KEEP=1 keeps {folder})")
            else:
                passed += 1
        print(f"fuzz-media: {len(files)} files of {len(kinds) + 1} kinds (seed {args.seed}), {crashes} crashes of apolo, "
              f"{hangs} hangs, {died} raw-decoder deaths reported in words, peak memory {peak // 1024} MB, "
              f"slowest batch {worst:.1f} s")
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    finally:
        if not os.environ.get("FUZZ_KEEP"):
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
