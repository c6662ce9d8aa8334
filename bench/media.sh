#!/usr/bin/env bash
# The media pipeline against reference tools, measured in one run on the same generated files
# (default: 200 JPEGs of 4000×3000 with EXIF; then 200 generated DNG raws). Imports are measured without their
# analysis (--no-analyze), which has its own row against decoding the same files at 1,024 px. Each row: apolo's time and peak memory, the reference's,
# the ratio and the target. Release build; run via `make bench-media`.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
count=${BENCH_PHOTOS:-200}
size=${BENCH_SIZE:-4000x3000}
apolo="$root/.build/release/apolo"
work=$(mktemp -d /tmp/apolo-media.XXXXXX)
trap 'rm -rf "$work"' EXIT
jobs=$(nproc)

"$root/.build/release/make-sample-photos" --count "$count" --size "$size" "$work/photos" >/dev/null
find "$work/photos" -name '*.jpg' | sort > "$work/list"
cat $(cat "$work/list") > /dev/null   # warm the page cache for every contender alike

# measure NAME COMMAND...: elapsed seconds and peak RSS (MB) of the command and its children
measure() {
    local name=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    read -r seconds kb < "$work/t"
    echo "$name $seconds $((kb / 1024))"
}
row() { printf '%-44s %8.2f s %6s MB   %-30s %8.2f s %6s MB   %5.2fx  %s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$(echo "$2 / ($5 + 0.005)" | bc -l)" "$7"; }

export APOLO_HOME="$work/home1"
"$apolo" project new first >/dev/null
read -r _ a_s a_m < <(measure import "$apolo" import --quiet --no-analyze "$work/photos")
read -r _ an_s an_m < <(measure analyze "$apolo" analyze --quiet)
mkdir -p "$work/vt1024"
read -r _ v1_s v1_m < <(measure vips1024 xargs -P "$jobs" -n 25 vipsthumbnail -s 1024 -o "$work/vt1024/%s.jpg" < "$work/list")
# the floor of any measure at 100%: every pixel of each photo decoded once (libvips' avg of the whole image)
read -r _ va_s va_m < <(measure vipsavg xargs -P "$jobs" -n 1 vips avg < "$work/list")
mkdir -p "$work/vt"
read -r _ v_s v_m < <(measure vipsthumbnail xargs -P "$jobs" -n 25 vipsthumbnail -s 256 -o "$work/vt/%s.jpg" < "$work/list")
"$apolo" project new second >/dev/null
read -r _ r_s r_m < <(measure reimport "$apolo" import --quiet --no-analyze "$work/photos")

export APOLO_HOME="$work/home2"
"$apolo" project new meta >/dev/null
read -r _ n_s n_m < <(measure meta "$apolo" import --quiet --no-thumbnails --no-analyze "$work/photos")
read -r _ e_s e_m < <(measure exiftool exiftool -json -q -r "$work/photos")

"$apolo" shelf create all >/dev/null
"$apolo" filter --from table --into all >/dev/null
"$apolo" album compress all >/dev/null
read -r _ x_s x_m < <(measure export "$apolo" export --to "$work/out1")
read -r _ c_s c_m < <(measure cp cp -r "$work/photos" "$work/cp")
read -r _ z_s z_m < <(measure resize "$apolo" export --to "$work/out2" --max-size 2048)
mkdir -p "$work/vt2"
read -r _ w_s w_m < <(measure vips2048 xargs -P "$jobs" -n 25 vipsthumbnail -s 2048 -o "$work/vt2/%s.jpg" < "$work/list")

echo "apolo media benchmark: $count JPEGs of $size, $jobs cores (release build)"
printf '%-44s %17s   %-30s %17s   %6s  %s\n' "apolo" "time    peak" "reference" "time    peak" "ratio" "target"
row "import: hash + EXIF + 256 px thumbnail" "$a_s" "$a_m" "vipsthumbnail -s 256, $jobs procs" "$v_s" "$v_m" "≤ 1.10x"
row "analyze: focus at 100%, clipping, look, faces" "$an_s" "$an_m" "vips avg (full decode), $jobs procs" "$va_s" "$va_m" "≤ 2.00x"
row "analyze (the same)" "$an_s" "$an_m" "vipsthumbnail -s 1024, $jobs procs" "$v1_s" "$v1_m" "(for reference)"
row "re-import of the same files (cache)" "$r_s" "$r_m" "first import" "$a_s" "$a_m" "≤ 0.03x"
row "import --no-thumbnails (metadata only)" "$n_s" "$n_m" "exiftool -json -r" "$e_s" "$e_m" "≤ 0.05x"
row "export (byte copies + manifest)" "$x_s" "$x_m" "cp -r" "$c_s" "$c_m" "≤ 1.15x"
row "export --max-size 2048" "$z_s" "$z_m" "vipsthumbnail -s 2048, $jobs procs" "$w_s" "$w_m" "≤ 1.10x"

# raws: generated DNGs with a 1600x1200 embedded preview. A first import (LibRaw facts, hash, a 256 px thumbnail
# from the preview) against what a script would do: exiftool -b -PreviewImage, then vipsthumbnail on the previews.
raws=${BENCH_RAWS:-200}
"$root/.build/release/make-sample-photos" --raw "$raws" "$work/raws" >/dev/null
cat "$work"/raws/raw/* > /dev/null
export APOLO_HOME="$work/home3"
"$apolo" project new raws >/dev/null
read -r _ ra_s ra_m < <(measure rawimport "$apolo" import --quiet --no-analyze "$work/raws")
mkdir -p "$work/pv" "$work/pvt"
read -r _ rp_s rp_m < <(measure pair bash -c 'exiftool -q -b -PreviewImage -w "$1/pv/%f.jpg" -r "$1/raws" &&
    ls "$1"/pv/*.jpg | xargs -P "$2" -n 25 vipsthumbnail -s 256 -o "$1/pvt/%s.jpg"' _ "$work" "$jobs")
echo
row "raw import ($raws DNGs): LibRaw + preview thumb" "$ra_s" "$ra_m" "exiftool -PreviewImage + vipsthumb" "$rp_s" "$rp_m" "< 1x"
printf '%-44s %8.1f files/s   target ≥ 15 files/s %s\n' "raw import rate" "$(echo "$raws / $ra_s" | bc -l)" \
    "$([ "$(echo "$raws / $ra_s >= 15" | bc -l)" = 1 ] && echo ok || echo MISSED)"

# Real camera photos: the verdict set's originals of 8 MP or more (bench/verdicts/fetch.py copies them out of the
# mirrors named by BENCH_MIRRORS; never committed). Generated photos decode and measure unlike a camera's JPEGs, so
# the analysis is timed on both.
mirrors=${BENCH_MIRRORS:-/work/.mirror}
if bash "$root/bench/real-originals.sh" "$mirrors" "$work" "$work/real"; then
    find "$work/real" -type f | sort > "$work/reallist"
    n=$(wc -l < "$work/reallist")
    tr '\n' '\0' < "$work/reallist" | xargs -0 cat > /dev/null   # warm the page cache
    export APOLO_HOME="$work/home4"
    "$apolo" project new real >/dev/null
    "$apolo" import --quiet --no-analyze "$work/real" >/dev/null 2>&1 || true   # one of them is cut short on purpose
    read -r _ ra_s ra_m < <(measure realanalyze "$apolo" analyze --quiet)
    read -r _ rv_s rv_m < <(measure realavg bash -c 'tr "\n" "\0" < "$1" | xargs -0 -P "$2" -n 1 vips avg' _ \
        "$work/reallist" "$jobs")
    echo
    row "analyze $n real camera photos (8-24 MP)" "$ra_s" "$ra_m" "vips avg (full decode), $jobs procs" "$rv_s" "$rv_m" "≤ 2.00x"
    # the same without identity descriptors (people off): what describing each face costs
    export APOLO_HOME="$work/home5"
    "$apolo" project new bare >/dev/null
    "$apolo" import --quiet --no-analyze "$work/real" >/dev/null 2>&1 || true
    read -r _ rn_s _ < <(APOLO_IDENTITY_MODEL= measure realbare "$apolo" analyze --quiet)
    share=$(echo "($ra_s - $rn_s) / $rn_s * 100" | bc -l)
    printf '%-44s %7.1f%%   (%.2f s, %.2f s without)   target ≤ 20%% %s\n' "identity descriptors add" "$share" \
        "$ra_s" "$rn_s" "$([ "$(echo "$share <= 20" | bc -l)" = 1 ] && echo ok || echo MISSED)"
else
    echo
    echo "(no real photos: fetch the repositories bench/verdicts/README.md lists into $mirrors to time them too)"
fi
