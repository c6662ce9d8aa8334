#!/usr/bin/env bash
# kill -9 apolo at random moments, TRIALS times (default 500), in a mixed loop of edits, `run` scripts, undo,
# redo and import: the document must always load and be the state before or after the command, no temp file
# may be left for the next run, and the undo history must match the document: `undo` must give back exactly
# the state before the newest change present, and `redo` exactly the state again. Then kills at exact system
# calls (strace's fault injection): at each of the last writes, fsyncs, renames … of six commands. Then a full
# disk (a small tmpfs, when run as root): every refused command leaves document and history as they were.
# PHOTOS (default 3000) sets the project size; APOLO_BIN the binary. It builds nothing (make build first).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
apolo=${APOLO_BIN:-$root/.build/debug/apolo}
trials=${TRIALS:-500}
work=$(mktemp -d /tmp/apolo-crash.XXXXXX)
trap 'umount "$work/full" 2>/dev/null || true; rm -rf "$work"' EXIT
export APOLO_HOME="$work/home"
"$root/.build/debug/make-sample-photos" --count "${PHOTOS:-3000}" "$work/photos" >/dev/null
"$root/.build/debug/make-sample-photos" --count 20 "$work/more" >/dev/null
"$apolo" project new c >/dev/null
"$apolo" import --quiet --no-thumbnails "$work/photos" >/dev/null
"$apolo" shelf create s >/dev/null
"$apolo" slide move table:1 --to s >/dev/null && "$apolo" slide move table:1 --to s >/dev/null
doc="$APOLO_HOME/projects/c.json"
printf 'rate table:2 3\ntag add table:3 crash\r\n' > "$work/script"
start=$(date +%s%N); "$apolo" slide swap s:1 s:2 >/dev/null; "$apolo" slide swap s:1 s:2 >/dev/null
span=$(( ($(date +%s%N) - start) / 2000 ))   # microseconds of one edit; kills land anywhere in 0–120% of it
commands=("slide swap s:1 s:2" "rate table:1 RANDOM" "run SCRIPT" "undo" "redo" "tag add s:1 tRANDOM" "import --quiet --no-thumbnails MORE")
states=("$work/state0") redo=()
cp "$doc" "$work/state0"
saved=0 unchanged=0 killed=0 wrong=0 n=0
choose() {  # a command from the mix, within the states this script has seen
    local pick=${commands[$((RANDOM % ${#commands[@]}))]}
    [ -n "${1:-}" ] && pick=$1
    pick=${pick//RANDOM/$((RANDOM % 6))}; pick=${pick//SCRIPT/$work/script}; pick=${pick//MORE/$work/more}
    { [ "$pick" = undo ] && [ ${#states[@]} -lt 2 ]; } || { [ "$pick" = redo ] && [ ${#redo[@]} = 0 ]; } && pick="slide swap s:1 s:2"
    echo "$pick"
}
settle() {  # PICK LABEL: after a command ended (or was killed): which state is it in, and does the history match?
    local pick=$1 label=$2
    "$apolo" table >/dev/null 2>&1 || { echo "$label ($pick): the document does not load"; exit 1; }
    if cmp -s "$doc" "$work/before"; then
        unchanged=$((unchanged + 1))
    else
        saved=$((saved + 1))
        case $pick in
            undo) redo+=("${states[-1]}"); unset 'states[-1]'
                  cmp -s "$doc" "${states[-1]}" || { echo "$label: undo left neither state"; exit 1; } ;;
            redo) states+=("${redo[-1]}"); unset 'redo[-1]'
                  cmp -s "$doc" "${states[-1]}" || { echo "$label: redo left neither state"; exit 1; } ;;
            *) n=$((n + 1)); cp "$doc" "$work/state$n"; states+=("$work/state$n"); redo=() ;;
        esac
    fi
    # the history must match the document: undo gives exactly the state before, redo exactly this one
    if [ ${#states[@]} -gt 1 ]; then
        "$apolo" undo >/dev/null 2>&1 && cmp -s "$doc" "${states[-2]}" || { wrong=$((wrong + 1)); echo "$label ($pick): WRONG UNDO"; }
        "$apolo" redo >/dev/null 2>&1 && cmp -s "$doc" "${states[-1]}" || { wrong=$((wrong + 1)); echo "$label ($pick): WRONG REDO"; }
    else
        "$apolo" shelf rename s s >/dev/null   # a locked no-op: clears a killed save's temp file
    fi
    [ "$(find "$APOLO_HOME/projects" -name '.c.json.tmp-*' | wc -l)" = 0 ] || { echo "$label: temp files left after the next command"; exit 1; }
}
for trial in $(seq 1 "$trials"); do
    pick=$(choose)
    cp "$doc" "$work/before"
    # shellcheck disable=SC2086
    "$apolo" $pick >/dev/null 2>&1 & pid=$!
    sleep "$(awk -v us="$(( (RANDOM * 32768 + RANDOM) % (span * 12 / 10 + 1) ))" 'BEGIN { printf "%.6f", us / 1e6 }')"
    kill -9 "$pid" 2>/dev/null && killed=$((killed + 1)) || true
    wait "$pid" 2>/dev/null || true
    settle "$pick" "trial $trial"
done
echo "one edit takes ~$((span / 1000)) ms; kills spread over 0–$((span * 12 / 10000)) ms"
echo "crash: $trials trials ($killed killed mid-command): $unchanged left the state before, $saved the state after; 0 corrupt, 0 temp files; $wrong wrong undos or redos"
[ "$wrong" = 0 ] || exit 1

# --- kills at exact system calls: at each of the last 8 openat, write, fsync, rename, ftruncate and unlink
# calls of a command (counted first on a copy of the home), where it writes the history and the document ---
if command -v strace >/dev/null; then
    precise=0 before_wrong=$wrong
    for pick in "rate table:1 RANDOM" "slide swap s:1 s:2" "undo" "redo" "run SCRIPT" "tag add s:1 tRANDOM"; do
        for call in openat write fsync rename ftruncate unlink; do
            chosen=$(choose "$pick")
            rm -rf "$work/count-home" && cp -a "$APOLO_HOME" "$work/count-home"
            # shellcheck disable=SC2086
            APOLO_HOME="$work/count-home" strace -f -qq -o "$work/calls" -e trace="$call" "$apolo" $chosen >/dev/null 2>&1 || true
            total=$(grep -c "$call(" "$work/calls" || true)
            for when in $(seq $((total > 8 ? total - 7 : 1)) "$total"); do
                chosen=$(choose "$pick")
                cp "$doc" "$work/before"
                # shellcheck disable=SC2086
                { strace -f -qq -o /dev/null -e trace="$call" -e inject="$call":signal=KILL:when="$when" "$apolo" $chosen; } >/dev/null 2>&1 || true
                precise=$((precise + 1))
                settle "$chosen" "kill at $call #$when of $total"
            done
        done
    done
    echo "precise: $precise kills at each of the last system calls that write (openat, write, fsync, rename, ftruncate, unlink) of 6 commands; $((wrong - before_wrong)) wrong undos or redos"
    [ "$wrong" = 0 ] || exit 1
else
    echo "precise: skipped (strace is not installed: apt-get install strace)"
fi

# --- a full disk: refused commands change nothing, and the history still matches -------------------------
if [ "$(id -u)" != 0 ] || ! mkdir -p "$work/full" || ! mount -t tmpfs -o size=6m tmpfs "$work/full" 2>/dev/null; then
    echo "full disk: skipped (needs root to mount a small tmpfs)"; exit 0
fi
export APOLO_HOME="$work/full/home"
"$apolo" project new d >/dev/null
"$apolo" import --quiet --no-thumbnails "$work/more" >/dev/null
doc="$APOLO_HOME/projects/d.json"
dd if=/dev/zero of="$work/full/filler" bs=64k 2>/dev/null || true   # fill the disk to the last block
refused=0 wrong=0 ok=0
for trial in $(seq 1 60); do
    cp "$doc" "$work/before" 2>/dev/null || cat "$doc" > "$work/before"
    if "$apolo" tag add table:1 "t$trial-$(printf 'x%.0s' $(seq 1 $((RANDOM % 90))))" >/dev/null 2>"$work/err"; then
        ok=$((ok + 1))
    else
        code=$?
        refused=$((refused + 1))
        [ $code = 4 ] && grep -qi "no space left on device" "$work/err" || { echo "full disk trial $trial: exit $code: $(cat "$work/err")"; exit 1; }
        cmp -s "$doc" "$work/before" || { echo "full disk trial $trial: a refused edit changed the document"; exit 1; }
    fi
    # free a little room now and then, so both outcomes occur
    [ $((trial % 10)) = 0 ] && truncate -s -32k "$work/full/filler" 2>/dev/null
    "$apolo" history >/dev/null 2>&1 || { echo "full disk trial $trial: history fails"; exit 1; }
done
rm -f "$work/full/filler"
# walk the whole history back and forth: every step must undo and redo
steps=$("$apolo" history --json | python3 -c 'import json,sys; print(sum(1 for s in json.load(sys.stdin) if not s["undone"]))')
cp "$doc" "$work/end"
"$apolo" undo "$steps" >/dev/null || wrong=$((wrong + 1))
"$apolo" redo "$steps" >/dev/null || wrong=$((wrong + 1))
cmp -s "$doc" "$work/end" || wrong=$((wrong + 1))
echo "full disk: 60 edits on a full 6 MiB tmpfs: $ok saved, $refused refused with exit 4 and nothing changed; undo/redo of all $steps steps: $wrong wrong"
[ "$wrong" = 0 ]
