#!/usr/bin/env python3
"""How long apolo takes to group 100,000 faces of 50,000 photos into people, and a new card's faces among them.

Usage: python3 bench/people_speed.py APOLO WORK [PHOTOS]   (PHOTOS: 50000 by default)

A project of PHOTOS generated photos is imported without analysis; each photo is then given two measured faces in
apolo's cache, with descriptors drawn like a large event's: 2,500 people seen many times (each face its person's
point plus noise, within about 0.35 of its person) and a fifth of faces strangers seen once. Speed only: whether the
groups are right is measured on real photos by bench/people.py. Timed: `apolo people group` over 90% of the photos
(a first grouping), then over the last 10% (a new card joining the people already known).
"""
import base64, json, os, random, re, resource, sqlite3, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# the cache holds measures of one version: read it from the source, so that a new version cannot leave this benchmark
# grouping nothing (rows of another version are ignored, and version 6 was written here while apolo read 8)
SIGNALS_VERSION = int(re.search(r"static let version = (\d+)",
                                open(os.path.join(ROOT, "Sources/ApoloCore/Analysis/Signals.swift")).read()).group(1))
SCALE = 256  # FaceIdentity.scale


def descriptor(rng, centre, noise):
    v = [c + rng.gauss(0, noise) for c in centre]
    return base64.b64encode(bytes((max(-127, min(127, round(x * SCALE))) & 0xFF) for x in v)).decode()


def faces_for(rng, people):
    faces = []
    for k in range(2):
        centre = rng.choice(people) if rng.random() < 0.8 else [rng.gauss(0, 0.06) for _ in range(128)]
        faces.append({"box": [0.2 + 0.4 * k, 0.2, 0.2, 0.3], "pixels": 160, "score": 1.0, "eyes": [0.3, 0.3],
                      "sharpness": 0.4, "identity": descriptor(rng, centre, 0.028)})
    return json.dumps(faces)


def group(apolo, env):
    start = time.time()
    out = subprocess.run([apolo, "people", "group", "--json"], env=env, capture_output=True, text=True, check=True)
    return time.time() - start, json.loads(out.stdout)


def main():
    apolo, work = sys.argv[1], sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 50000
    env = dict(os.environ, APOLO_HOME=os.path.join(work, "home"))
    sample = os.path.join(os.path.dirname(apolo), "make-sample-photos")
    subprocess.run([sample, "--count", str(count), os.path.join(work, "photos")], check=True, capture_output=True)
    subprocess.run([apolo, "project", "new", "event"], env=env, check=True, capture_output=True)
    subprocess.run([apolo, "import", "--quiet", "--no-thumbnails", "--no-analyze", os.path.join(work, "photos")],
                   env=env, check=True, capture_output=True)
    ids = sorted(json.load(open(os.path.join(env["APOLO_HOME"], "projects", "event.json")))["photos"])
    rng = random.Random(7)
    people = [[rng.gauss(0, 0.06) for _ in range(128)] for _ in range(2500)]
    db = sqlite3.connect(os.path.join(env["APOLO_HOME"], "cache", "cache.sqlite"))
    first = int(len(ids) * 0.9)
    sql = ("INSERT OR REPLACE INTO signals(photo, version, sharpness, region, highlights, shadows, faces, look, small, "
           "peak, bright, dark) VALUES(?, ?, 0.4, 0, 0, 0, ?, x'', 0, 0.4, 250, 5)")
    db.executemany(sql, ((i, SIGNALS_VERSION, faces_for(rng, people)) for i in ids[:first]))
    db.commit()
    seconds, report = group(apolo, env)
    if report["people"] == 0:
        sys.exit("people_speed: apolo grouped no faces (are the cache rows of the version it reads?)")
    print(f"  {'group 90,000 faces (the first grouping)':46} {seconds:6.1f} s {'60 s':>8} "
          f"{'ok' if seconds <= 60 else 'MISSED'}   {report['people']} people, {report['loose']} faces seen once")
    db.executemany(sql, ((i, SIGNALS_VERSION, faces_for(rng, people)) for i in ids[first:]))
    db.commit()
    seconds, report = group(apolo, env)
    print(f"  {'a new card: 10,000 faces among those people':46} {seconds:6.1f} s {'60 s':>8} "
          f"{'ok' if seconds <= 60 else 'MISSED'}   {report['joined']} joined people already known")
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"  {'peak memory of a grouping (or the import)':46} {peak:6.0f} MB")


if __name__ == "__main__":
    main()
