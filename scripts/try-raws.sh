#!/usr/bin/env bash
# Imports real cameras' raw files into a scratch project and prints what apolo made of each: camera, size,
# shooting facts, and where its picture comes from (embedded preview, LibRaw decode, or why none).
# The files come from Debian's source packages (the test data of exiv2, ExifTool and KImageFormats), so this
# needs the network and deb-src lines; it is a check by hand, not part of `make test` (tests generate their raws).
set -euo pipefail
cd "$(dirname "$0")/.."
apolo=${APOLO:-.build/debug/apolo}
work=.build/real-raws
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"

if ! grep -rqs "deb-src" /etc/apt/sources.list /etc/apt/sources.list.d/; then
    . /etc/os-release
    echo "adding Debian's source packages for $VERSION_CODENAME (/etc/apt/sources.list.d/apolo-deb-src.sources)"
    printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
        "$VERSION_CODENAME" | $sudo tee /etc/apt/sources.list.d/apolo-deb-src.sources >/dev/null
    $sudo apt-get update -qq
fi
mkdir -p "$work/src" "$work/card"
(cd "$work/src" && ls exiv2_*.orig.tar.* libimage-exiftool-perl_*.orig.tar.* kimageformats_*.orig.tar.xz >/dev/null 2>&1 ||
    apt-get source --download-only -qq exiv2 libimage-exiftool-perl kimageformats >/dev/null 2>&1)
raws='\.(cr2|cr3|crw|nef|nrw|arw|sr2|srf|raf|orf|rw2|pef|dng|srw|x3f|iiq|3fr|erf|mef|mos|kdc|dcr|mrw|raw)$'
for tarball in "$work"/src/*.orig.tar.{gz,xz}; do
    tar tf "$tarball" | grep -iE "$raws" | grep -vE 'poc|issue_|ghsa|autotests/.*psd' | while read -r member; do
        tar xf "$tarball" -O "$member" >"$work/card/$(basename "$(dirname "$member")")-$(basename "$member")"
    done
done
reference=$(tar tf "$work"/src/kimageformats_*.orig.tar.xz | grep 'raw/RAW_KODAK.*\.png$' | head -1)
tar xf "$work"/src/kimageformats_*.orig.tar.xz -O "$reference" >"$work/kodak-reference.png"

export APOLO_HOME="$work/home"
rm -rf "$APOLO_HOME"
"$apolo" project new real-raws >/dev/null
"$apolo" import "$work/card" --json >"$work/import.json" 2>/dev/null || true
"$apolo" table --json >"$work/table.json"
python3 scripts/try-raws-report.py "$work"

# the one full raw without a preview: apolo's decode next to KImageFormats' own decode of the same file
kodak=$(python3 -c 'import json,sys; print(next(p["id"] for p in json.load(open(sys.argv[1])) if p["file"].endswith("KODAK_C330_FORMAT_NONE_YRGB.raw")))' "$work/table.json")
mine="$APOLO_HOME/cache/thumbs/${kodak:0:2}/$kodak.jpg"
vips thumbnail "$work/kodak-reference.png" "$work/kodak-reference.v" 256
vips subtract "$mine" "$work/kodak-reference.v" "$work/difference.v"
vips abs "$work/difference.v" "$work/absolute.v"
echo "Kodak C330 thumbnail decoded by apolo vs KImageFormats' decode: mean difference $(vips avg "$work/absolute.v") of 255"
