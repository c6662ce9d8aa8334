#!/usr/bin/env python3
"""One reviewer floods a share of the real `apolo serve` (loopback only) with 2,000-byte comments and hearts:
FLOODERS threads on their session, as fast as the server answers, for SECONDS, while another reviewer hearts and the
owner's page asks for the reviews every 0.2 s. Holds when the picks log stays under LOG_BOUND bytes, the flood is
answered 200 or 429 with Retry-After, the others are answered within TARGET seconds each time, and the server lives.
Prints each figure next to its target (the log's growth a minute among them) and "N passed, M failed".

usage: reviewers-flood.py [--seconds 8] [--flooders 4]   (make test runs it as it is: about 10 s)
"""
import argparse
import http.client
import itertools
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from served import serve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", os.environ.get("BUILD", "debug"))
APOLO = os.environ.get("APOLO_BIN", os.path.join(BUILD, "apolo"))
TARGET = 2.0
LOG_BOUND = 2 * 1024 * 1024
COMMENT = "é" * 995


def call(port, method, path, body=None, headers=None, conn=None):
    """(status, headers, JSON or None, seconds) of one request; a connection of its own unless one is given."""
    one = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = dict(headers or {}, **({"Content-Type": "application/json"} if body is not None else {}))
    start = time.time()
    one.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
    answer = one.getresponse()
    data = answer.read()
    if conn is None:
        one.close()
    parsed = json.loads(data) if data.startswith(b"{") else None
    return answer.status, dict(answer.getheaders()), parsed, time.time() - start


def reviewer(port, key, name):
    """A named reviewer's cookie and the share's photo ids."""
    status, headers, state, _ = call(port, "POST", "/s/1/api/open", {"token": key})
    if status != 200:
        raise SystemExit(f"FAIL: the link did not open: {status} {state}")
    cookie = {"Cookie": headers["Set-Cookie"].split(";")[0]}
    call(port, "POST", "/s/1/api/me", {"name": name}, cookie)
    return cookie, [p["id"] for p in state["photos"]]


def flood(port, cookie, ids, stop, counts, lock):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for n in itertools.takewhile(lambda _: not stop.is_set(), itertools.count(1)):
        body, path = ({"photo": ids[n % 2], "text": f"{n} {COMMENT}"}, "/s/1/api/comment") if n % 3 else \
            ({"photo": ids[n % len(ids)], "on": n % 2 == 0}, "/s/1/api/pick")
        try:
            status, headers, _, _ = call(port, "POST", path, body, cookie, conn)
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            status, headers = "lost", {}
        kind = status if status != 429 or "Retry-After" in headers else "429 without Retry-After"
        with lock:
            counts[kind] = counts.get(kind, 0) + 1


def others(port, token, cookie, ids, stop, times):
    for n in itertools.takewhile(lambda _: not stop.is_set(), itertools.count(1)):
        pick = call(port, "POST", "/s/1/api/pick", {"photo": ids[2 + n % 3], "on": n % 2 == 0}, cookie)
        owner = call(port, "GET", "/api/reviews", None, {"X-Apolo-Token": token})
        times.append((pick[0], pick[3], owner[0], owner[3]))
        stop.wait(0.2)


def setup(home):
    env = dict(os.environ, APOLO_HOME=home)
    run = lambda *args: subprocess.run([APOLO, *args], env=env, check=True, capture_output=True, text=True)
    subprocess.run([os.path.join(BUILD, "make-sample-photos"), "--count", "8", "--size", "64x48", home + "/photos"],
                   check=True, capture_output=True)
    for step in (["project", "new", "flood"], ["import", "--quiet", home + "/photos"],
                 ["filter", "--from", "table", "--new-shelf", "proofs"], ["share", "create", "proofs", "--title", "P"]):
        run(*step)
    key = json.loads(run("share", "show", "1", "--json").stdout)["link"].split("#")[1]
    return env, key


def measure(args, port, token, key, log):
    flooder, ids = reviewer(port, key, "Eve")
    other, _ = reviewer(port, key, "Ana")
    stop, lock, counts, times = threading.Event(), threading.Lock(), {}, []
    threads = [threading.Thread(target=flood, args=(port, flooder, ids, stop, counts, lock))
               for _ in range(args.flooders)]
    threads.append(threading.Thread(target=others, args=(port, token, other, ids, stop, times)))
    start = time.time()
    for t in threads:
        t.start()
    stop.wait(args.seconds)
    stop.set()
    for t in threads:
        t.join(timeout=15)
    size = os.path.getsize(log) if os.path.exists(log) else 0
    return counts, times, size, time.time() - start


def report(counts, times, size, seconds, alive):
    slow = max((max(t[1], t[3]) for t in times), default=None)
    answered = all(t[0] == 200 and t[2] == 200 for t in times) and times
    figures = [
        (f"the flood: {sum(counts.values())} acts answered {dict(sorted(counts.items(), key=str))} "
         "(target: 200 or 429 with Retry-After, some 429)", set(counts) <= {200, 429} and 429 in counts),
        (f"the picks log: {size:,} bytes after {seconds:.1f} s, {size * 60 / seconds / 1024:,.0f} KiB a minute "
         f"(target: under {LOG_BOUND:,})", size < LOG_BOUND),
        (f"another reviewer and the owner: {len(times)} each, all answered: {bool(answered)}, slowest "
         f"{slow or 0:.2f} s (target: each ≤ {TARGET:.0f} s)", bool(answered) and (slow or 0) <= TARGET),
        (f"the server after: {'alive' if alive else 'gone'}", alive),
    ]
    print("\n".join(words + ("" if ok else "  FAIL") for words, ok in figures))
    failed = sum(not ok for _, ok in figures)
    print(f"{len(figures) - failed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=8)
    parser.add_argument("--flooders", type=int, default=4)
    args = parser.parse_args()
    args.seconds, args.flooders = min(max(args.seconds, 1), 60), min(max(args.flooders, 1), 16)   # bounded
    home = tempfile.mkdtemp(prefix="apolo-reviewers-flood-")
    env, key = setup(home)
    server, port, token = serve(APOLO, env)
    try:
        if port is None:
            print(f"FAIL: serve printed {token!r}")
            return 1
        log = os.path.join(home, "projects", "flood.picks.tsv")
        counts, times, size, seconds = measure(args, port, token, key, log)
        alive = server.poll() is None and call(port, "GET", "/")[0] == 200
        return report(counts, times, size, seconds, alive)
    finally:
        server.terminate()
        server.wait(timeout=10)
        subprocess.run(["rm", "-rf", home])


if __name__ == "__main__":
    sys.exit(main())
