"""The page's figures for bench/serve.sh: page usable, thumbnails shown, keypress → saved → shown, 20 keys a second
for 10 seconds (their landing is counted by serve.sh through the CLI), a frame-size change.
Usage: serve.py URL COUNT APOLO [LOADS_FILE]: the page usable and its thumbnails shown are the medians of this run
and of the cold starts LOADS_FILE holds ("usable shown" a line); `serve.py URL --load` prints one such line alone."""
import json
import statistics
import subprocess
import sys
import time

from playwright.sync_api import sync_playwright

url = sys.argv[1]
load_only = sys.argv[2:] == ["--load"]
if not load_only:
    count, apolo = int(sys.argv[2]), sys.argv[3]
    earlier = [tuple(map(float, line.split())) for line in open(sys.argv[4])] if sys.argv[4:] else []
steps = lambda: len(json.loads(subprocess.run([apolo, "history", "--json"], capture_output=True, text=True).stdout))
SAVED = """(stars) => { window.benchShown = new Promise((done) => { const check = () => {
    const f = document.querySelector(`[data-ref="s1:2"][data-rating="${stars}"]`);
    if (f && document.getElementById('pending').hidden) {
      requestAnimationFrame(() => done(performance.now() - window.benchKey));
    }
    else setTimeout(check, 2); }; check(); }); }"""
# usable: the first frames painted (two animation frames after the first slide is in the page), on the browser's
# clock from the start of the navigation — what the photographer sees; the driver's own view of it comes later
USABLE = """new MutationObserver((_, seen) => { if (!document.querySelector('.slide')) return; seen.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => { window.benchUsable = performance.now(); }));
  }).observe(document, { childList: true, subtree: true });"""
# the first screen's thumbnails: every one the photographer can see, in the window and within its pane's scrolled
# view (a frame below the rack's view is above the window's bottom, and hidden)
SHOWN = """() => [...document.querySelectorAll('.slide img')].filter((i) => {
    const r = i.getBoundingClientRect(), pane = i.closest('#rack, #bench').getBoundingClientRect();
    return r.top < Math.min(innerHeight, pane.bottom) && r.bottom > Math.max(0, pane.top);
  }).every((i) => i.complete && i.naturalWidth > 0)"""
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.add_init_script(USABLE)
    start = time.time()
    page.goto(url, wait_until="commit")
    page.wait_for_selector('.slide')
    driver = time.time() - start
    page.wait_for_function("() => window.benchUsable !== undefined")
    usable = page.evaluate("window.benchUsable") / 1000
    page.wait_for_function(SHOWN, timeout=120000)
    shown = time.time() - start
    if load_only:
        print(f"{usable:.3f} {shown:.3f}")
        browser.close()
        sys.exit(0)
    frames = page.evaluate("document.querySelectorAll('.slide').length")
    page.locator('[data-ref="s1:2"]').click()
    page.evaluate("() => document.addEventListener('keydown', () => { window.benchKey = performance.now(); }, true)")
    trips = []
    for n in range(9):   # each rating differs from the one the photo has
        stars = str(int(page.get_attribute('[data-ref="s1:2"]', "data-rating")) % 5 + 1)
        page.evaluate(SAVED, stars)
        page.keyboard.press(stars)
        trips.append(page.evaluate("window.benchShown"))
    # 20 keys a second for 10 seconds, in the loupe on shelf s1 (it advances after each rating)
    # (each key differs from the rating the photo has, so each is one step of the history)
    page.wait_for_function("() => document.getElementById('pending').hidden", timeout=120000)
    before = steps()
    page.locator('[data-ref="s1:1"]').click()
    page.keyboard.press("Space")
    k = 1
    for n in range(200):
        rating = int(page.get_attribute(f'[data-ref="s1:{k}"]', "data-rating"))
        page.keyboard.press(str(rating % 5 + 1))
        k = min(k + 1, 25)
        time.sleep(0.05)
    page.wait_for_function("() => document.getElementById('pending').hidden", timeout=120000)
    landed = steps() - before
    page.keyboard.press("Escape")
    sizes = []
    for key in "+-+-+-":
        sizes.append(page.evaluate("""(key) => new Promise((done) => { const t = performance.now();
            document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
            document.body.offsetHeight; requestAnimationFrame(() => done(performance.now() - t)); })""", key))
    browser.close()
trip, size = statistics.median(trips), statistics.median(sizes)
usables, showns = sorted([usable] + [u for u, _ in earlier]), sorted([shown] + [t for _, t in earlier])
usable, shown = statistics.median(usables), statistics.median(showns)
usable_target, shown_target = (0.5, 1.0) if count <= 50000 else (1.5, 2.0)
ok = lambda good: "ok" if good else "MISSED"
spread = lambda xs: f"median of {len(xs)} cold starts, {xs[0]:.2f}-{xs[-1]:.2f} s" if len(xs) > 1 else "one start"
print(f"\n{count:,} photos, 200 shelves of 25")
print(f"  page usable (first frames painted)    {usable:6.2f} s   target {usable_target} s {ok(usable <= usable_target)}"
      f"   ({spread(usables)}; the test driver saw the first slide after {driver:.2f} s)")
print(f"  first screen's thumbnails shown       {shown:6.2f} s   target {shown_target} s {ok(shown <= shown_target)}"
      f"   ({spread(showns)})")
print(f"  keypress -> saved -> shown (median)   {trip:6.0f} ms  target 100 ms {ok(trip <= 100)}")
print(f"  frame-size change, laid out (median)  {size:6.0f} ms  target 100 ms {ok(size <= 100)}")
print(f"  20 keys/s for 10 s: keys that landed  {landed:6d} of 200  target 200 (0 lost) {ok(landed == 200)}")
print(f"  frames in the page                    {frames:6d}")
