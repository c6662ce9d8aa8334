#!/usr/bin/env python3
"""How well apolo groups faces into people, on real photos of people photographed several times.

Usage: python3 bench/people.py SET [APOLO]   (SET: a folder with manifest.tsv; see bench/people-set.sh)

Imports the set into a fresh project (apolo's own analysis and grouping), then compares the people apolo made with
the manifest's: pairwise precision and recall of "same person" over the labelled faces (each photo's largest face;
photos holding a group are left out), for faces of 80 px or more (the target) and for all. A face apolo left loose
counts as a person of its own. Reported apart: the held-back photos (one whole source, `deepface`, and a third of
the rest by SHA-1 of the file name; nothing of them was looked at while tuning `Grouping.joinWithin`), and the hard
pairs: people related by blood or known look-alikes (`sibling-of`, `child-of`, `lookalike-of`, … in the notes).
"""
import hashlib, itertools, json, os, sqlite3, subprocess, sys, tempfile, time

HELD_SOURCE = "deepface"
RELATIONS = ("sibling-of", "child-of", "parent-of", "lookalike-of", "grandparent-of", "grandchild-of", "cousin-of",
             "niece-of", "uncle-of", "triplet")


def held(source, path):
    return source == HELD_SOURCE or int(hashlib.sha1(os.path.basename(path).encode()).hexdigest(), 16) % 3 == 0


def load_manifest(root):
    rows = []
    with open(os.path.join(root, "manifest.tsv")) as f:
        next(f)
        for line in f:
            source, person, rel, note = line.rstrip("\n").split("\t")[:4]
            rows.append(dict(source=source, person=person, path=os.path.realpath(os.path.join(root, rel)),
                             notes=note.split(";")))
    return rows


def relations(rows):
    """Pairs of person labels related by blood or known to look alike."""
    pairs = set()
    for r in rows:
        for n in r["notes"]:
            if ":" in n and n.split(":")[0] in RELATIONS:
                pairs.add(frozenset((r["person"], n.split(":", 1)[1])))
    return pairs


def run(apolo, home, *args):
    env = dict(os.environ, APOLO_HOME=home)
    return subprocess.run([apolo, *args], env=env, capture_output=True, text=True, check=True).stdout


def scores(faces, hard=frozenset()):
    """Pairwise precision and recall of (truth, predicted) labels over pairs of one person or of unrelated people;
    pairs of related people (`hard`) are counted apart: how many there are, and which were joined."""
    tp = fp = fn = related = 0
    joined = set()
    for (t1, p1), (t2, p2) in itertools.combinations(faces, 2):
        same_t, same_p = t1 == t2, p1 == p2
        if not same_t and frozenset((t1, t2)) in hard:
            related += 1
            if same_p:
                joined.add(tuple(sorted((t1, t2))))
            continue
        tp += same_t and same_p
        fp += (not same_t) and same_p
        fn += same_t and not same_p
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return precision, recall, tp, fp, fn, related, joined


def main():
    root = sys.argv[1]
    apolo = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.path.dirname(__file__), "../.build/release/apolo")
    rows = load_manifest(root)
    home = tempfile.mkdtemp(prefix="apolo-people-")
    run(apolo, home, "project", "new", "people")
    start = time.time()
    folders = sorted({os.path.join(root, r["source"]) for r in rows})
    out = run(apolo, home, "import", *folders)
    seconds = time.time() - start
    print(out.strip().splitlines()[-1])
    doc = json.load(open(os.path.join(home, "projects", "people.json")))
    path_of = {pid: p["path"] for pid, p in doc["photos"].items()}
    person_of = {}
    for person in doc.get("people", {}).get("persons", []):
        for key in person["faces"]:
            person_of[key] = person["id"]
    db = sqlite3.connect(os.path.join(home, "cache", "cache.sqlite"))
    faces_of = {path_of[pid]: json.loads(f) if f else [] for pid, f in db.execute("SELECT photo, faces FROM signals")
                if pid in path_of}
    id_of = {p: pid for pid, p in path_of.items()}
    labelled, missing = [], 0
    for r in rows:
        if "group" in r["notes"]:
            continue
        faces = faces_of.get(r["path"]) or []
        if not faces:
            missing += 1
            continue
        i = max(range(len(faces)), key=lambda k: faces[k]["box"][2] * faces[k]["box"][3])
        key = id_of[r["path"]] + "#" + str(i)
        labelled.append(dict(truth=r["person"], predicted=person_of.get(key, key), pixels=faces[i]["pixels"],
                             held=held(r["source"], r["path"]), source=r["source"]))
    hard = frozenset(relations(rows))
    print(f"{len(rows)} photos of {len({r['person'] for r in rows})} labels; {len(labelled)} labelled faces found, "
          f"{missing} photos with no face found; import with analysis {seconds:.0f} s")
    print("target: precision >= 0.97, recall >= 0.90 (faces of 80 px or more)")
    for name, keep in (("tuning", lambda f: not f["held"]), ("held back", lambda f: f["held"])):
        for size in (80, 0):
            chosen = [(f["truth"], f["predicted"]) for f in labelled if keep(f) and f["pixels"] >= size]
            p, r, tp, fp, fn, related, joined = scores(chosen, hard)
            print(f"{name:9} faces >= {size:2} px: {len(chosen):3} faces  precision {p:.3f}  recall {r:.3f}  "
                  f"(pairs: {tp} right, {fp} joined wrongly, {fn} missed)")
            print(f"{'':9} related people (kin, look-alikes): {related} pairs of faces, joined into one person: "
                  + (", ".join("+".join(j) for j in sorted(joined)) or "none"))
    for source in sorted({f["source"] for f in labelled}):
        chosen = [(f["truth"], f["predicted"]) for f in labelled if f["source"] == source]
        p, r, *_ = scores(chosen, hard)
        print(f"  {source:12} {len(chosen):3} faces  precision {p:.3f}  recall {r:.3f}")


if __name__ == "__main__":
    main()
