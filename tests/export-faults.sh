#!/usr/bin/env bash
# Export under faults: killed midway, a read-only target, a full disk (a small tmpfs when we may mount one).
# Originals must stay untouched (bytes, mtime, permissions), no half-written file may carry a final name,
# and a rerun must complete correctly. The source tree is read-only throughout.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
work=$(mktemp -d /tmp/apolo-export-faults.XXXXXX)
cleanup() { umount "$work/small" 2>/dev/null || true; umount "$work/ro" 2>/dev/null || true; chmod -R u+w "$work" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
export APOLO_HOME="$work/home"
"$(dirname "$apolo")/make-sample-photos" --count 60 --size 4000x3000 "$work/src" >/dev/null
chmod -R a-w "$work/src"
fingerprint() { find "$work/src" -type f -printf '%p %s %T@ %m\n' | sort; find "$work/src" -type f -exec sha256sum {} + | sort; }
fingerprint > "$work/before"
"$apolo" project new f >/dev/null
"$apolo" import --quiet --no-thumbnails --no-analyze "$work/src" >/dev/null   # what is tested is the copies
"$apolo" shelf create all >/dev/null && "$apolo" filter --from table --into all >/dev/null && "$apolo" album compress all >/dev/null
verify() {  # FOLDER: every final name is a complete, byte-identical copy of its original
    python3 - "$1" <<'PY'
import hashlib, json, os, sys
folder = sys.argv[1]
manifest = os.path.join(folder, "apolo-export.json")
entries = json.load(open(manifest))["files"] if os.path.exists(manifest) else []
by_name = {e["name"]: e for e in entries}
for name in os.listdir(folder):
    if name in ("apolo-export.json", ".apolo-export-pending") or name.startswith(".apolo-tmp-"):
        continue
    path = os.path.join(folder, name)
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    original = next((e for e in by_name.values() if e["name"] == name), None)
    if original is None:
        # written before the manifest: compare with the photo whose hash it claims by content
        assert digest in {hashlib.sha256(open(os.path.join(r, f), "rb").read()).hexdigest() for r, _, fs in os.walk(sys.argv[1] + "/../../src") for f in fs}, f"{name} is not a complete copy"
    else:
        assert digest == original["hash"], f"{name} is half-written or wrong"
PY
}

# 1. killed midway, at several moments (before the folder exists, among the copies): no final name holds a partial
#    file, and a rerun with --force completes every time, because the journal names each file before its rename
for delay in 0.01 0.02 0.03 0.04 0.05 0.06 0.08 0.1; do
    rm -rf "$work/out"
    "$apolo" export --to "$work/out" & pid=$!
    sleep "$delay"; kill -9 "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true
    written=0
    if [ -d "$work/out/f" ]; then
        written=$(find "$work/out/f" -maxdepth 1 -name '*.jpg' | wc -l)
        verify "$work/out/f"
    fi
    "$apolo" export --to "$work/out" --force >/dev/null
    verify "$work/out/f"
    [ "$(find "$work/out/f" -maxdepth 1 -name '*.jpg' | wc -l)" = 60 ] || { echo "rerun: not every file"; exit 1; }
    echo "killed export after $delay s: $written complete files before the kill, none partial; a rerun completed"
done

# 2. read-only target: refused with an error, nothing written, originals untouched. Root ignores folder
#    permissions, so as root the target is a tmpfs mounted read-only (EROFS binds root too).
mkdir -p "$work/ro"
how="a folder without write permission"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o ro,size=1m tmpfs "$work/ro" 2>/dev/null; then how="a read-only tmpfs"; else chmod a-w "$work/ro"; fi
if [ "$(id -u)" != 0 ] || [ "$how" = "a read-only tmpfs" ]; then
    set +e; out=$("$apolo" export --to "$work/ro" 2>&1); code=$?; set -e
    echo "read-only target ($how): exit $code: ${out%%$'\n'*}"
    [ "$code" = 4 ] && [ -z "$(find "$work/ro" -mindepth 1 2>/dev/null)" ] || { echo "read-only target: wrong exit or files written"; exit 1; }
    if [ "$how" = "a read-only tmpfs" ]; then umount "$work/ro"; fi
else
    echo "read-only target: skipped (root ignores folder permissions and no tmpfs could be mounted)"
fi

# 3. full disk: a 12 MiB tmpfs cannot hold 60 photos; the export fails cleanly; a rerun elsewhere succeeds
mkdir -p "$work/small"
if mount -t tmpfs -o size=12m tmpfs "$work/small" 2>/dev/null; then
    set +e; out=$("$apolo" export --to "$work/small" 2>&1); code=$?; set -e
    echo "full disk: exit $code: ${out%%$'\n'*}"
    [ "$code" = 4 ]
    verify "$work/small/f"
    [ -z "$(find "$work/small" -name '.apolo-tmp-*')" ] || { echo "temp files left on the full disk"; exit 1; }
    listed() { python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['files']))" "$work/small/f/apolo-export.json"; }
    on_disk() { find "$work/small/f" -maxdepth 1 -name '*.jpg' | wc -l; }
    first=$(on_disk)
    [ "$(listed)" = "$first" ] || { echo "full disk: the manifest lists $(listed) of $first files"; exit 1; }
    set +e; "$apolo" export --to "$work/small" --force >/dev/null 2>&1; code=$?; set -e
    [ "$code" = 4 ] && [ "$(listed)" = "$(on_disk)" ] || { echo "full disk, --force: exit $code, manifest lists $(listed) of $(on_disk)"; exit 1; }
    mount -o remount,size=256m "$work/small"
    "$apolo" export --to "$work/small" --force >/dev/null && verify "$work/small/f"
    [ "$(on_disk)" = 60 ] && [ "$(listed)" = 60 ] || { echo "after freeing space: $(on_disk) files, $(listed) listed"; exit 1; }
    echo "full disk: $first files written and listed; a --force retry while full still lists every file; after freeing space --force completed"
    umount "$work/small"
    "$apolo" export --to "$work/after-full" >/dev/null && verify "$work/after-full/f"
    echo "full disk: no half-written file under a final name, no temp file; a rerun completed"
else
    echo "full disk: skipped (cannot mount a tmpfs here)"
fi

fingerprint > "$work/after"
cmp -s "$work/before" "$work/after" && echo "originals: bytes, mtimes and permissions unchanged"
