#!/usr/bin/env bash
# Cost of undo history on a large project (default 50,000 photos): time of an edit, an undo and a redo,
# and the size of the history, next to the same edit done by jq on the same document.
# Release build; run via `make bench-history` (takes a few minutes for 50,000 photos).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
count=${BENCH_PHOTOS:-50000}
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-history.XXXXXX)
trap 'rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"

"$root/.build/release/make-sample-photos" --count "$count" "$work/photos" >/dev/null
"$apolo" project new big >/dev/null
start=$(date +%s.%N)
"$apolo" import --no-thumbnails --no-analyze "$work/photos" >/dev/null 2>&1
import_s=$(echo "$(date +%s.%N) - $start" | bc)
projects="$APOLO_HOME/projects"
import_line=$(stat -c %s "$projects/big.history.jsonl")
"$apolo" shelf create picks >/dev/null
for i in $(seq 1 20); do "$apolo" slide move table:1 --to picks >/dev/null; done
cp "$projects/big.json" "$work/jq.json"

hyperfine -N --warmup 1 --runs 10 --export-json "$work/edit.json" --prepare "$apolo rate picks:1 0" \
    -n "apolo rate picks:1 3 (edit + history step)" "$apolo rate picks:1 3" >/dev/null
"$apolo" rate picks:1 3 >/dev/null
hyperfine -N --warmup 1 --runs 10 --export-json "$work/undo.json" \
    -n "apolo undo + apolo redo (pair)" "bash -c '$apolo undo >/dev/null && $apolo redo >/dev/null'" \
    -n "jq: set one rating in the same document" "bash -c \"jq '.photos |= (to_entries | .[0].value.rating = 3 | from_entries)' $work/jq.json > $work/jq.tmp && mv $work/jq.tmp $work/jq.json\"" \
    >/dev/null
history_bytes=$(stat -c %s "$projects/big.history.jsonl")
steps=$(wc -l < "$projects/big.history.jsonl")
python3 - "$work/edit.json" "$work/undo.json" "$count" "$import_s" "$import_line" "$history_bytes" "$steps" "$(stat -c %s "$projects/big.json")" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"] + json.load(open(sys.argv[2]))["results"]
count, import_s, import_line, history, steps, doc = sys.argv[3], float(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]), int(sys.argv[8])
print(f"apolo history cost: {count} photos, document {doc / 2**20:.1f} MiB (release build)")
print(f"{'command':50} {'median ms':>10}")
for r in results:
    print(f"{r['command']:50} {r['median'] * 1000:10.0f}")
print(f"{'import (one history step)':50} {import_s * 1000:10.0f}")
print(f"history: {steps} steps, {history / 2**20:.1f} MiB; the import step {import_line / 2**20:.1f} MiB;"
      f" the other {steps - 1} steps {(history - import_line) / max(1, steps - 1):.0f} bytes each on average")
PY
