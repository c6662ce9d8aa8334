#!/usr/bin/env bash
# Import memory at scale: N small generated photos (default 200,000; BENCH_IMPORT=50000 for a shorter run) imported
# into a new project with --no-thumbnails --no-analyze, apolo's peak memory next to the target (under 500 MB at
# 200,000) and to jq reading the document that import wrote (a JSON tool holding the same facts); then the same
# photos imported as a photographer runs it, with thumbnails and the analysis (about 13 minutes at 200,000 on two
# cores; BENCH_IMPORT_DEFAULT=0 leaves it out). Part of `make bench`; release build.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo="$root/.build/release/apolo"
count=${BENCH_IMPORT:-200000}
work=$(mktemp -d /tmp/apolo-import-memory.XXXXXX)
trap 'rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"
"$root/.build/release/make-sample-photos" --count "$count" "$work/photos" >/dev/null
"$apolo" project new big >/dev/null
read -r took peak < <({ /usr/bin/time -f '%e %M' "$apolo" import --quiet --no-thumbnails --no-analyze \
    "$work/photos" >/dev/null; } 2>&1 | tail -1)
read -r jq_took jq_peak < <({ /usr/bin/time -f '%e %M' jq '.photos | length' "$APOLO_HOME/projects/big.json" \
    >/dev/null; } 2>&1 | tail -1)
full_took=0 full_peak=0
if [ "${BENCH_IMPORT_DEFAULT:-1}" != 0 ]; then
    export APOLO_HOME="$work/home-full"  # a home of its own: nothing read before is cached
    "$apolo" project new full >/dev/null
    read -r full_took full_peak < <({ /usr/bin/time -f '%e %M' "$apolo" import --quiet "$work/photos" \
        >/dev/null; } 2>&1 | tail -1)
fi
python3 - "$count" "$took" "$peak" "$jq_took" "$jq_peak" "$full_took" "$full_peak" <<'PY'
import sys
count, took, peak, jq_took, jq_peak = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]) / 1024, \
    float(sys.argv[4]), int(sys.argv[5]) / 1024
full_took, full_peak = float(sys.argv[6]), int(sys.argv[7]) / 1024
target = 500 * count / 200000
print(f"\nimport of {count:,} generated photos (--no-thumbnails --no-analyze)")
print(f"  apolo import: {took:6.1f} s, peak {peak:5.0f} MB ({peak * 1024 * 1024 / count:5.0f} bytes a photo)   "
      f"target < {target:.0f} MB   {'ok' if peak < target else 'MISSED'}")
print(f"  reference, jq reading the document it wrote: {jq_took:5.1f} s, peak {jq_peak:5.0f} MB")
if full_peak:
    print(f"  apolo import with thumbnails and the analysis: {full_took:6.1f} s, peak {full_peak:5.0f} MB   "
          f"target < {target:.0f} MB   {'ok' if full_peak < target else 'MISSED'}")
PY
