#!/usr/bin/env bash
# A client's share under load: REVIEWERS reviewers (50) hearting PICKS photos each (40) at once on a share of PHOTOS (2,000), the
# owner's page polling meanwhile; figures next to their targets and the server's floor; every pick checked through
# the CLI. `make bench-serve` runs it on the release build; `make test` runs a short form (SHORT=1: 200 photos, 10
# picks each, the debug build), which fails only on a lost or misattributed pick, never on a time.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD:-release}
apolo="$root/.build/$build/apolo"
photos=${PHOTOS:-2000} reviewers=${REVIEWERS:-50} picks=${PICKS:-40}
if [ -n "${SHORT:-}" ]; then photos=200 picks=10; fi
work=$(mktemp -d /tmp/apolo-reviewers.XXXXXX)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"
"$root/.build/$build/make-sample-photos" --count "$photos" --size 320x240 "$work/photos" >/dev/null
"$apolo" project new shoot >/dev/null
"$apolo" import --quiet "$work/photos" >/dev/null 2>&1
"$apolo" filter --from table --new-shelf proofs >/dev/null
"$apolo" share create proofs --title "Proofs" >/dev/null
key=$("$apolo" share show 1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["link"].split("#")[1])')
"$apolo" serve --no-open --no-analyze > "$work/url" 2>/dev/null & server=$!
for _ in $(seq 1 100); do [ -s "$work/url" ] && break; sleep 0.1; done
url=$(head -1 "$work/url" | cut -d' ' -f3)
echo "apolo share under load ($build build, a share of $(python3 -c "print(f'{$photos:,}')") photos)"
python3 "$root/bench/reviewers.py" "${url%%/#*}" "$key" "${url#*token=}" "$apolo" "$reviewers" "$picks" \
    ${SHORT:+--short}
kill -INT "$server"; wait "$server" || true; server=""
