#!/usr/bin/env bash
# make bench-people: grouping faces into people, how right (real photos, bench/people.py) and how fast
# (bench/people_speed.py), each figure next to its target. The real photos come from the repositories
# bench/people-set/README.md lists, fetched into BENCH_MIRRORS (default /work/.mirror).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-bench-people.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "People on real photos (BENCH_MIRRORS=${BENCH_MIRRORS:-/work/.mirror}):"
mkdir -p "$work/set"
if python3 "$root/bench/people_set.py" "${BENCH_MIRRORS:-/work/.mirror}" "$work/set" >/dev/null; then
    python3 "$root/bench/people.py" "$work/set" "$apolo"
else
    echo "  (not every source is in ${BENCH_MIRRORS:-/work/.mirror}: fetch the repositories bench/people-set/README.md lists)"
fi
echo
echo "Grouping speed (generated descriptors; figure, target, verdict):"
mkdir -p "$work/speed"
python3 "$root/bench/people_speed.py" "$apolo" "$work/speed"
