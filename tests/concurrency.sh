#!/usr/bin/env bash
# 20 apolo processes edit one project at once (tags, ratings, moves): every edit must be in the final
# document. Then a held lock: a waiting apolo gives up after APOLO_LOCK_TIMEOUT with a clear message.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
work=$(mktemp -d /tmp/apolo-concurrency.XXXXXX)
trap 'rm -rf "$work"' EXIT
export APOLO_HOME="$work/home" APOLO_LOCK_TIMEOUT=120
"$root/.build/debug/make-sample-photos" --count 200 "$work/photos" >/dev/null
"$apolo" project new c >/dev/null
"$apolo" import --quiet --no-thumbnails "$work/photos" >/dev/null
ids=($("$apolo" table --json | python3 -c 'import json,sys; print(" ".join(s["id"][:12] for s in json.load(sys.stdin)))'))
for w in $(seq 0 19); do "$apolo" shelf create "w$w" >/dev/null; done
for w in $(seq 0 19); do
    (for k in $(seq 0 9); do
        id=${ids[$((w * 10 + k))]}
        "$apolo" tag add "$id" "w$w-$k" >/dev/null
        "$apolo" rate "$id" $(( (k % 5) + 1 )) >/dev/null
        "$apolo" slide move "$id" --to "w$w" >/dev/null
    done) &
done
wait
"$apolo" project show --json | python3 -c '
import json, sys
doc = json.load(sys.stdin)
tags = sum(len(p["tags"]) for p in doc["photos"].values())
rated = sum(1 for p in doc["photos"].values() if p["rating"] > 0)
placed = sum(len(s["slides"]) for s in doc["shelves"])
print(f"20 processes x 30 edits: tags {tags}/200, ratings {rated}/200, slides on shelves {placed}/200")
sys.exit(0 if (tags, rated, placed) == (200, 200, 200) else 1)'
flock "$APOLO_HOME/projects/.c.lock" sleep 4 &
sleep 0.5
set +e
out=$(APOLO_LOCK_TIMEOUT=1 "$apolo" rate "${ids[0]}" 1 2>&1); code=$?
set -e
wait
echo "with the lock held elsewhere: exit $code: $out"
[ "$code" = 4 ] && [[ "$out" == *"is busy"* ]]
echo "concurrency: 0 lost edits; lock timeout reported"
