"""The loupe in headless Chromium: stepping through a project's photos every PACE seconds (1: a photographer looking at
each photo for a second; 0.4: flicking through), how long until the next photo is shown (decoded), and how many steps
ever showed a blank. The server's preview cache is as the caller left it (cold after a fresh import).
Usage: loupe.py URL STEPS [PACE] [WHAT]   (WHAT: the photos, in words, for the report)"""
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

url, steps = sys.argv[1], int(sys.argv[2])
pace = float(sys.argv[3]) if len(sys.argv) > 3 else 1.0
what = sys.argv[4] if len(sys.argv) > 4 else "12-megapixel JPEGs"
SHOWN = """() => new Promise((done) => {
  const img = document.querySelector('#loupe-image'), start = window.benchKey;
  const check = () => img.complete && img.naturalWidth > 0
    ? img.decode().then(() => requestAnimationFrame(() => done(performance.now() - start)), () => done(-1))
    : requestAnimationFrame(check);
  check();
})"""
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    page.goto(url)
    page.wait_for_selector('[data-place="table"] .slide')
    page.evaluate("() => document.addEventListener('keydown', () => { window.benchKey = performance.now(); }, true)")
    page.locator('[data-ref="table:1"]').click()
    page.keyboard.press("Space")
    page.evaluate(SHOWN)
    times, blanks = [], 0
    for _ in range(steps):
        time.sleep(pace)   # a photographer looking at the photo; the neighbours load meanwhile
        page.keyboard.press("ArrowRight")
        blank = page.evaluate("() => { const i = document.querySelector('#loupe-image'); return !(i.complete && i.naturalWidth > 0); }")
        blanks += blank
        times.append(page.evaluate(SHOWN))
    browser.close()
median = statistics.median(times)
p90 = sorted(times)[max(0, round(0.9 * len(times)) - 1)]
print(f"\nloupe, {steps} steps through {what}, one every {pace:g} s, the preview cache cold at the start")
print(f"  next photo shown (median)              {median:6.0f} ms  target 50 ms {'ok' if median <= 50 else 'MISSED'}")
print(f"  next photo shown (p90)                 {p90:6.0f} ms  target 100 ms {'ok' if p90 <= 100 else 'MISSED'}")
print(f"  slowest step                           {max(times):6.0f} ms")
print(f"  steps that showed a blank              {blanks:6d}     target 0 {'ok' if blanks == 0 else 'MISSED'}")
