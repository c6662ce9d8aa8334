#!/usr/bin/env python3
"""Hostile command lines against a real project: random words, huge numbers, unicode, empty strings, '..', '/',
control characters (no NUL). Every run must exit with a documented code (0 1 2 3 4 130), never crash or print a
trace, put errors on one 'error:' line, and leave a document that parses and passes `apolo project check`.
Usage: tests/fuzz-cli.py [RUNS] [SEED]   (APOLO_BIN picks the binary; default .build/release/apolo)"""
import json, os, random, subprocess, sys, tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("APOLO_BIN", os.path.join(root, ".build/release/apolo"))
runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
random.seed(int(sys.argv[2]) if len(sys.argv) > 2 else 7)
work = tempfile.mkdtemp(prefix="apolo-fuzz.")
import atexit, shutil
atexit.register(shutil.rmtree, work, True)
env = dict(os.environ, APOLO_HOME=work + "/home", APOLO_LOCK_TIMEOUT="5")
env.pop("DISPLAY", None)
here = os.path.join(work, "cwd", "deeper")   # so that ".." and "../.." stay inside the work folder
os.makedirs(here)

def apolo(*args, **kw):
    return subprocess.run([binary, *args], env=env, capture_output=True, text=True, errors="replace", cwd=here, timeout=60, **kw)

samples = os.path.join(os.path.dirname(binary), "make-sample-photos")
subprocess.run([samples, os.path.join(work, "photos")], capture_output=True, check=True)
apolo("project", "new", "trip")
apolo("import", "--quiet", work + "/photos/lisbon")
for line in ["shelf create best", "slide move table:1 --to best", "slide move table:1 --to best", "shelf create x",
             "slide move table:1 --to x", "album compress x", "tag add best:1 tram"]:
    apolo(*line.split())

words = ["project", "new", "open", "list", "show", "save-as", "rename", "discard", "check", "import", "table", "shelf",
         "create", "delete", "move", "slide", "swap", "restore", "rate", "tag", "add", "remove", "filter", "album", "compress",
         "reopen", "export", "commands", "undo", "redo", "history", "run", "cache", "stats", "sheet", "view",
         "--to", "--at", "--yes", "--json", "--tag", "--rating", "--min-rating", "--from", "--new-shelf", "--into", "--force",
         "--dry-run", "--discarded", "--up", "--down", "--any-tag", "--max-size", "--columns", "--repair", "-o",
         "table:1", "table:0", "table:-1", "best:1", "best:2", "best:99", "x:1", "discarded:1", "best", "x", "trip", "all",
         "shelves", "IMG_0101.jpg", "ffffff", "0095c5", "", " ", "..", "/", "../../etc/passwd", "a:b", "é☃🎞", "-1", "0", "1",
         "5", "6", "99999999999999999999999", "1e9", "NaN", "\u0007", "\t", "\u001b[31m", "\u202e", "'", "\"", "\\", "$HOME",
         "*", "-", "--", "help", "out", "/dev/null", "/etc", work + "/photos/broken", work + "/nope"]
bad = 0
codes = {}
for n in range(runs):
    args = [random.choice(words) for _ in range(random.randint(0, 7))]
    if random.random() < 0.1:
        args.append("".join(chr(random.randint(1, 0x2FFF)) for _ in range(random.randint(0, 12))).replace("\0", ""))
    if random.random() < 0.02:
        args = ["run", "-"]
    stdin = "\n".join(" ".join(random.choice(words) for _ in range(random.randint(0, 5))) for _ in range(4)) if args[:2] == ["run", "-"] else ""
    r = apolo(*args, input=stdin)
    codes[r.returncode] = codes.get(r.returncode, 0) + 1
    lines = [l for l in r.stderr.splitlines() if l]
    ok = r.returncode in (0, 1, 2, 3, 4, 130) and "Fatal error" not in r.stderr and "Stack dump" not in r.stderr
    if r.returncode in (1, 2, 4):
        ok = ok and len(lines) >= 1 and lines[-1].startswith("error: ")
    if not ok:
        bad += 1
        print(f"BAD exit {r.returncode}: {args!r}\n{r.stderr[:400]}")
    if n % 500 == 499:
        apolo("project", "open", "trip")
with open(work + "/home/projects/trip.json") as f:
    json.load(f)
check = apolo("project", "check", "trip")
print(f"fuzz: {runs} invocations, exit codes {dict(sorted(codes.items()))}, {bad} bad; document parses; check exit {check.returncode}")
sys.exit(1 if bad or check.returncode != 0 else 0)
