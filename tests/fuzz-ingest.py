#!/usr/bin/env python3
"""Hostile cards through the real `apolo ingest`: odd names (control characters, 255 bytes, case clashes, many
dots, bytes that are no UTF-8), empty and huge sparse files, duplicates, a damaged registry. Each case must end
without a crash, name every failure, leave the card's bytes and times as they were, copy every distinct photo,
plan in a dry run what the run then copies, and leave the registry readable for the next run.

    python3 tests/fuzz-ingest.py [--seed N] [--cases N]    (the seed is printed; the same seed replays the cards)
"""
import argparse, hashlib, json, os, random, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APOLO = os.environ.get("APOLO_BIN", os.path.join(ROOT, ".build/debug/apolo"))
SPAN = 64 << 10


def odd_name(r, index):
    """A file name (bytes) a careless or hostile card could hold; unique by `index`."""
    tag = b"%d" % index
    kinds = [
        lambda: b"IMG_" + tag + bytes([r.choice([9, 10, 13, 27, 127])]) + b"x.JPG",
        lambda: b"A" + tag + b"." + b"x" * (249 - len(tag)) + b".JPG",
        lambda: b"B" + tag + b"x" * (250 - len(tag)) + b".JPG",
        lambda: b"IMG_" + tag + b".jpg.xmp.jpg",
        lambda: b"many." + b".".join(b"d" for _ in range(r.randint(2, 30))) + tag + b".JPG",
        lambda: b"raw\xff\xfe" + tag + b".JPG",
        lambda: b"t\xc3(" + tag + b".J\x01PG",
        lambda: b"DSC_" + tag + b".JPG",
    ]
    return r.choice(kinds)()


def jpeg(r, size):
    return b"\xff\xd8\xff\xe0" + r.randbytes(max(0, size - 4))


def build_card(r, card):
    """Writes the card; the SHA-256 of every photo that must be copied, and the registry lines to plant."""
    os.makedirs(card)
    photos, planted = set(), []
    folders = [os.path.join(card, b"DCIM/%dAPOLO" % (100 + f)) for f in range(r.randint(1, 3))]
    for folder in folders:
        os.makedirs(folder)
    for index in range(r.randint(3, 12)):
        folder = r.choice(folders)
        name = odd_name(r, index)
        data = jpeg(r, r.choice([200, 5000, 70_000, 140_000, 300_000]))
        path = os.path.join(folder, name)
        with open(path, "wb") as f:
            f.write(data)
        photos.add(hashlib.sha256(data).hexdigest())
        if r.random() < 0.3:  # the same name in another case, other bytes
            other = jpeg(r, len(data))
            with open(os.path.join(folder, name.swapcase()), "wb") as f:
                f.write(other)
            photos.add(hashlib.sha256(other).hexdigest())
        if r.random() < 0.2:  # a duplicate under another name
            shutil.copyfile(path, os.path.join(r.choice(folders), b"COPY_%d.JPG" % index))
        if r.random() < 0.2 and len(data) > 2 * SPAN:  # the same quick print, other bytes
            twin = bytearray(data)
            twin[len(data) // 2] ^= 0x55
            with open(os.path.join(folder, b"TWIN_%d.JPG" % index), "wb") as f:
                f.write(twin)
            photos.add(hashlib.sha256(twin).hexdigest())
            planted.append(registry_line(data, "00" * 32, r))
    open(os.path.join(folders[0], b"EMPTY.JPG"), "wb").close()
    if r.random() < 0.3:
        with open(os.path.join(folders[0], b"HUGE.JPG"), "wb") as f:
            f.write(b"\xff\xd8\xff\xe0" + r.randbytes(1000))
            f.truncate(r.choice([40, 64]) << 20)
        photos.add(sha_of(os.path.join(folders[0], b"HUGE.JPG")))
    return photos, planted


def registry_line(data, sha, r):
    tail = data[SPAN:][-SPAN:] if len(data) > SPAN else b""
    quick = "%d:%s" % (len(data), hashlib.sha256(data[:SPAN] + tail).hexdigest())
    return "\t".join(["1", quick, sha, str(len(data)), "j", "2026-01-01", str(r.randint(1, 9)), "1", "x", "/c", "/o"])


def damaged_lines(r):
    huge = str(r.choice([2**63 - 1, 2**64, -(2**63), 10**30]))
    lines = ["1\tp\t%s\t9\tj\t2026-01-01\t%s\t1\tx\t/c\t/o" % ("ab" * 32, huge),
             "1\tp\t%s\t%s\tj\t2026-01-01\t1\t%s\tx\t/c\t/o" % ("ab" * 32, huge, huge),
             "1\tp\t%s\t-5\tj\t2026-01-01\t-1\t-1\tx\t/c\t/o" % ("cd" * 32),
             "1\tNaN\tnan\tNaN\tj\tinf\tNaN\t1e9\tx\t/c\t/o", "1\tonly\tthree", "\t" * 40, "2\tfuture"]
    return r.sample(lines, r.randint(1, len(lines)))


def sha_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


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
