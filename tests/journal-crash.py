"""The light table's journal under kill -9: the real `apolo serve`, keeping a journal for a project of any size
(APOLO_JOURNAL_FROM=0), takes ratings one after another as fast as it answers them, and is killed at a random
moment, TRIALS times (default 15). After each kill the project as `apolo` reads it must hold every rating the server
answered, and the one in flight either way; then either a command line edit writes the document whole, or the
server starts again on the journal it left. At the end a stopped server (Ctrl-C) leaves no journal and a document
that holds everything. Part of `make test-hardening`; builds nothing."""
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from served import serve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, ".build", os.environ.get("BUILD", "debug"))
APOLO = os.environ.get("APOLO_BIN", os.path.join(BUILD, "apolo"))


def cli(env, *args):
    return subprocess.run([APOLO, *args], env=env, capture_output=True, text=True, check=True).stdout


def ratings(env):
    return {row["id"]: row["rating"] for row in json.loads(cli(env, "table", "--json"))}


def rate(port, token, photo, stars):
    """True when the server answered that the rating was saved."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"commands": [["rate", photo[:12], str(stars)]]})
    conn.request("POST", "/api/run", body=body, headers={
        "X-Apolo-Token": token, "Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"})
    answer = conn.getresponse()
    data = answer.read()
    conn.close()
    return answer.status == 200 and json.loads(data).get("error") is None


def session(env, known, rng, kill):
    """Rates photos until the server is killed (or stopped); returns (acknowledged, in flight)."""
    server, port, token = serve(APOLO, env)
    if port is None:
        raise SystemExit(f"FAIL: apolo serve did not start: {token}")
    acked, flight, stop = {}, [None], threading.Event()

    def edits():
        ids = sorted(known)
        while not stop.is_set():
            photo = rng.choice(ids)
            stars = (acked.get(photo, known[photo]) % 5) + 1
            flight[0] = (photo, stars)
            try:
                if rate(port, token, photo, stars):
                    acked[photo] = stars
                    flight[0] = None
            except (OSError, http.client.HTTPException):
                return
    worker = threading.Thread(target=edits)
    worker.start()
    stop.wait(rng.uniform(0.3, 1.2))
    server.send_signal(signal.SIGKILL if kill else signal.SIGINT)
    server.wait()
    stop.set()
    worker.join()
    return acked, flight[0]


def main():
    trials = int(os.environ.get("TRIALS", "15"))
    rng = random.Random(int(os.environ.get("SEED", "7")))
    with tempfile.TemporaryDirectory(prefix="apolo-journal-crash.") as work:
        env = dict(os.environ, APOLO_HOME=os.path.join(work, "home"), APOLO_JOURNAL_FROM="0")
        subprocess.run([os.path.join(BUILD, "make-sample-photos"), "--count", "12", os.path.join(work, "p")],
                       check=True, capture_output=True)
        cli(env, "project", "new", "j")
        cli(env, "import", "--quiet", "--no-thumbnails", "--no-analyze", os.path.join(work, "p"))
        journal = os.path.join(work, "home", "projects", "j.journal")
        known, edits, journaled, wrong = ratings(env), 0, 0, []
        for trial in range(trials):
            acked, flight = session(env, known, rng, kill=True)
            journaled += os.path.exists(journal)
            truth = ratings(env)
            for photo, stars in {**known, **acked}.items():
                allowed = {stars} | ({flight[1]} if flight and flight[0] == photo else set())
                if truth[photo] not in allowed:
                    wrong.append(f"trial {trial}: photo {photo[:8]} is {truth[photo]}, expected {sorted(allowed)}")
            edits += len(acked)
            known = truth
            if trial % 2:  # a command line edit writes the document whole; else the next server starts on the journal
                photo = sorted(known)[0]
                known[photo] = known[photo] % 5 + 1
                cli(env, "rate", photo[:12], str(known[photo]))
                if os.path.exists(journal):
                    wrong.append(f"trial {trial}: a command line edit left the journal")
        acked, _ = session(env, known, rng, kill=False)
        known.update(acked)
        document = json.load(open(os.path.join(work, "home", "projects", "j.json")))
        held = {photo: entry["rating"] for photo, entry in document["photos"].items()}
        if os.path.exists(journal) or held != known:
            wrong.append("the stopped server left its journal, or a document without its last ratings")
        print(f"journal crash: {trials} kills, {edits} ratings answered, journal present after {journaled} kills, "
              f"{len(wrong)} wrong")
        if wrong or journaled < trials // 2:
            print("\n".join(wrong[:10]) or "FAIL: the journal was seldom used: the test does not test it")
            sys.exit(1)


if __name__ == "__main__":
    main()
