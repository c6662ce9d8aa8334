#!/usr/bin/env python3
"""Hostile cards through the real `apolo ingest`: odd names (control characters, 255 bytes, case clashes, many
dots, bytes that are no UTF-8), empty and huge sparse files, duplicates, a damaged registry. Each case must end
without a crash, name every failure, leave the card's bytes and times as they were, copy every distinct photo,
plan in a dry run what the run then copies, and leave the registry readable for the next run.

    python3 tests/fuzz-ingest.py [--seed N] [--cases N]    (the seed is printed; the same seed replays the cards)
"""
import argparse, json, os, random, re, shutil, subprocess, sys, tempfile, time

from ingest_cards import build_card, damaged_lines, sha_of

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APOLO = os.environ.get("APOLO_BIN", os.path.join(ROOT, ".build/debug/apolo"))


def snapshot(folder):
    out = {}
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            out[path] = (sha_of(path), os.lstat(path).st_mtime_ns)
    return out


def ingest(home, args):
    env = dict(os.environ, APOLO_HOME=home, LANG="C.UTF-8")
    run = subprocess.run([APOLO, "ingest", *args, "--json", "-q"], capture_output=True, env=env, timeout=120)
    try:
        report = json.loads(run.stdout.decode("utf-8", "replace") or "null")
    except ValueError:
        report = None
    return run.returncode, report, run.stderr.decode("utf-8", "replace")


def check_run(code, report, err, what):
    """The problems of one run, in words (empty when it behaved)."""
    if code < 0 or code >= 128 or code in (132, 134):
        return ["%s crashed (exit %d): %s" % (what, code, err[-300:])]
    if code not in (0, 3):
        return ["%s: exit %d: %s" % (what, code, err[-300:])]
    if not isinstance(report, dict):
        return ["%s: no JSON report" % what]
    bad = [f for f in report.get("failed", []) if not f.get("path") or not f.get("reason")]
    if bad or (code == 3) != bool(report.get("failed")):
        return ["%s: a failure not named (exit %d): %s" % (what, code, report.get("failed"))]
    return []


def case(seed, work):
    r = random.Random(seed)
    card, home, out = (os.path.join(work, n).encode() for n in ("card", "home", "out"))
    photos, planted = build_card(r, card)
    os.makedirs(os.path.join(home, b"ingest"))
    with open(os.path.join(home, b"ingest/ingested.tsv"), "w") as f:
        f.write("\n".join(damaged_lines(r) + planted) + "\n")
    before = snapshot(card)
    args = [os.fsdecode(card), "--to", os.fsdecode(out), "--no-import"]
    if r.random() < 0.5:
        args += ["--job", "j", "--name", r.choice(["{job}_{seq:4}", "{name}_{dayseq}", "{job}-{name}-{cardseq:9}"])]
    if r.random() < 0.3:
        args += ["--backup", os.fsdecode(os.path.join(work.encode(), b"backup"))]
    problems = []
    code, plan, err = ingest(home, args + ["--dry-run"])
    problems += check_run(code, plan, err, "the dry run")
    code, report, err = ingest(home, args)
    problems += check_run(code, report, err, "the ingest")
    if isinstance(plan, dict) and isinstance(report, dict) and plan.get("photos") != report.get("photos"):
        problems.append("the dry run planned %s photos, the run copied %s" % (plan.get("photos"), report.get("photos")))
    copied = snapshot(out) if os.path.isdir(out) else {}
    missing = photos - {h for h, _ in copied.values()}
    if missing:
        problems.append("%d distinct photos of the card have no copy" % len(missing))
    for path in copied:
        name = os.path.basename(path)
        if name.endswith(b".apolo-part") or re.search(rb"[\x00-\x1f\x7f]", name):
            problems.append("a copy named %r" % name)
    code, again, err = ingest(home, args)
    problems += check_run(code, again, err, "the second ingest")
    if isinstance(again, dict) and again.get("photos"):
        problems.append("the second ingest copied %s photos again" % again.get("photos"))
    if snapshot(card) != before:
        problems.append("the card's bytes or times changed")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    parser.add_argument("--cases", type=int, default=24)
    options = parser.parse_args()
    print("fuzz-ingest: seed %d (replay: python3 tests/fuzz-ingest.py --seed %d --cases %d)"
          % (options.seed, options.seed, options.cases))
    passed = failed = 0
    for number in range(options.cases):
        work = tempfile.mkdtemp(prefix="apolo-fuzz-ingest.")
        try:
            problems = case(options.seed * 1000 + number, work)
        except subprocess.TimeoutExpired:
            problems = ["the ingest took over 120 s"]
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if problems:
            failed += 1
            print("case %d: FAIL: %s" % (number, "; ".join(problems)))
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
