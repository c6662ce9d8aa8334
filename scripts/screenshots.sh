#!/usr/bin/env bash
# Makes the README's light-table screenshots (docs/light-table*.png) from generated sample photos: a project with
# two shelves, an album, ratings, tags and a discarded slide, shown at 1400x900 and 2560x1440, and in Spanish; and
# a project of generated bursts and blurred copies (docs/light-table-cull.png).
# Needs a debug build (`make build`) and the browser test environment (scripts/ensure-browser.sh).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo="$root/.build/debug/apolo"
work=$(mktemp -d /tmp/apolo-shots.XXXXXX)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"
"$root/.build/debug/make-sample-photos" --count 60 "$work/photos" >/dev/null
"$apolo" project new lisbon >/dev/null
"$apolo" import --quiet "$work/photos" >/dev/null 2>&1
"$apolo" run - >/dev/null <<'SCRIPT'
shelf create best
shelf create maybe
shelf create portfolio
slide move table:3 --to best
slide move table:7 --to best
slide move table:12 --to best
slide move table:20 --to best
slide move table:5 --to maybe
slide move table:9 --to maybe
slide move table:14 --to portfolio
slide move table:15 --to portfolio
slide move table:16 --to portfolio
album compress portfolio
rate best:1-4 5
rate maybe:1 3
rate table:1-6 2
tag add best:1,best:2 sunset river
slide discard table:30
SCRIPT
"$apolo" serve --no-open > "$work/url" 2>/dev/null & server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
"$root/.venv-browser/bin/python" - "$(head -1 "$work/url" | cut -d' ' -f3)" "$root/docs" <<'PY'
import sys
from playwright.sync_api import sync_playwright
url, docs = sys.argv[1], sys.argv[2]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    for name, size, locale in [("light-table", (1400, 900), "en-US"), ("light-table-wide", (2560, 1440), "en-US"),
                               ("light-table-es", (1400, 900), "es-ES")]:
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale=locale).new_page()
        page.goto(url)
        page.wait_for_selector('[data-shelf="best"] .slide')
        page.locator('[data-ref="table:2"]').click()
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => [...document.querySelectorAll('.slide img')].filter((i) => "
                               "i.getBoundingClientRect().top < innerHeight).every((i) => i.complete)")
        page.screenshot(path=f"{docs}/{name}.png")
        page.context.close()
    browser.close()
PY
kill "$server"

# deciding faster: generated bursts and blurred copies, measured on import; a label; the burst folded
export APOLO_HOME="$work/home-cull"
"$root/.build/debug/make-sample-photos" --cull 4 --size 800x600 "$work/cull" >/dev/null
"$apolo" project new wedding >/dev/null
"$apolo" import --quiet "$work/cull/single" "$work/cull/burst" >/dev/null 2>&1
"$apolo" label table:1 red >/dev/null
"$apolo" rate table:4 4 >/dev/null
"$apolo" shelf create keepers >/dev/null
"$apolo" slide move table:1 --to keepers >/dev/null
"$apolo" slide move table:3 --to keepers >/dev/null
"$apolo" serve --no-open > "$work/url2" 2>/dev/null & server=$!
for _ in $(seq 1 100); do [ -s "$work/url2" ] && break; sleep 0.1; done
"$root/.venv-browser/bin/python" - "$(head -1 "$work/url2" | cut -d' ' -f3)" "$root/docs" <<'PY'
import sys
from playwright.sync_api import sync_playwright
url, docs = sys.argv[1], sys.argv[2]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    page = browser.new_context(viewport={"width": 1400, "height": 760}).new_page()
    page.goto(url)
    page.wait_for_selector('[data-place="table"] .badge.stack')
    page.evaluate("() => { document.getElementById('divider').scrollIntoView(); }")
    page.locator('[data-place="table"] .slide:has(.badge.stack)').first.hover()
    page.wait_for_function("() => [...document.querySelectorAll('.slide img')].filter((i) => "
                           "i.getBoundingClientRect().top < innerHeight).every((i) => i.complete)")
    page.screenshot(path=f"{docs}/light-table-cull.png")
    browser.close()
PY
echo "wrote docs/light-table.png, docs/light-table-wide.png, docs/light-table-es.png, docs/light-table-cull.png"
