"""Frames fully in view on the light table at a laptop's, a small laptop's and a large screen's size, out of the box
(default frame size, no view option, the filter panel closed), with a shelf rack of two shelves of five: each figure
next to its target (issue 25). Usage: frames.py URL [SHOTS_FOLDER] (screenshots of each size when given)."""
import os
import sys

from playwright.sync_api import sync_playwright

TARGETS = {(1440, 900): 30, (1280, 720): 20, (2560, 1440): None}
# the frames of the table fully inside the table's pane (a browser test counts them with the same words)
IN_VIEW = """() => { const pane = document.getElementById('bench').getBoundingClientRect();
  return [...document.querySelectorAll('[data-place="table"] .slide')].filter((f) => {
    const r = f.getBoundingClientRect();
    return r.top >= pane.top && r.bottom <= pane.bottom && r.left >= pane.left && r.right <= pane.right; }).length; }"""
GUTTER = """() => { const strip = document.querySelector('[data-place="table"] .strip');
  const frames = [...strip.querySelectorAll('.slide')], top = frames[0].getBoundingClientRect().top;
  const right = Math.max(...frames.filter((f) => f.getBoundingClientRect().top === top)
    .map((f) => f.getBoundingClientRect().right));
  return Math.round(strip.getBoundingClientRect().right - right); }"""


def main():
    url, shots = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"),
                                    args=["--no-sandbox"])
        for (width, height), target in TARGETS.items():
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(url)
            page.wait_for_selector('[data-place="table"] .slide img')
            page.wait_for_timeout(300)
            seen, gutter = page.evaluate(IN_VIEW), page.evaluate(GUTTER)
            ok = "" if target is None else ("ok" if seen >= target else "MISSED")
            print(f"  frames fully in view at {width}x{height:<5} {seen:6d}      target {target or '-':>4}  {ok}"
                  f"   (gap at the right of a row: {gutter} px)")
            if shots:
                page.screenshot(path=os.path.join(shots, f"table-{width}x{height}.png"))
            page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
