#!/usr/bin/env bash
# Quality of apolo's culling help on a labelled generated set (make-sample-photos --cull): blur flags, stacks and
# the suggested frame, each figure next to its target. Release build; run via `make bench-cull`.
# Generated textures are not photographs: real photos give the honest figure (see docs/deciding.md).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
singles=${BENCH_SINGLES:-40}
size=${BENCH_SIZE:-1600x1200}
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-cull.XXXXXX)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

"$root/.build/release/make-sample-photos" --cull "$singles" --size "$size" "$work/photos"
export APOLO_HOME="$work/home"
"$apolo" project new cull >/dev/null
"$apolo" import --quiet --no-analyze "$work/photos/single" "$work/photos/burst" >/dev/null
start=$(date +%s.%N)
"$apolo" analyze --quiet >/dev/null
end=$(date +%s.%N)
"$apolo" table --json > "$work/table.json"
python3 "$root/bench/cull_score.py" "$work/photos/labels.json" "$work/table.json" \
    "$(echo "$end - $start" | bc -l)"

# The same measures on real photos (gathered each run, never committed; see bench/real_set.py for the sources)
echo
echo "Real photos (BENCH_MIRRORS=${BENCH_MIRRORS:-/work/.mirror}, BENCH_CORPUS=${BENCH_CORPUS:-$root/../shared/corpus}):"
real="$root/.build/bench-real"
rm -rf "$real/photos" "$real/labels.json"
python3 "$root/bench/real_set.py" "$real/photos" "${BENCH_MIRRORS:-/work/.mirror}" \
    "${BENCH_CORPUS:-$root/../shared/corpus}"
if [ -s "$real/labels.json" ]; then
    "$apolo" project new real >/dev/null
    "$apolo" import --quiet "$real/photos" >/dev/null
    "$apolo" table --json > "$work/real.json"
    python3 "$root/bench/cull_real_score.py" "$real/labels.json" "$work/real.json"
fi
echo "Closed eyes on real faces, each photo alone (no stack to compare with), the held-back third apart:"
python3 "$root/bench/closed_eyes.py" "$apolo" "${BENCH_MIRRORS:-/work/.mirror}" "$work"
echo "Small faces in large photos: real faces placed at known sizes into real photos (target: >= 90% of 40 px or more):"
python3 "$root/bench/group_faces.py" "$apolo" "${BENCH_MIRRORS:-/work/.mirror}" "$real/photos" "$work"

# A person's verdicts at 100% on 291 real photos of 8 public sources (bench/verdicts/README.md); the held-back set
# (a third, and two whole sources) is never tuned on and is printed apart
echo "Flags against a person's verdicts at 100% (bench/verdicts; tune and held apart):"
if python3 "$root/bench/verdicts/fetch.py" "${BENCH_MIRRORS:-/work/.mirror}" "$work/verdicts" >/dev/null; then
    "$apolo" project new verdicts >/dev/null
    "$apolo" import --quiet "$work/verdicts" >/dev/null 2>&1 || true   # two of the files are damaged on purpose
    "$apolo" table --json > "$work/verdicts.json"
    python3 "$root/bench/verdicts/score.py" "$root/bench/verdicts/photos.json" "$work/verdicts.json"
else
    echo "  (not every source is in ${BENCH_MIRRORS:-/work/.mirror}: fetch the repositories bench/verdicts/README.md lists)"
fi
