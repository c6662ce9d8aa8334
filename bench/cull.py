"""A full cull on the light table, counted: 100 generated photos rated in the loupe (one key each), the best
filtered into view, put on a new shelf, compressed into an album and exported, keyboard first; prints the keys and
clicks it took and checks the result through the CLI. Usage: cull.py URL APOLO EXPORT_PARENT"""
import json
import os
import subprocess
import sys

from playwright.sync_api import sync_playwright

url, apolo, parent = sys.argv[1], sys.argv[2], sys.argv[3]
cli = lambda *a: json.loads(subprocess.run([apolo, *a, "--json"], capture_output=True, text=True).stdout)
count = {"keys": 0, "clicks": 0}


def key(page, name, times=1):
    for _ in range(times):
        page.keyboard.press(name)
        count["keys"] += 1


def click(locator, n=1):
    locator.click()
    count["clicks"] += n


with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(url)
    page.wait_for_selector('[data-place="table"] .slide')
    photos = len(cli("table"))
    key(page, "Space")                           # the loupe, on the first slide (the page starts there)
    wanted = [5 if i % 7 == 0 else 4 if i % 3 == 0 else 2 for i in range(photos)]
    for stars in wanted:                         # one key a photo: the loupe advances
        key(page, str(stars))
    key(page, "Escape")
    page.wait_for_function("() => document.getElementById('pending').hidden", timeout=60000)
    click(page.get_by_role("button", name="View", exact=True))
    page.locator("#view-stars").select_option("4")
    count["clicks"] += 2                         # open the list, choose "≥ ★★★★"
    key(page, "Escape")
    click(page.get_by_role("button", name="Shelf", exact=True))
    page.wait_for_selector("#ask:not([hidden])")   # the page's own dialog asks for the name
    page.keyboard.type("keepers")
    page.keyboard.press("Enter")
    count["keys"] += len("keepers") + 1          # typed into the dialog, then Enter
    page.wait_for_selector('[data-shelf="keepers"]')
    click(page.get_by_role("button", name="Make keepers the target shelf (S)"))
    page.locator('#bench [data-place="table"] .slide').first.focus()
    key(page, "Control+a")
    key(page, "s")
    best = sum(1 for s in wanted if s >= 4)
    page.wait_for_function(f"() => document.querySelectorAll('[data-shelf=\"keepers\"] .slide').length === {best}")
    click(page.get_by_role("button", name="Compress keepers into a locked album"))
    page.wait_for_selector('[data-album="keepers"]')
    key(page, "\\")
    click(page.get_by_role("button", name="Export", exact=True))
    click(page.locator("#export-start"))
    page.locator("#export-status a").wait_for(timeout=60000)
    browser.close()

album = cli("album", "show", "keepers")
folder = os.path.join(parent, next(p["name"] for p in cli("project", "list") if p["open"]))
exported = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
files = [f for f in exported if f[:3].isdigit()]
ok = len(album) == best and len(files) == best and all(s["rating"] >= 4 for s in album)
print(f"\na full cull of {photos} photos on the light table (ratings in the loupe, the best filtered into view, a new")
print("shelf, an album, an export):")
print(f"  keys {count['keys']}, clicks {count['clicks']}; {best} photos in album 'keepers', {len(files)} files "
      f"exported {'ok' if ok else 'MISSED'}")
sys.exit(0 if ok else 1)
