#!/usr/bin/env bash
# Builds .build/apolo_VERSION_amd64.deb from the release build: apolo, its workers, the manual page, shell
# completions and the example plugins, installed under /usr. Its dependencies are the Debian packages that hold the
# libraries the binaries link (read with ldd and dpkg -S), each at the version built against or later, plus those
# apolo opens itself at run time (libvips, LibRaw: dlopen) and libdlib-data (the face landmark model). Run via `make deb` (which builds the release and the manual page first).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
version=$("${RELEASE_BUILD:-.build}/release/apolo" --version | tr -d '[:space:]')
stage=.build/deb/apolo_${version}_amd64
rm -rf "$stage"
make --no-print-directory install DESTDIR="$root/$stage" PREFIX=/usr SUDO= RELEASE_BUILD="${RELEASE_BUILD:-.build}" \
    >/dev/null

# the packages holding every shared library the binaries need, each at the version installed here or later
libs=$(for b in "$stage"/usr/bin/apolo*; do [ -f "$b" ] && file -b "$b" | grep -q ELF && ldd "$b"; done \
    | awk '/=> \// {print $3}' | sort -u)
opened="libvips.so.42 libraw_r.so.20"   # dlopen'ed: see CVipsShim/vips_shim.c and CApoloRaw/apolo_raw.c
for name in $opened; do   # awk reads all of ldconfig's list: stopping early would kill ldconfig by SIGPIPE (141)
    libs+=" $(ldconfig -p | awk -v n="$name" '$1 == n && !found {print $NF; found = 1}')"
done
packages=$(for lib in $libs; do dpkg -S "$(readlink -f "$lib")" 2>/dev/null || dpkg -S "$lib" 2>/dev/null; done \
    | cut -d: -f1 | sort -u)
depends=""
for p in $packages libdlib-data; do
    v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null | sed 's/-[^-]*$//')
    depends+="${depends:+, }$p${v:+ (>= $v)}"
done
size=$(du -sk "$stage/usr" | cut -f1)
mkdir -p "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<CONTROL
Package: apolo
Version: $version
Architecture: amd64
Maintainer: the apolo developers <apolo@localhost>
Installed-Size: $size
Depends: $depends
Recommends: exiftool
Section: graphics
Priority: optional
Description: photo slide sorter: cull, rate and order photos, share them, export in order
 apolo imports a card of photos onto a light table, where they are rated, labelled,
 discarded, sorted onto named shelves and albums, judged for focus, exposure and
 closed eyes, shared with a client for picks, and exported in order with files
 renamed 001-... Originals are never modified, moved or deleted. The command line
 and a page in the browser (apolo serve) do the same work.
CONTROL
fakeroot dpkg-deb --build --root-owner-group "$stage" ".build/apolo_${version}_amd64.deb" >/dev/null
echo ".build/apolo_${version}_amd64.deb ($(du -h ".build/apolo_${version}_amd64.deb" | cut -f1)): depends on $depends"
