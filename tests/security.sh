#!/usr/bin/env bash
# Hostile input, case by case: path escapes through manifests, documents, project names, cache rows and ids;
# symbolic-link swaps and concurrent exports; devices, FIFOs and links where files are expected; plugins;
# nesting bombs. Each case states what must hold; the script ends with "N passed, M failed" (exit 1 on any).
# It builds nothing: run `make build` first. APOLO_BIN picks the binary.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
work=$(mktemp -d /tmp/apolo-security.XXXXXX)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
export APOLO_HOME="$work/home" APOLO_LOCK_TIMEOUT=20
passed=0 failed=0
check() {  # NAME COMMANDS: every command must succeed (set -e holds: the subshell is not an if condition)
    (set -e; eval "${*:2}") >"$work/.log" 2>&1
    if [ $? = 0 ]; then passed=$((passed + 1)); echo "ok   $1"
    else failed=$((failed + 1)); echo "FAIL $1"; sed 's/^/     /' "$work/.log" | tail -5; fi
}
a() { timeout 20 "$apolo" "$@"; }
fails() { ! "$@"; }   # `! cmd` would not stop a `set -e` block; a function returning non-zero does
fresh() { a project open trip >/dev/null 2>&1 || true; cp "$work/good.json" "$doc"; }   # each case starts from the same project
esc=$'\xf4\x8f\xbc\xaf'   # U+10FF2F: apolo's escape for a raw '/' byte

"$root/.build/debug/make-sample-photos" --count 40 "$work/photos" >/dev/null
a project new trip >/dev/null && a import -q "$work/photos" >/dev/null
a shelf create best >/dev/null && a filter --from table --into best >/dev/null && a album compress best >/dev/null
doc="$APOLO_HOME/projects/trip.json"
cp "$doc" "$work/good.json"
mkdir -p "$work/x/y/out"
cd "$work/x/y" || exit 1

# --- names that become paths ---------------------------------------------------------------------------
check "manifest entries with escaped or plain '..' are never deleted or counted" '
    fresh
    a export --to out >/dev/null
    n=$(ls out/trip | grep -vc apolo-export)
    echo keep > "$work/x/victim.txt"; echo keep > "$work/x/y/victim2.txt"
    python3 - "out/trip/apolo-export.json" "$esc" <<PY
import json, sys
m = json.load(open(sys.argv[1])); e = sys.argv[2]
m["files"].append(dict(m["files"][0], name=e + ".." + e + ".." + e + "victim.txt"))
m["files"].append(dict(m["files"][0], name="../victim2.txt"))
json.dump(m, open(sys.argv[1], "w"))
PY
    a album reopen best >/dev/null; a slide move best:1 --to table >/dev/null; a album compress best >/dev/null
    out=$(a export --to out --force)
    [ -f "$work/x/victim.txt" ] && [ -f "$work/x/y/victim2.txt" ] || exit 1
    grep -q "removed $n earlier files" <<<"$out"'
check "a photo file name holding an escaped / is refused by project check and by export" '
    fresh
    cp "$work/good.json" "$doc"
    python3 - "$doc" "$esc" <<PY
import sys; p = sys.argv[1]; e = sys.argv[2].encode("utf-8", "surrogateescape")
b = open(p, "rb").read(); i = b.index(b"\"file\": \"") + 9; j = b.index(b"\"", i)
open(p, "wb").write(b[:i] + b".." + e + b".." + e + b"evil.jpg" + b[j:])
PY
    { a project check trip || true; } | grep -q "cannot be a file name"
    fails a export --to out2 >/dev/null 2>&1
    [ ! -e "$work/x/y/evil.jpg" ] && [ ! -e "$work/x/evil.jpg" ] && [ -z "$(ls out2/trip 2>/dev/null)" ] || exit 1
    cp "$work/good.json" "$doc"'
check "a project name holding an escaped / stays one file under projects/" '
    fresh
    a project new "a${esc}b" >/dev/null 2>&1 || true
    [ -z "$(find "$APOLO_HOME" -path "$APOLO_HOME/projects" -prune -o -name "*b.json" -print)" ]
    [ ! -e "$APOLO_HOME/projects/a" ]
    a project open trip >/dev/null'
