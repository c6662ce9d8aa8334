#!/usr/bin/env python3
"""Builds the people set (bench/people-set/README.md) from repository mirrors: each photo of provenance.tsv taken
out of its repository at its commit (`git show`), a PNG re-encoded as a JPEG at quality 95 by libvips, and
manifest.tsv written beside them.

Usage: python3 bench/people_set.py MIRRORS OUT   (MIRRORS: folders named owner+name holding a git directory)
Exit 1, saying which, when a repository or a commit is missing.
"""
import os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def git_dir(mirrors, repo):
    base = os.path.join(mirrors, repo.replace("/", "+"))
    for candidate in (os.path.join(base, "repo"), base):
        if os.path.isdir(candidate) and subprocess.run(["git", "-C", candidate, "rev-parse"],
                                                       capture_output=True).returncode == 0:
            return candidate
    return None


def main():
    mirrors, out = sys.argv[1], sys.argv[2]
    rows = [line.rstrip("\n").split("\t") for line in open(os.path.join(HERE, "people-set", "provenance.tsv"))][1:]
    missing = sorted({r[4] for r in rows if git_dir(mirrors, r[4]) is None})
    if missing:
        print("missing repositories in " + mirrors + ": " + ", ".join(missing), file=sys.stderr)
        return 1
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "manifest.tsv") + ".tmp", "w") as manifest:
        manifest.write("source\tperson\trelative_path\tnote\n")
        for source, person, rel, note, repo, commit, path in rows:
            target = os.path.join(out, rel)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if not os.path.exists(target):
                data = subprocess.run(["git", "-C", git_dir(mirrors, repo), "show", f"{commit}:{path}"],
                                      capture_output=True, check=True).stdout
                if path.lower().endswith(".png"):
                    with open(target + ".png", "wb") as f:
                        f.write(data)
                    subprocess.run(["vips", "copy", target + ".png", target + "[Q=95]"], check=True)
                    os.remove(target + ".png")
                else:
                    with open(target, "wb") as f:
                        f.write(data)
            manifest.write("\t".join((source, person, rel, note)) + "\n")
    os.replace(os.path.join(out, "manifest.tsv") + ".tmp", os.path.join(out, "manifest.tsv"))
    print(f"{len(rows)} photos in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
