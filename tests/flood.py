#!/usr/bin/env python3
"""Connection floods against the real `apolo serve` on loopback only.

Two scenarios, each while a page keeps asking: (1) IDLE connections opened and held, never sending a byte;
(2) a slowloris: SLOW connections each sending a header byte every second, for SECONDS. Holds when every page
request (`GET /` and `GET /api/state` with the token, on a new connection each) is answered within 3 s.
Prints each figure next to its target and "N passed, M failed".

usage: flood.py [--idle 1100] [--slow 200] [--seconds 60]   (make test: the short form, --seconds 12)
"""
import argparse
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from served import serve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APOLO = os.environ.get("APOLO_BIN", os.path.join(ROOT, ".build/debug/apolo"))
TARGET = 3.0


def page(port, token):
    """Seconds until a whole answer to GET / and to GET /api/state arrive (None when either fails)."""
    start = time.time()
    for path, headers in (("/", ""), ("/api/state", f"X-Apolo-Token: {token}\r\n")):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=TARGET * 3) as s:
                s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}Connection: close\r\n\r\n".encode())
                data = b""
                while chunk := s.recv(65536):
                    data += chunk
        except OSError:
            return None
        if not data.startswith(b"HTTP/1.1 200"):
            return None
    return time.time() - start


def connect_many(port, n):
    held = []
    for _ in range(n):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError:
            break
    return held


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--idle", type=int, default=1100)
    parser.add_argument("--slow", type=int, default=200)
    parser.add_argument("--seconds", type=int, default=60)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    home = tempfile.mkdtemp(prefix="apolo-flood-")
    env = dict(os.environ, APOLO_HOME=home)
    subprocess.run([APOLO, "project", "new", "flood"], env=env, check=True, capture_output=True)
    server, port, token = serve(APOLO, env)
    passed = failed = 0
    try:
        if port is None:
            print(f"FAIL: serve printed {token!r}")
            return 1
        results = []
        held = connect_many(port, args.idle)
        times = [page(port, token) for _ in range(3)]
        results.append((f"page with {len(held)} idle connections held", times))
        for s in held:
            s.close()
        slow = connect_many(port, args.slow)
        for s in slow:
            s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n".encode())
        times, end = [], time.time() + args.seconds
        while time.time() < end:
            for s in slow:
                try:
                    s.send(b"X")
                except OSError:
                    pass
            times.append(page(port, token))
            time.sleep(max(0.0, 1.0 - (times[-1] or 0)))
        results.append((f"page during a {len(slow)}-connection slowloris of {args.seconds} s", times))
        for name, times in results:
            answered = [t for t in times if t is not None]
            ok = len(answered) == len(times) and max(answered) <= TARGET
            worst = f"{max(answered):.2f} s" if answered else "-"
            print(f"{name}: {len(answered)}/{len(times)} answered, slowest {worst} (target: all, each ≤ {TARGET:.0f} s)"
                  f"{'' if ok else '  FAIL'}")
            passed, failed = passed + ok, failed + (not ok)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
