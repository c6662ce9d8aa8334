"""The light table under test: a project of generated sample photos, `apolo serve` on a free port, Chromium."""
import atexit
import json
import os
import shutil
import signal
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APOLO = os.environ.get("APOLO_BIN", os.path.join(ROOT, ".build/debug/apolo"))
SAMPLES = os.path.join(ROOT, ".build/debug/make-sample-photos")
SHOTS = os.environ.get("APOLO_SHOTS", os.path.join(ROOT, ".build/browser-shots"))


class Table:
    """A running light table and the CLI beside it, on one APOLO_HOME."""

    def __init__(self, folder):
        self.folder = folder
        self.env = dict(os.environ, APOLO_HOME=os.path.join(folder, "home"), APOLO_LOCK_TIMEOUT="20")
        self.env.pop("DISPLAY", None)
        self.env.pop("WAYLAND_DISPLAY", None)

    def cli(self, *args, check=True):
        run = subprocess.run([APOLO, *args], env=self.env, capture_output=True, text=True, timeout=60)
        if check and run.returncode != 0:
            raise AssertionError(f"apolo {' '.join(args)}: exit {run.returncode}: {run.stderr}")
        return run

    def cli_input(self, text, *args):
        run = subprocess.run([APOLO, *args], env=self.env, capture_output=True, text=True, timeout=60, input=text)
        if run.returncode != 0:
            raise AssertionError(f"apolo {' '.join(args)}: exit {run.returncode}: {run.stderr}")
        return run

    def json(self, *args):
        return json.loads(self.cli(*args, "--json").stdout)

    def start(self, *options):
        self.server = subprocess.Popen([APOLO, "serve", "--no-open", *options], env=self.env, stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True)
        first = self.server.stdout.readline().strip()
        assert first.startswith("light table: http://127.0.0.1:"), first
        self.url = first.split(": ", 1)[1]
        self.base = self.url.split("/#")[0]
        self.token = self.url.split("token=")[1]

    def stop(self):
        self.server.send_signal(signal.SIGINT)
        return self.server.wait(timeout=20)


_made = {}
atexit.register(lambda: [shutil.rmtree(kept, ignore_errors=True) for _, kept, _ in _made.values()])


def made_once(key, prefix, make):
    """A Table on a folder that `make(table, folder)` fills (photos, then an import) once per test session for `key`;
    each later call gets that folder back as it was made, at the same path: the home copied, everything else
    hard-linked (same paths, inodes and times, so the cache still knows every photo and nothing is measured again).
    Tests never write into a photo in place (apolo never does), so the links keep the first copy intact."""
    if key not in _made:
        folder = tempfile.mkdtemp(prefix=prefix)
        t = Table(folder)
        make(t, folder)
        kept = folder + ".made"
        subprocess.run(["cp", "-al", folder, kept], check=True)
        shutil.rmtree(os.path.join(kept, "home"))
        shutil.copytree(os.path.join(folder, "home"), os.path.join(kept, "home"), symlinks=True)
        _made[key] = (folder, kept, dict(vars(t)))
        return t
    folder, kept, facts = _made[key]
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(["cp", "-al", kept, folder], check=True)
    shutil.rmtree(os.path.join(folder, "home"))
    shutil.copytree(os.path.join(kept, "home"), os.path.join(folder, "home"), symlinks=True)
    t = Table(folder)
    vars(t).update(facts)
    return t


def trip(t, folder):
    subprocess.run([SAMPLES, os.path.join(folder, "photos")], check=True, capture_output=True)
    t.cli("project", "new", "trip")
    # the light table's other features on photos not measured: the sample set's three frames of one second would
    # be a stack, folded to one frame (test_cull.py tests stacks)
    t.cli("import", "--quiet", "--no-analyze", os.path.join(folder, "photos", "lisbon"))


@pytest.fixture
def table():
    t = made_once("trip", "apolo-browser-", trip)
    t.start("--no-analyze")
    yield t
    code = t.stop()
    shutil.rmtree(t.folder, ignore_errors=True)
    assert code == 0, f"apolo serve exited {code} on Ctrl-C"


def serving(prefix, project, *imports, prepare=None):
    """A served project `project` in a temp folder: `prepare(table, folder)` first (when given), then `apolo import
    --quiet IMPORTS…` (paths under the folder, or absolute), made once per session for `prefix` (`made_once`);
    yields the Table, then checks Ctrl-C ended the server cleanly."""
    def make(t, folder):
        if prepare:
            prepare(t, folder)
        t.cli("project", "new", project)
        t.cli("import", "--quiet", *[os.path.join(folder, path) for path in imports])
    t = made_once((prefix, project, *imports), prefix, make)
    t.start()
    yield t
    code = t.stop()
    shutil.rmtree(t.folder, ignore_errors=True)
    assert code == 0, f"apolo serve exited {code} on Ctrl-C"


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"), args=["--no-sandbox"])
        yield b
        b.close()


def open_page(browser, url, ready):
    """A 1400x1000 page on `url`, once `ready` (a selector) shows; after the test, no page error may have been
    raised."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = context.new_page()
    errors = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    p.goto(url)
    p.wait_for_selector(ready)
    loaded(p)
    yield p
    context.close()
    assert not errors, errors


@pytest.fixture
def page(browser, table):
    os.makedirs(SHOTS, exist_ok=True)
    yield from open_page(browser, table.url, '[data-place="table"] .slide')


def loaded(page):
    """Waits until the page holds the whole project, not only its first screen (which it draws first)."""
    page.wait_for_function("() => window.apolo?.whole?.() === true")


def settled(page):
    """Waits until every change the page queued has been answered, then two frames painted: what a test waits on
    before asserting that something did not happen (never a fixed time)."""
    page.wait_for_function("() => window.apolo?.idle?.() === true")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def shot(page, name):
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, name + ".png"), full_page=False)


def touch_drag(context, page, source, target):
    """A finger's long press on `source`, then a drag to 40 px inside `target`'s left edge, through the DevTools
    protocol's touch events (real touch, not emulated mouse); returns the two points."""
    cdp = context.new_cdp_session(page)
    start, end = source.bounding_box(), target.bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + 40, end["y"] + end["height"] / 2

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    page.locator(".slide.lifted").wait_for()   # the long press has lifted the slide (after 350 ms)
    for k in range(1, 11):
        touch("touchMove", x0 + (x1 - x0) * k / 10, y0 + (y1 - y0) * k / 10)
    touch("touchEnd", x1, y1)
    return (x0, y0), (x1, y1)


def answer(page, text=None):
    """Answers the page's own question dialog (ask.js): types `text` when it asks for one, then OK."""
    page.wait_for_selector("#ask:not([hidden])")
    if text is not None:
        page.fill("#ask-input", text)
    page.click("#ask-ok")
    page.wait_for_selector("#ask", state="hidden")


def unshowable(table):
    """The table's first photo made unshowable (its original renamed away, the thumbnails' cache cleared); returns
    the photo; `shown_again(photo)` puts the original back."""
    photo = table.json("table")[0]
    shutil.rmtree(os.path.join(table.env["APOLO_HOME"], "cache"))
    os.rename(photo["path"], photo["path"] + ".gone")
    return photo


def shown_again(photo):
    os.rename(photo["path"] + ".gone", photo["path"])
