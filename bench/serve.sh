#!/usr/bin/env bash
# The light table's targets, measured in headless Chromium (Playwright for Python) on generated
# projects: the frames fully in view out of the box at 1280×720, 1440×900 and 2560×1440; then, on projects of
# 2,000 and 50,000 photos with 200 shelves of 25 (thumbnails made at import): the page usable, the first
# screen's thumbnails shown (those a photographer can see), a keypress → saved → shown round trip (median of 9,
# timed in the page, until the frame shows the rating and nothing is pending), 20 keys a second for 10 s (every one
# must land: counted in the history through the CLI), a frame-size change laid out and painted, and the server's
# peak memory, each next to its target; then the loupe stepping through 12-megapixel JPEGs once a second, and
# through real camera photos with every cache cold, at a flick. Release build; run via `make bench-serve`.
# BENCH_SIZES="2000 50000" changes the sizes; BENCH_LOADS the cold starts the page-load figures are the median of,
# besides the full run (4 unless told).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-bench-serve.XXXXXX)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
server=""
echo "apolo light table (release build, headless chromium)"

# frames fully in view out of the box, at three screen sizes, beside a rack of two shelves of five
export APOLO_HOME="$work/home-frames"
"$root/.build/release/make-sample-photos" --count 80 "$work/photos-frames" >/dev/null
"$apolo" project new frames >/dev/null
"$apolo" import --quiet --no-analyze "$work/photos-frames" >/dev/null 2>&1
for shelf in picks maybe; do
    "$apolo" shelf create "$shelf" >/dev/null
    for _ in 1 2 3 4 5; do "$apolo" slide move table:1 --to "$shelf" >/dev/null; done
done
"$apolo" serve --no-open --no-analyze > "$work/url" 2>/dev/null & server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
"$root/.venv-browser/bin/python" "$root/bench/frames.py" "$(head -1 "$work/url" | cut -d' ' -f3)"
kill -INT "$server"; wait "$server" || true
rm -rf "$work/photos-frames" "$APOLO_HOME" "$work/url"
for count in ${BENCH_SIZES:-2000 50000}; do
    export APOLO_HOME="$work/home-$count"
    "$root/.build/release/make-sample-photos" --count "$count" "$work/photos-$count" >/dev/null
    "$apolo" project new big >/dev/null
    "$apolo" import --quiet "$work/photos-$count" >/dev/null 2>&1
    python3 "$root/bench/shelves.py" "$APOLO_HOME/projects/big.json"
    "$apolo" rate s1:1 1 >/dev/null
    # the page opened on a server just started, as `apolo serve` opens it: one sample varies by 0.2 s on two
    # shared cores, so the figures are medians over cold starts (BENCH_LOADS more, 4 unless told)
    : > "$work/loads"
    for _ in $(seq 1 "${BENCH_LOADS:-4}"); do
        "$apolo" serve --no-open > "$work/url" 2>/dev/null & server=$!
        for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
        "$root/.venv-browser/bin/python" "$root/bench/serve.py" "$(head -1 "$work/url" | cut -d' ' -f3)" --load \
            >> "$work/loads"
        kill -INT "$server"; wait "$server" || true
        : > "$work/url"
    done
    "$apolo" serve --no-open > "$work/url" 2>/dev/null & server=$!
    for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
    "$root/.venv-browser/bin/python" "$root/bench/serve.py" "$(head -1 "$work/url" | cut -d' ' -f3)" "$count" "$apolo" \
        "$work/loads"
    peak=$(awk '/VmHWM/ { print int($2 / 1024) }' "/proc/$server/status")
    echo "  server peak memory                    $(printf '%6d' "$peak") MB  target 300 MB $([ "$peak" -le 300 ] && echo ok || echo MISSED)"
    kill -INT "$server"; wait "$server" || true
    rm -rf "$work/photos-$count" "$APOLO_HOME"
done

# a full cull of 100 photos, keyboard first, counted
export APOLO_HOME="$work/home-cull"
"$root/.build/release/make-sample-photos" --count 100 "$work/photos-cull" >/dev/null
"$apolo" project new cull >/dev/null
"$apolo" import --quiet "$work/photos-cull" >/dev/null 2>&1
mkdir -p "$work/cull-out"
(cd "$work/cull-out" && exec "$apolo" serve --no-open > "$work/url" 2>/dev/null) & server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
"$root/.venv-browser/bin/python" "$root/bench/cull.py" "$(head -1 "$work/url" | cut -d' ' -f3)" "$apolo" "$work/cull-out"
kill -INT "$server"; wait "$server" || true
: > "$work/url"

# the loupe: 12-megapixel JPEGs (4000 x 3000), stepped through once a second
export APOLO_HOME="$work/home-loupe"
"$root/.build/release/make-sample-photos" --count 24 --size 4000x3000 "$work/photos-loupe" >/dev/null
"$apolo" project new loupe >/dev/null
"$apolo" import --quiet "$work/photos-loupe" >/dev/null 2>&1
"$apolo" serve --no-open > "$work/url" 2>/dev/null & server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
"$root/.venv-browser/bin/python" "$root/bench/loupe.py" "$(head -1 "$work/url" | cut -d' ' -f3)" 20
kill -INT "$server"; wait "$server" || true

# the loupe on real camera photos (the verdict set's originals of 8 MP or more, never committed), every cache cold:
# apolo's previews not made yet, the kernel's page cache dropped (as root), the photos not measured yet (the server
# measures them meanwhile, as after an ingest), stepped through at a flick, 0.4 s a photo
mirrors=${BENCH_MIRRORS:-/work/.mirror}
if bash "$root/bench/real-originals.sh" "$mirrors" "$work" "$work/real"; then
    export APOLO_HOME="$work/home-real"
    "$apolo" project new real >/dev/null
    "$apolo" import --quiet --no-analyze "$work/real" >/dev/null 2>&1 || true   # one of them is cut short on purpose
    n=$(ls "$work/real" | wc -l)
    sync; [ "$(id -u)" = 0 ] && { echo 3 > /proc/sys/vm/drop_caches; } 2>/dev/null || true
    "$apolo" serve --no-open > "$work/url" 2>/dev/null & server=$!
    for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
    "$root/.venv-browser/bin/python" "$root/bench/loupe.py" "$(head -1 "$work/url" | cut -d' ' -f3)" 30 0.4 \
        "$n real camera photos (8-24 MP)"
    kill -INT "$server"; wait "$server" || true
    sync; [ "$(id -u)" = 0 ] && { echo 3 > /proc/sys/vm/drop_caches; } 2>/dev/null || true
    start=$(date +%s%N)
    for f in "$work"/real/*; do vipsthumbnail -s 2048 -o "$work/%s-ref.jpg" "$f" 2>/dev/null || true; done
    printf '  reference: vipsthumbnail -s 2048 of one photo, cold    %6.0f ms (mean; the preview apolo makes)\n' \
        "$(echo "($(date +%s%N) - $start) / 1000000 / $n" | bc -l)"
else
    echo "(no real photos for the loupe: fetch the repositories bench/verdicts/README.md lists into $mirrors)"
fi
