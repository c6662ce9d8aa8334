#!/usr/bin/env bash
# Ingest under faults: killed (kill -9) at moments spread over a run, a full backup disk, a read-only destination,
# a disk that stores other bytes than it was given. After each: no file carries a final name unless it is a
# complete copy of a card file, the card is untouched (bytes, mtime), and the same command finishes the job.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
work=$(mktemp -d /tmp/apolo-ingest-faults.XXXXXX)
cleanup() { for m in small ro; do umount "$work/$m" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export APOLO_HOME="$work/home"
"$(dirname "$apolo")/make-sample-photos" --card 40 --size 3000x2000 "$work/card" >/dev/null
fingerprint() { find "$work/card" -type f -printf '%p %s %T@\n' | sort; find "$work/card" -type f -exec sha256sum {} + | sort; }
fingerprint > "$work/before"
find "$work/card" -type f -exec sha256sum {} + | cut -d' ' -f1 | sort -u > "$work/card-hashes"
photos=$(find "$work/card" -type f \( -name '*.JPG' -o -name '*.DNG' -o -name '*.xmp' \) | wc -l)

complete_only() {  # FOLDER...: every visible file is a complete copy of a card file (or a manifest)
    for folder in "$@"; do
        [ -d "$folder" ] || continue
        find "$folder" -type f ! -name '.*' ! -name 'apolo-ingest*.json' -exec sha256sum {} + | cut -d' ' -f1 \
            | while read -r hash; do grep -qx "$hash" "$work/card-hashes" || { echo "FAIL: a partial copy in $folder"; exit 1; }; done
    done
}
count() { find "$1" -type f ! -name '.*' ! -name 'apolo-ingest*.json' | wc -l; }

# 1. killed at moments spread over the run: nothing half-written carries a name; a re-run finishes the job
"$apolo" project new faults >/dev/null
seen=""
for delay in 0.03 0.05 0.07 0.09 0.11 0.13; do
    "$apolo" ingest "$work/card" --to "$work/a" --backup "$work/b" --job j --name '{job}_{seq:3}' -q >/dev/null 2>&1 & pid=$!
    sleep "$delay"; kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    complete_only "$work/a" "$work/b"
    seen+=" $(if [ -d "$work/a" ]; then count "$work/a"; else echo 0; fi)"
done
before_rerun=$(count "$work/a")
"$apolo" ingest "$work/card" --to "$work/a" --backup "$work/b" --job j --name '{job}_{seq:3}' -q >/dev/null 2>&1
complete_only "$work/a" "$work/b"
[ "$(count "$work/a")" = "$photos" ] && [ "$(count "$work/b")" = "$photos" ] || { echo "FAIL: the re-run left $(count "$work/a")/$(count "$work/b") of $photos files"; exit 1; }
[ -z "$(find "$work/a" "$work/b" -name '*.apolo-part')" ] || { echo "FAIL: temporary copies left behind"; exit 1; }
"$apolo" ingest --verify "$work/b/apolo-ingest-j.json" -q >/dev/null || { echo "FAIL: the manifest does not verify"; exit 1; }
seqs=$(find "$work/a" -name 'j_*.JPG' | sed 's/.*j_\([0-9]*\).*/\1/' | sort -u | wc -l)
[ "$seqs" = 40 ] || { echo "FAIL: $seqs sequence numbers for 40 photos (a killed run skipped or doubled some)"; exit 1; }
echo "killed at 6 moments (files in place after each kill:$seen of $photos): $before_rerun complete before the re-run, none partial; the re-run finished ($photos in each destination, 40 sequence numbers, manifest verified)"

# 2. a full backup disk: the ingest stops with exit 4 naming it; what was verified before is kept and complete
if [ "$(id -u)" = 0 ] && mkdir -p "$work/small" && mount -t tmpfs -o size=2m tmpfs "$work/small" 2>/dev/null; then
    set +e; out=$(APOLO_HOME="$work/home2" "$apolo" ingest "$work/card" --to "$work/c" --backup "$work/small" --no-import -q 2>&1); code=$?; set -e
    [ "$code" = 4 ] && grep -q "no space left" <<<"$out" || { echo "FAIL: full disk: exit $code: $out"; exit 1; }
    complete_only "$work/c" "$work/small"
    [ -z "$(find "$work/small" -name '*.apolo-part')" ] || { echo "FAIL: a temporary copy left on the full disk"; exit 1; }
    echo "full backup disk: exit 4 ($(grep -o 'no space left[^;]*' <<<"$out" | head -1)); $(count "$work/small") complete copies kept, no partial one"
else
    echo "full backup disk: skipped (needs root to mount a small tmpfs)"
fi

# 3. a read-only destination: exit 4, nothing written anywhere
if [ "$(id -u)" = 0 ] && mkdir -p "$work/ro" && mount -t tmpfs -o ro,size=1m tmpfs "$work/ro" 2>/dev/null; then
    set +e; out=$(APOLO_HOME="$work/home3" "$apolo" ingest "$work/card" --to "$work/ro" --no-import -q 2>&1); code=$?; set -e
    [ "$code" = 4 ] && grep -q "read-only" <<<"$out" || { echo "FAIL: read-only: exit $code: $out"; exit 1; }
    echo "read-only destination: exit 4 ($(grep -o 'read-only file system' <<<"$out" | head -1))"
else
    echo "read-only destination: skipped (needs root to mount a read-only tmpfs)"
fi

# 4. a disk that stores other bytes: caught by the read-back; once is written again, always is reported
APOLO_HOME="$work/home4" APOLO_FAULT_INGEST=once:DSC_0007 "$apolo" ingest "$work/card" --to "$work/d" --no-import -q >/dev/null 2>&1
complete_only "$work/d"
[ "$(count "$work/d")" = "$photos" ] || { echo "FAIL: a copy corrupted once was not written again"; exit 1; }
set +e; out=$(APOLO_HOME="$work/home5" APOLO_FAULT_INGEST=always:DSC_0007 "$apolo" ingest "$work/card" --to "$work/e" --no-import -q 2>&1); code=$?; set -e
[ "$code" = 3 ] && grep -q "DSC_0007.JPG: its copy .* read back different" <<<"$out" || { echo "FAIL: corrupted copy: exit $code: $out"; exit 1; }
complete_only "$work/e"
[ "$(count "$work/e")" = "$((photos - 1))" ] || { echo "FAIL: a corrupted copy took a name"; exit 1; }
echo "a disk that changes bytes: a copy corrupted once was written again; corrupted twice: reported (exit 3), never named"

fingerprint > "$work/after"
cmp -s "$work/before" "$work/after" || { echo "FAIL: the card changed"; diff "$work/before" "$work/after" | head; exit 1; }
echo "the card is unchanged (bytes and times of $(wc -l < "$work/card-hashes") files)"
