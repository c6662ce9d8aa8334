"""The loupe on 12-megapixel JPEGs, in headless Chromium: stepping once a second, how long until the next photo is
shown (decoded) once prefetched, and how many steps ever showed a blank. Usage: loupe.py URL STEPS"""
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

url, steps = sys.argv[1], int(sys.argv[2])
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
        time.sleep(1.0)   # a photographer looking at each photo for a second; the neighbours load meanwhile
        page.keyboard.press("ArrowRight")
        blank = page.evaluate("() => { const i = document.querySelector('#loupe-image'); return !(i.complete && i.naturalWidth > 0); }")
        blanks += blank
        times.append(page.evaluate(SHOWN))
    browser.close()
median = statistics.median(times)
print(f"\nloupe, {steps} steps through 12-megapixel JPEGs at one a second")
print(f"  next photo shown, prefetched (median)  {median:6.0f} ms  target 50 ms {'ok' if median <= 50 else 'MISSED'}")
print(f"  slowest step                           {max(times):6.0f} ms")
print(f"  steps that showed a blank              {blanks:6d}     target 0 {'ok' if blanks == 0 else 'MISSED'}")
