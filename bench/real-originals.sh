#!/usr/bin/env bash
# Copies the verdict set's camera originals of 8 MP or more into FOLDER (bench/verdicts/fetch.py takes them out of
# the mirrors named by MIRRORS; never committed); exits 1 when the mirrors are not there.
# Usage: real-originals.sh MIRRORS WORK FOLDER   (WORK holds the whole verdict set on the way)
set -euo pipefail
mirrors=$1 work=$2 folder=$3
python3 "$(dirname "${BASH_SOURCE[0]}")/verdicts/fetch.py" "$mirrors" "$work/verdicts" >/dev/null 2>&1 || exit 1
mkdir -p "$folder"
for f in "$work"/verdicts/*; do
    w=$(vipsheader -f width "$f" 2>/dev/null || echo 0); h=$(vipsheader -f height "$f" 2>/dev/null || echo 0)
    if [ $((w * h)) -ge 8000000 ]; then cp "$f" "$folder/"; fi
done