check "project names that are not UTF-8, or alias another name, are refused in words and touch no project" '
    fresh
    a rate best:1 3 >/dev/null
    cp "$doc" "$work/before.json"; cp "$APOLO_HOME/projects/trip.history.jsonl" "$work/before.history"
    p=$(printf "\xf4\x8f\xbd\xb0")   # U+10FF70: apolo'"'"'s escape for the byte 0x70, a plain "p"
    for words in "project new tri$p" "project save-as tri$p" "project open tri$p" "project rename trip tri$p" \
                 "project save-as caf$(printf "\xe9")" "project new x$(printf "\xf4\x8f\xbc\xaf")..z"; do
        code=0; a $words >/dev/null 2>"$work/err" || code=$?
        [ $code = 1 ] && grep -q "not UTF-8 text" "$work/err" || { echo "$words: exit $code"; cat "$work/err"; exit 1; }
    done
    cmp "$doc" "$work/before.json" && cmp "$APOLO_HOME/projects/trip.history.jsonl" "$work/before.history"
    [ "$(ls "$APOLO_HOME/projects" | grep -c "\.json$")" = 1 ]
    a project list | grep -q "^\* *trip"'
check "project show --json is JSON for DEL, C1 and non-UTF-8 file names (the plugin interface)" '
    "$root/.build/debug/make-sample-photos" --count 3 "$work/gen" >/dev/null; mkdir -p "$work/odd"
    set -- "$work"/gen/bulk/0/*
    mv "$1" "$work/odd/"$'"'"'del\x7f.jpg'"'"'; mv "$2" "$work/odd/"$'"'"'c1\xc2\x85.jpg'"'"'; mv "$3" "$work/odd/"$'"'"'caf\xe9.jpg'"'"'
    a project new odd >/dev/null && a import -q "$work/odd" >/dev/null
    a project show --json | python3 -c "
import json, sys
files = sorted(p[\"file\"] for p in json.load(sys.stdin)[\"photos\"].values())
assert len(files) == 3 and \"del\x7f.jpg\" in files and \"c1\x85.jpg\" in files, files"
    a project open trip >/dev/null'
check "a document naming a secret file as an original: project check reports it, export never copies it" '
    fresh
    echo "-----BEGIN OPENSSH PRIVATE KEY-----" > "$work/id_rsa"
    python3 - "$doc" "$work/id_rsa" <<PY
import sys; p = sys.argv[1]; b = open(p, "rb").read()
i = b.index(b"\"path\": \"") + 9; j = b.index(b"\"", i)
open(p, "wb").write(b[:i] + sys.argv[2].encode() + b[j:])
PY
    code=0; a project check >"$work/out" 2>&1 || code=$?
    [ $code = 4 ] && grep -q "is not the photo imported: $work/id_rsa" "$work/out" || { cat "$work/out"; exit 1; }
    code=0; a export --to secret-out >"$work/out" 2>&1 || code=$?
    [ $code = 3 ] && grep -q "its content is not the photo apolo imported" "$work/out" || { cat "$work/out"; exit 1; }
    ! grep -rq "OPENSSH" secret-out
    cp "$work/good.json" "$doc"'
check "a photo id that is a path is refused on load; view writes nothing outside the cache" '
    fresh
    python3 - "$doc" <<PY
import sys; p = sys.argv[1]; b = open(p, "rb").read()
i = b.index(b"    \"", b.index(b"\"photos\"")) + 5; j = b.index(b"\"", i); k = b[i:j]
open(p, "wb").write(b.replace(k, b"../../../../tmp/apolo-pwned/PWNED"))
PY
    fails a view PWNED >/dev/null 2>&1
    { a table 2>&1 || true; } | grep -q "not a photo id"
    [ ! -e /tmp/apolo-pwned ]
    cp "$work/good.json" "$doc"'
check "a crafted cache row cannot give a photo another path or a bad id" '
    fresh
    mkdir -p "$work/card" && cp "$work/photos/bulk/"*0001.jpg "$work/card/" 2>/dev/null || cp "$(find "$work/photos" -name "*.jpg" | head -1)" "$work/card/one.jpg"
    a project new cachetest >/dev/null && a import -q "$work/card" >/dev/null && a undo >/dev/null
    python3 - "$APOLO_HOME/cache/cache.sqlite" <<PY
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
for path, photo in db.execute("SELECT path, photo FROM files").fetchall():
    p = json.loads(photo); p["path"] = "/etc/passwd"; p["id"] = "../../x"
    db.execute("UPDATE files SET photo = ? WHERE path = ?", (json.dumps(p), path))
db.commit()
PY
    a import -q "$work/card" >/dev/null
    a table --json | python3 -c "import json,sys; t=json.load(sys.stdin); assert t and all(r[\"path\"].startswith(\"$work/card/\") for r in t), t"
    a project open trip >/dev/null'

# --- the export folder --------------------------------------------------------------------------------
check "swapping the export folder for a symlink mid-export writes nothing outside it (12 trials)" '
    fresh
    mkdir -p "$work/elsewhere"
    for t in $(seq 1 12); do
        rm -rf sw; mkdir -p sw
        a export --to sw >/dev/null 2>&1 & pid=$!
        sleep 0.0$((RANDOM % 9)); mv sw/trip sw/moved 2>/dev/null || true; ln -s "$work/elsewhere" sw/trip 2>/dev/null || true
        wait $pid || true
        [ -z "$(ls -A "$work/elsewhere")" ] || { echo "trial $t wrote into the link target"; exit 1; }
    done'
check "swapping a folder apolo created on the way to --to DIR for a symlink writes nothing outside it (12 trials)" '
    fresh
    mkdir -p "$work/elsewhere2"
    for t in $(seq 1 12); do
        rm -rf chain
        a export --to chain/new/DIR >/dev/null 2>&1 & pid=$!
        for _ in $(seq 1 200); do mv chain/new chain/moved 2>/dev/null && { ln -s "$work/elsewhere2" chain/new; break; }; sleep 0.001; done
        wait $pid || true
        [ -z "$(ls -A "$work/elsewhere2")" ] || { echo "trial $t wrote into the link target"; exit 1; }
    done'
check "two exports into one folder at once: both finish, one after the other, and agree with the manifest (10 trials)" '
    fresh
    for t in $(seq 1 10); do
        rm -rf par
        a export --to par --force >/dev/null 2>&1 & p1=$!
        a export --to par --force >/dev/null 2>&1 & p2=$!
        r1=0 r2=0; wait $p1 || r1=$?; wait $p2 || r2=$?
        [ $r1 = 0 ] && [ $r2 = 0 ] || { echo "trial $t: exit $r1 and $r2"; exit 1; }
        python3 - par/trip <<PY
import hashlib, json, os, sys
d = sys.argv[1]; m = json.load(open(d + "/apolo-export.json"))
names = {f["name"] for f in m["files"]}
assert set(os.listdir(d)) == names | {"apolo-export.json"}, sorted(set(os.listdir(d)) ^ names)
for f in m["files"]:
    assert hashlib.sha256(open(d + "/" + f["name"], "rb").read()).hexdigest() == (f.get("written") or f["hash"])
PY
    done'
check "a user file that looks like a temp file survives a refused export" '
    fresh
    rm -rf mine && mkdir -p mine/trip && echo mine > mine/trip/.apolo-tmp-mine
    fails a export --to mine >/dev/null 2>&1
    fails a export --to mine --force >/dev/null 2>&1
    [ "$(cat mine/trip/.apolo-tmp-mine)" = mine ]'
check "--to with a non-UTF-8 name makes a folder with exactly those bytes" '
    fresh
    a export --to "$(printf "caf\xe9")" >/dev/null
    [ -f "$(printf "caf\xe9")/trip/apolo-export.json" ]'
check "a changed exported file is never replaced by --force" '
    fresh
    rm -rf chg && a export --to chg >/dev/null
    f=$(ls chg/trip | grep -v apolo-export | head -1); echo edited >> "chg/trip/$f"
    fails a export --to chg --force >/dev/null 2>"$work/err"
    grep -q "was changed since apolo exported it" "$work/err" && grep -q edited "chg/trip/$f"'

# --- devices, FIFOs, links ----------------------------------------------------------------------------
check "a photo path of /dev/zero is refused at once, nothing written" '
    fresh
    python3 - "$doc" <<PY
import sys; p = sys.argv[1]; b = open(p, "rb").read()
i = b.index(b"\"path\": \"") + 9; j = b.index(b"\"", i)
open(p, "wb").write(b[:i] + b"/dev/zero" + b[j:])
PY
    rm -rf zero; fails a export --to zero >/dev/null 2>"$work/err"
    grep -q "not a photo file" "$work/err"; [ -z "$(ls zero/trip 2>/dev/null)" ] || exit 1
    cp "$work/good.json" "$doc"'
check "a FIFO as an original (named or in a folder) and as a sidecar never hangs import" '
    fresh
    mkdir -p fifo && mkfifo fifo/pipe.jpg && cp "$(find "$work/photos" -name "*.jpg" | head -1)" fifo/real.jpg && mkfifo fifo/real.jpg.xmp
    code=0; a import fifo > "$work/out" 2>&1 || code=$?
    [ $code = 0 ] && grep -q "skipped: fifo/pipe.jpg: it is a FIFO" "$work/out" && grep -q "sidecar .* ignored: it is a FIFO" "$work/out" || exit 1
    code=0; a import fifo/pipe.jpg > "$work/out" 2>&1 || code=$?
    [ $code = 3 ] && grep -q "failed: fifo/pipe.jpg: it is a FIFO" "$work/out"'
check "a FIFO or a /dev/zero link as a project document: that project is refused, the others still list" '
    fresh
    mkfifo "$APOLO_HOME/projects/fifo.json"; ln -s /dev/zero "$APOLO_HOME/projects/zero.json"
    out=$(a project list); grep -q "trip" <<<"$out" && grep -q "fifo *unreadable" <<<"$out" && grep -q "zero *unreadable" <<<"$out" || exit 1
    rm "$APOLO_HOME/projects/fifo.json" "$APOLO_HOME/projects/zero.json"'
check "JSON nested 100,000 deep is refused in words (no crash), and project list still lists the rest" '
    fresh
    python3 -c "print(\"[\" * 100000 + \"]\" * 100000)" > "$APOLO_HOME/projects/deep.json"
    code=0; a project show deep >/dev/null 2>"$work/err" || code=$?; [ $code = 4 ] && grep -q "nested deeper than 64 levels" "$work/err" || exit 1
    a project list | grep -q trip
    rm "$APOLO_HOME/projects/deep.json"'
check "a history line nested 100,000 deep is skipped with a warning, never fatal" '
    fresh
    a rate best:1 2 >/dev/null
    python3 -c "print(\"[\" * 100000 + \"]\" * 100000)" >> "$APOLO_HOME/projects/trip.history.jsonl"
    a history >/dev/null 2>"$work/err"; [ $? = 0 ] && grep -q "damaged and was skipped" "$work/err" || exit 1
    a undo >/dev/null 2>&1; a redo >/dev/null 2>&1; true'
check "a plugin cannot damage the project document through APOLO_PROJECT_FILE" '
    fresh
    mkdir -p "$APOLO_HOME/plugins"
    printf "#!/bin/sh\nchmod u+w \"\$APOLO_PROJECT_FILE\"; echo {} > \"\$APOLO_PROJECT_FILE\"\n" > "$APOLO_HOME/plugins/apolo-vandal"
    chmod +x "$APOLO_HOME/plugins/apolo-vandal"; cp "$doc" "$work/before.json"
    a vandal || true; cmp -s "$doc" "$work/before.json"; a table >/dev/null'
check "serve --cert and --key naming a FIFO refuse in words at once, never hang" '
    rm -f "$work/cert.fifo"; mkfifo "$work/cert.fifo"
    code=0; a serve --no-open --port 0 --cert "$work/cert.fifo" --key "$work/cert.fifo" >/dev/null 2>"$work/err" || code=$?
    [ $code != 124 ] && [ $code != 0 ] && grep -q "not a regular file" "$work/err"'
check "a caption or a shift whose numbers would overflow is refused in words, not an abort" '
    fresh
    code=0; a caption set best:1 --caption "{number:9000000000000000000}" 2>"$work/err" || code=$?
    [ $code = 1 ] && grep -q "a width is one digit" "$work/err"
    code=0; a time shift best:1 +9000000000000000000:00:00 2>"$work/err" || code=$?
    [ $code -lt 128 ] && [ $code != 0 ]'

echo "security: $((passed + failed)) cases"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
