#!/usr/bin/env bash
# Refits the eye-state model (Sources/apolo-face-worker/eyestate_weights.hpp) from the faces bench/closed_eyes.py
# measures: CEW's 1,192 closed-eye crops and the first 2,400 of UTKFace's open ones, from the mirror of
# github:jesusmartinoza/Open-eyes-using-Pix2Pix (fetch it with the tool library's fetch; never committed).
# Usage: bench/eye-state/train.sh [MIRRORS]   (then rebuild, and measure with make bench-cull)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
git=${1:-${BENCH_MIRRORS:-/work/.mirror}}/jesusmartinoza+Open-eyes-using-Pix2Pix/repo
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# (the mirror lacks one large file elsewhere in the repository: git archive says so and still writes these folders)
for under in closed_eyes_dataset regular_faces; do
    (git -C "$git" archive HEAD "$under" 2>/dev/null || true) | tar -x -C "$work"
done
g++ -O2 -std=c++17 -I "$root/Sources/apolo-face-worker" "$here/features.cpp" -o "$work/features" \
    $(pkg-config --cflags --libs dlib-1) -ljpeg -lpng
find "$work/closed_eyes_dataset" -type f | sort > "$work/closed.txt"
find "$work/regular_faces" -type f -name 'face_*.jpg' | sort | sed -n 1,2400p > "$work/open.txt"
"$work/features" 0 < "$work/closed.txt" > "$work/closed.rows" &
"$work/features" 64 < "$work/open.txt" > "$work/open.rows"
wait
echo "faces with eyes measured: $(wc -l < "$work/closed.rows") closed, $(wc -l < "$work/open.rows") open"
python3 "$here/train.py" "$work/closed.rows" "$work/open.rows" "$root/Sources/apolo-face-worker/eyestate_weights.hpp"
