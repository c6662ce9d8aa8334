"""Reviewers picking at once: N reviewers open one share, name themselves and heart photos as fast as the server
answers (each on its own connection, a thread each), while the owner's page polls (the page asks for the version
every 500 ms and the reviews every 2 s; here the version every 100 ms, for more samples). Prints each figure next
to its target and the server's floor (its answer to a request that does nothing, timed in the same run); checks
through the CLI that every pick landed under its reviewer's name.

usage: reviewers.py BASE KEY OWNER_TOKEN APOLO REVIEWERS PICKS [--short]"""
import http.client
import json
import random
import statistics
import subprocess
import sys
import threading
import time
from urllib.parse import urlparse

base, key, owner, apolo = sys.argv[1:5]
reviewers, picks = int(sys.argv[5]), int(sys.argv[6])
short = "--short" in sys.argv
where = urlparse(base)


def connection():
    return http.client.HTTPConnection(where.hostname, where.port, timeout=30)


def call(conn, method, path, body=None, headers=None):
    headers = dict(headers or {})
    if body is not None:
        headers["Content-Type"] = "application/json"
        body = json.dumps(body)
    start = time.perf_counter()
    conn.request(method, path, body=body, headers=headers)
    answer = conn.getresponse()
    data = answer.read()
    return answer.status, answer.getheader("Set-Cookie"), data, (time.perf_counter() - start) * 1000


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


trips, floor, owner_trips, failures, sent = [], [], [], [], {}
lock = threading.Lock()
go = threading.Event()


def reviewer(n):
    conn = connection()
    status, cookie, data, _ = call(conn, "POST", "/s/1/api/open", {"token": key})
    if status != 200:
        return failures.append(f"reviewer {n} could not open: {status}")
    jar = {"Cookie": cookie.split(";")[0]}
    ids = [p["id"] for p in json.loads(data)["photos"]]
    name = f"Reviewer {n:02d}"
    call(conn, "POST", "/s/1/api/me", {"name": name}, jar)
    chosen = random.Random(n).sample(ids, picks)
    go.wait()
    mine = []
    for photo in chosen:
        status, _, data, ms = call(conn, "POST", "/s/1/api/pick", {"photo": photo, "on": True}, jar)
        with lock:
            trips.append(ms)
        if status != 200:
            failures.append(f"{name}: pick answered {status} {data[:120]!r}")
        else:
            mine.append(photo)
    with lock:
        sent[name] = mine


def owner_page(stop):
    conn, last = connection(), 0
    while not stop.is_set():
        _, _, _, ms = call(conn, "GET", "/api/version", headers={"X-Apolo-Token": owner})
        with lock:
            owner_trips.append(ms)
        if time.time() - last > 2:
            call(conn, "GET", "/api/reviews", headers={"X-Apolo-Token": owner})
            last = time.time()
        time.sleep(0.1)


conn = connection()
for _ in range(30):
    floor.append(call(conn, "GET", "/api/version", headers={"X-Apolo-Token": owner})[3])
threads = [threading.Thread(target=reviewer, args=(n,)) for n in range(1, reviewers + 1)]
for t in threads:
    t.start()
stop = threading.Event()
watcher = threading.Thread(target=owner_page, args=(stop,))
watcher.start()
time.sleep(0.5)
start = time.time()
go.set()
for t in threads:
    t.join()
took = time.time() - start
stop.set()
watcher.join()

listed = json.loads(subprocess.run([apolo, "share", "picks", "1", "--json"], capture_output=True, text=True,
                                   check=True).stdout)
landed = {}
for pick in listed:
    for name in pick["by"]:
        landed.setdefault(name, set()).add(pick["id"])
lost = sum(len(set(ids) - landed.get(name, set())) for name, ids in sent.items())
wrong = sum(len(ids - set(sent.get(name, []))) for name, ids in landed.items())
p95, median = percentile(trips, 0.95), statistics.median(trips)
owner_p95 = percentile(owner_trips, 0.95)
ok = lambda good: "ok" if good else "MISSED"
print(f"  {reviewers} reviewers × {picks} hearts ({len(trips)} picks in {took:.1f} s, "
      f"{len(trips) / took:.0f} a second)")
clean = lost + wrong == 0 and not failures
print(f"  picks lost or under another name    {lost + wrong:6d}      target 0       {ok(clean)}")
print(f"  pick round trip p95               {p95:8.1f} ms   target 100 ms  {ok(p95 <= 100)}"
      f"   (median {median:.1f} ms; the server's floor, GET /api/version: {statistics.median(floor):.1f} ms)")
print(f"  owner's page poll p95 meanwhile   {owner_p95:8.1f} ms   target 250 ms  {ok(owner_p95 <= 250)}")
for failure in failures[:5]:
    print("   ", failure)
if short and (lost + wrong or failures):
    sys.exit(1)
