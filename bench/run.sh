#!/usr/bin/env bash
# Times apolo on a generated project (default 2,000 photos, 20 shelves) and prints each figure next to
# references measured in the same run: jq doing the same edit on the same JSON document, and the
# sqlite3 shell doing the equivalent UPDATE on a table of as many rows. Release build; run via `make bench`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
count=${BENCH_PHOTOS:-2000}
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"

"$root/.build/release/make-sample-photos" --count "$count" "$work/photos" >/dev/null
"$apolo" project new bench >/dev/null
start=$(date +%s.%N)
"$apolo" import "$work/photos" >/dev/null 2>&1
import_s=$(echo "$(date +%s.%N) - $start" | bc)
for s in $(seq 1 20); do
    "$apolo" shelf create "s$s" >/dev/null
    for _ in 1 2 3 4 5; do "$apolo" slide move table:1 --to "s$s" >/dev/null; done
done
"$apolo" tag add s1:1 x >/dev/null && "$apolo" rate s1:1 4 >/dev/null
doc="$APOLO_HOME/projects/bench.json"
cp "$doc" "$work/jq.json"
sqlite3 "$work/ref.sqlite" "create table photos(id text primary key, rating int, tags text);
  with recursive n(i) as (select 1 union all select i+1 from n where i < $count)
  insert into photos select printf('%064x', i), 0, '' from n;"
id=$(printf '%064x' 5)

hyperfine -N --warmup 3 --runs 30 --export-json "$work/h.json" \
    -n "apolo --help" "$apolo --help" \
    -n "apolo table" "$apolo table" \
    -n "apolo shelf show s1" "$apolo shelf show s1" \
    -n "apolo filter --tag x --min-rating 3" "$apolo filter --tag x --min-rating 3" \
    -n "apolo slide swap s1:1 s1:2" "$apolo slide swap s1:1 s1:2" \
    -n "jq: same swap on the same document" "bash -c \"jq '.shelves[0].slides |= ([.[1], .[0]] + .[2:])' $work/jq.json > $work/jq.tmp && mv $work/jq.tmp $work/jq.json\"" \
    -n "sqlite3: UPDATE one row of $count" "sqlite3 $work/ref.sqlite \"update photos set rating = (rating + 1) % 6 where id = '$id'\"" \
    >/dev/null

hyperfine -N --warmup 3 --runs 30 --prepare "$apolo rate s2:1 0" --export-json "$work/h2.json" \
    -n "apolo rate s2:1 3 (edit)" "$apolo rate s2:1 3" >/dev/null

peak_kb=$( { /usr/bin/time -f '%M' "$apolo" slide swap s1:1 s1:2 >/dev/null; } 2>&1 | tail -1)
size_kb=$(( $(stat -c %s "$doc") / 1024 ))
python3 - "$work/h.json" "$work/h2.json" "$count" "$import_s" "$peak_kb" "$size_kb" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"] + json.load(open(sys.argv[2]))["results"]
count, import_s, peak_kb, size_kb = sys.argv[3], float(sys.argv[4]), sys.argv[5], sys.argv[6]
print(f"apolo benchmark: {count} photos, 20 shelves, document {size_kb} KiB (release build)")
print(f"{'command':45} {'median ms':>10} {'mean ms':>9} {'stddev':>8}")
for r in results:
    print(f"{r['command']:45} {r['median']*1000:10.1f} {r['mean']*1000:9.1f} {r['stddev']*1000:8.1f}")
print(f"{'import of all photos (hash + EXIF + header)':45} {import_s*1000:10.0f}")
print(f"{'peak memory of one edit':45} {int(peak_kb)/1024:9.1f} MB")
PY
