#!/usr/bin/env bash
# kill -9 apolo at random moments while it saves, TRIALS times (default 120): the document must always parse
# and equal the state before or after the command, and no temp file may confuse the next run.
# PHOTOS (default 3000) sets the project size; APOLO_BIN the binary.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
trials=${TRIALS:-120}
work=$(mktemp -d /tmp/apolo-crash.XXXXXX)
trap 'rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"
"$root/.build/debug/make-sample-photos" --count "${PHOTOS:-3000}" "$work/photos" >/dev/null
"$apolo" project new c >/dev/null
"$apolo" import --quiet --no-thumbnails "$work/photos" >/dev/null
"$apolo" shelf create s >/dev/null
"$apolo" slide move table:1 --to s >/dev/null && "$apolo" slide move table:1 --to s >/dev/null
doc="$APOLO_HOME/projects/c.json"
start=$(date +%s%N); "$apolo" slide swap s:1 s:2 >/dev/null; "$apolo" slide swap s:1 s:2 >/dev/null
span=$(( ($(date +%s%N) - start) / 2000 ))   # microseconds of one swap; kills land anywhere in 0–120% of it
before=0 after=0 killed=0
for trial in $(seq 1 "$trials"); do
    cp "$doc" "$work/before"
    "$apolo" slide swap s:1 s:2 >/dev/null & pid=$!
    sleep "$(awk -v us="$(( (RANDOM * 32768 + RANDOM) % (span * 12 / 10 + 1) ))" 'BEGIN { printf "%.6f", us / 1e6 }')"
    kill -9 "$pid" 2>/dev/null && killed=$((killed + 1)) || true
    wait "$pid" 2>/dev/null || true
    "$apolo" table >/dev/null || { echo "trial $trial: the document does not load"; exit 1; }
    if cmp -s "$doc" "$work/before"; then
        before=$((before + 1))
        "$apolo" shelf rename s s >/dev/null   # takes the lock (and so clears a killed save's temp file), changes nothing
        cmp -s "$doc" "$work/before" || { echo "trial $trial: a no-op changed the document"; exit 1; }
    else
        # the only other allowed state is the swap applied once
        "$apolo" slide swap s:1 s:2 >/dev/null
        cmp -s "$doc" "$work/before" || { echo "trial $trial: the document is neither the state before nor after"; exit 1; }
        "$apolo" slide swap s:1 s:2 >/dev/null
        after=$((after + 1))
    fi
    leftovers=$(find "$APOLO_HOME/projects" -name '.c.json.tmp-*' | wc -l)
    [ "$leftovers" = 0 ] || { echo "trial $trial: $leftovers temp files left after the next command"; exit 1; }
done
echo "one swap takes ~$((span / 1000)) ms; kills spread over 0–$((span * 12 / 10000)) ms"
echo "crash: $trials trials ($killed killed mid-command): $before left the state before, $after the state after; 0 corrupt, 0 temp files"
