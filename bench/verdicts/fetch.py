"""Copies every photo listed in photos.json out of its git mirror, so a benchmark reads the exact files that were judged.

Usage: fetch.py MIRRORS OUT [--set tune|held] [--photos photos.json]

MIRRORS holds one git directory per repository, named owner+name (as the tool library's `fetch` lays them out:
MIRRORS/owner+name/repo, bare or with a .git inside); MIRRORS/owner+name itself may be the git directory too.
Each photo is read as the blob recorded in photos.json (`git cat-file blob`), which is the file at `commit:path`; the
copy is named `<id>-<basename of path>`. A photo whose repository or blob is missing is reported and skipped, and the
exit status is 1 if any was. The photos are not committed to apolo: their licences (see README.md) do not allow it
or say nothing.
"""
import argparse
import json
import os
import subprocess
import sys


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for d in (os.path.join(base, "repo"), base):
        if os.path.isdir(d):
            ok = subprocess.run(["git", "-C", d, "rev-parse", "--git-dir"], capture_output=True)
            if ok.returncode == 0:
                return d
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mirrors")
    ap.add_argument("out")
    ap.add_argument("--set", choices=("tune", "held"))
    ap.add_argument("--photos", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "photos.json"))
    a = ap.parse_args()
    photos = json.load(open(a.photos))
    if a.set:
        photos = [p for p in photos if p["set"] == a.set]
    os.makedirs(a.out, exist_ok=True)
    dirs, copied, missing = {}, 0, []
    for p in photos:
        if p["repo"] not in dirs:
            dirs[p["repo"]] = git_dir(a.mirrors, p["repo"])
        d = dirs[p["repo"]]
        if d is None:
            missing.append(f"{p['id']}: no mirror of {p['repo']} (fetch github:{p['repo']})")
            continue
        r = subprocess.run(["git", "-C", d, "cat-file", "blob", p["blob"]], capture_output=True)
        if r.returncode != 0:   # an older snapshot may lack the blob; try the path at the recorded commit
            r = subprocess.run(["git", "-C", d, "show", f"{p['commit']}:{p['path']}"], capture_output=True)
        if r.returncode != 0:
            missing.append(f"{p['id']}: {p['repo']} has neither blob {p['blob']} nor {p['commit'][:12]}:{p['path']}")
            continue
        h = subprocess.run(["git", "hash-object", "--stdin"], input=r.stdout, capture_output=True, text=False)
        if h.stdout.decode().strip() != p["blob"]:
            missing.append(f"{p['id']}: bytes of {p['repo']}:{p['path']} differ from the judged blob")
            continue
        with open(os.path.join(a.out, f"{p['id']}-{os.path.basename(p['path'])}"), "wb") as f:
            f.write(r.stdout)
        copied += 1
    print(f"{copied} of {len(photos)} photos copied to {a.out}")
    for m in missing:
        print("  missing", m, file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
