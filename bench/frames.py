"""Frames fully in view on the light table at a laptop's, a small laptop's and a large screen's size, out of the box
(default frame size, no view option, the filter panel closed), with a shelf rack of two shelves of five: each figure
next to its target; then the touch checks on an upright iPad and a phone: the smallest button in the loupe
and on the page (WCAG 2.5.5: 44 px), whether a tap leaves the loupe's zoom alone and where the facts go.
Usage: frames.py URL [SHOTS_FOLDER] (screenshots of each size when given)."""
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
# the smallest side of the buttons shown inside `root` (the bar's language menu is a select, not counted)
SMALLEST = """(root) => Math.min(...[...document.querySelectorAll(root + ' button, ' + root + ' summary')]
  .filter((b) => b.checkVisibility()).map((b) => { const r = b.getBoundingClientRect();
    return Math.min(r.width, r.height); }))"""
TOUCH = {(1024, 1366): "an upright iPad", (390, 844): "a phone"}


def touch(browser, url, width, height, name, shots=None):
    """The touch checks at one size, printed next to their targets."""
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector('[data-place="table"] .slide img')
    page_least = page.evaluate(SMALLEST, "body")
    page.locator('[data-place="table"] .slide').nth(1).dblclick()
    page.wait_for_selector("#loupe:not([hidden]) #loupe-image")
    loupe_least = page.evaluate(SMALLEST, "#loupe-tools")
    box = page.locator("#loupe-image").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(400)
    zoom = page.locator("#loupe").get_attribute("data-zoom")
    photo, facts = page.locator("#loupe-image").bounding_box(), page.locator("#loupe-facts").bounding_box()
    below = facts["y"] >= photo["y"] + photo["height"] - 1
    if shots:
        page.screenshot(path=os.path.join(shots, f"loupe-touch-{width}x{height}.png"))
    ok = lambda good: "ok" if good else "MISSED"
    print(f"  touch, {name} ({width}x{height}): smallest loupe button {loupe_least:3.0f} px, on the page "
          f"{page_least:3.0f} px  target 44 px {ok(min(loupe_least, page_least) >= 44)}")
    print(f"    a tap leaves the loupe at {zoom} (target fit) {ok(zoom == 'fit')}; facts below the photo: "
          f"{'yes' if below else 'no'} (target yes) {ok(below)}")
    context.close()


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
        for (width, height), name in TOUCH.items():
            touch(browser, url, width, height, name, shots)
        browser.close()


if __name__ == "__main__":
    main()
