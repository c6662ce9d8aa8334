#!/usr/bin/env bash
# Ingest under faults: killed (kill -9) at moments spread over a run, a full backup disk, a read-only destination,
# a disk that stores other bytes than it was given. After each: no file carries a final name unless it is a
# complete copy of a card file, the card is untouched (bytes, mtime), and the same command finishes the job.
# Then: a 300 MB photo within a bounded peak memory, names reused across a card's folders without reading the
# taken names' files again and again, and one folder given twice through a bind mount refused.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
work=$(mktemp -d /tmp/apolo-ingest-faults.XXXXXX)
cleanup() { for m in small ro twin; do umount "$work/$m" 2>/dev/null || true; done; rm -rf "$work"; }
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
measure() {  # COMMAND...: runs it, prints "EXIT PEAK_KIB BYTES_READ" (read from the exited child before it is reaped)
    python3 -c '
import os, sys
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2); os.execv(sys.argv[1], sys.argv[1:])
os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
read = [l.split()[1] for l in open(f"/proc/{pid}/io") if l.startswith("rchar")][0]
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss, read)' "$@"
}

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

# 5. a card with a 300 MB photo: copied in chunks, so the peak memory stays far below the file's size
mkdir -p "$work/big"; cp "$(find "$work/card" -name '*.JPG' | sort | head -1)" "$work/big/BIG.JPG"
truncate -s 300M "$work/big/BIG.JPG"
read -r code peak _ < <(APOLO_HOME="$work/home6" measure "$apolo" ingest "$work/big" --to "$work/f" --no-import -q)
[ "$code" = 0 ] && [ "$peak" -lt 150000 ] || { echo "FAIL: a 300 MB photo: exit $code, peak memory $peak KiB"; exit 1; }
echo "a 300 MB photo: copied and verified with a peak memory of $((peak / 1024)) MiB"

# 6. names reused in 8 folders of a card: a taken name is not read again for each later photo of that name
python3 -c '
import os, random, sys
r = random.Random(6)
for f in range(8):
    os.makedirs(f"{sys.argv[1]}/DCIM/{100 + f}APOLO")
    for n in range(5):
        with open(f"{sys.argv[1]}/DCIM/{100 + f}APOLO/IMG_{n:04d}.JPG", "wb") as out:
            out.write(b"\xff\xd8\xff\xe0" + r.randbytes(1 << 20))
' "$work/reused"
read -r code _ read < <(APOLO_HOME="$work/home7" measure "$apolo" ingest "$work/reused" --to "$work/g" --folders '' \
    --no-import -q)
[ "$code" = 0 ] && [ "$(count "$work/g")" = 40 ] \
    || { echo "FAIL: reused names: exit $code, $(count "$work/g") of 40 copied"; exit 1; }
[ "$read" -lt $((160 << 20)) ] || { echo "FAIL: reused names: $((read >> 20)) MiB read for a card of 40 MiB"; exit 1; }
echo "40 photos of 1 MiB under 5 names reused in 8 folders: all copied, $((read >> 20)) MiB read"

# 7. one folder named twice through a bind mount: refused in words before anything is copied
if [ "$(id -u)" = 0 ] && mkdir -p "$work/h" "$work/twin" && mount --bind "$work/h" "$work/twin" 2>/dev/null; then
    set +e
    out=$(APOLO_HOME="$work/home8" "$apolo" ingest "$work/card" --to "$work/h" --backup "$work/twin" --no-import -q 2>&1)
    code=$?
    set -e
    [ "$code" = 1 ] && grep -q "is the same folder as" <<<"$out" && [ "$(count "$work/h")" = 0 ] \
        || { echo "FAIL: a bind-mounted twin: exit $code: $out"; exit 1; }
    echo "a destination and its bind-mounted twin: refused (exit 1), nothing copied"
else
    echo "a bind-mounted twin: skipped (needs root to bind-mount)"
fi

fingerprint > "$work/after"
cmp -s "$work/before" "$work/after" || { echo "FAIL: the card changed"; diff "$work/before" "$work/after" | head; exit 1; }
echo "the card is unchanged (bytes and times of $(wc -l < "$work/card-hashes") files)"
