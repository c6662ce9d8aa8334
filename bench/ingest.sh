#!/usr/bin/env bash
# Ingest against doing it by hand, measured in one run on the same files: a generated card (default 200 photos of
# 4000×3000, every fifth a RAW+JPEG pair) on a tmpfs, copied to two destinations on the disk.
#   by hand: cp -r to each destination, sync, then sha256sum of the card and of both copies
#   apolo:   apolo ingest CARD --to A --backup B (each copy flushed and read back from the disk, not the cache)
# Targets: the first ingest ≤ 1.2× by hand; an ingest of the same card again ≤ 5% of the first.
# Release build; run via `make bench-ingest`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
count=${BENCH_PHOTOS:-200}
size=${BENCH_SIZE:-4000x3000}
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-ingest.XXXXXX)
card="$work/card"
mkdir -p "$card"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=4g tmpfs "$card" 2>/dev/null; then where="a tmpfs"; else
    card=$(mktemp -d /dev/shm/apolo-card.XXXXXX); where="/dev/shm"; fi
trap 'umount "$work/card" 2>/dev/null || true; rm -rf "$work" /dev/shm/apolo-card.*' EXIT
"$root/.build/release/make-sample-photos" --card "$count" --size "$size" "$card" >/dev/null
files=$(find "$card" -type f | wc -l)
megabytes=$(du -sm "$card" | cut -f1)
echo "card: $count photos, $files files, $megabytes MB on $where; destinations on $(df --output=source "$work" | tail -1)"

elapsed() {  # COMMAND...: seconds, each run after the disk's caches were dropped and every tool was loaded once
    local start end
    sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null || true
    "$apolo" --version >/dev/null; cp --version >/dev/null; sha256sum --version >/dev/null; openssl version >/dev/null
    start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
by_hand() {
    cp -r "$card" "$work/h1" && cp -r "$card" "$work/h2" && sync
    find "$card" "$work/h1" "$work/h2" -type f -print0 | xargs -0 sha256sum > /dev/null
}
export APOLO_HOME="$work/home"
first() { "$apolo" ingest "$card" --to "$work/a" --backup "$work/b" --no-import -q; }
again() { "$apolo" ingest "$card" --to "$work/a" --backup "$work/b" --no-import -q; }

hand=$(elapsed by_hand)
one=$(elapsed first)
two=$(elapsed again)
[ "$(find "$work/a" -type f ! -name 'apolo-ingest*' | wc -l)" = "$((files - 2))" ] || { echo "FAIL: apolo copied the wrong number of files"; exit 1; }
"$apolo" ingest --verify "$work/b/apolo-ingest.json" -q >/dev/null || { echo "FAIL: the manifest does not verify"; exit 1; }
row() { printf '%-58s %7.2f s   %-34s %7.2f s   %6.3fx   target %s\n' "$1" "$2" "$3" "$4" "$(echo "$2 / $4" | bc -l)" "$5"; }
echo
row "ingest to 2 destinations, read back from the disk" "$one" "by hand: cp ×2, sync, sha256sum ×3" "$hand" "≤ 1.2x"
row "ingest of the same card again (all known)" "$two" "the first ingest" "$one" "≤ 0.05x"
printf '%-58s %7.0f MB/s\n' "apolo's throughput (card bytes copied and verified twice)" "$(echo "$megabytes / $one" | bc -l)"
speed() {  # NAME COMMAND...: the hashing speed of a tool over the card's files
    local seconds
    seconds=$(elapsed "${@:2}" $(find "$card" -type f))
    printf '%-58s %7.0f MB/s\n' "$1" "$(echo "$megabytes / $seconds" | bc -l)"
}
echo "hashes on this CPU, over the card (apolo uses SHA-256: it is the photo's id too, so one hash serves both):"
speed "  SHA-256 (OpenSSL, what apolo links)" openssl dgst -sha256
speed "  BLAKE2b-512 (OpenSSL)" openssl dgst -blake2b512
if command -v xxhsum >/dev/null; then speed "  XXH3 (xxhsum)" xxhsum -H3; fi
