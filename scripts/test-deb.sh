#!/usr/bin/env bash
# Installs the package `make deb` built into a clean Debian root (debootstrap's minbase of this machine's release,
# made once and kept as .build/deb-root.tar; each run unpacks a fresh copy) with apt, resolving its declared
# dependencies from the archive, then runs there: apolo --version, its manual page, and a first session on real
# photos (Tests/Fixtures/deciding: import, analysis with faces and people, a filter, an export). Needs root and the network.
# Usage: test-deb.sh [--root]   (--root: only make the clean root, for CI to make it while the release builds)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
base=.build/deb-root.tar
if [ ! -s "$base" ]; then
    bash scripts/ensure-packages.sh debootstrap
    rm -rf .build/deb-base
    debootstrap --variant=minbase "$suite" .build/deb-base http://deb.debian.org/debian >/dev/null
    tar -C .build/deb-base -cf "$base.part" .   # whole or not there: a stopped run leaves no half root
    mv "$base.part" "$base"
    rm -rf .build/deb-base
fi
[ "${1:-}" = --root ] && exit 0
deb=$(ls -t .build/apolo_*_amd64.deb | head -1)
target=$(mktemp -d /tmp/apolo-deb.XXXXXX)
cleanup() { umount "$target/proc" 2>/dev/null || true; rm -rf "$target"; }
trap cleanup EXIT
tar -C "$target" -xf "$base"
mount -t proc proc "$target/proc"
cp /etc/resolv.conf "$target/etc/resolv.conf"
cp "$deb" "$target/tmp/apolo.deb"
mkdir -p "$target/tmp/photos"
cp Tests/Fixtures/deciding/*.jpg "$target/tmp/photos/"
chroot "$target" bash -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
    --no-install-recommends /tmp/apolo.deb >/dev/null' || { echo "test-deb: the package did not install" >&2; exit 1; }
chroot "$target" bash -euo pipefail -c '
    export APOLO_HOME=/tmp/home
    echo "installed: $(apolo --version)"
    test -s /usr/share/man/man1/apolo.1
    apolo project new first >/dev/null
    apolo import /tmp/photos | tail -1 | tee /tmp/imported
    grep -q "4 with faces, 1 with eyes closed" /tmp/imported   # YuNet and dlib from the package, where they live
    test -s /usr/share/apolo/models/face_detection_yunet_2023mar.onnx
    apolo people | tail -1
    test -s /usr/share/apolo/models/dlib_face_recognition_resnet_model_v1.dat
    apolo filter --from table --blurry --new-shelf soft | tail -1
    apolo shelf create keep >/dev/null && apolo slide move table:1 --to keep >/dev/null
    apolo album compress keep >/dev/null
    apolo export --to /tmp/out | tail -1
    ls /tmp/out/first | head -3'
echo "test-deb: $(basename "$deb") installs and runs in a clean $suite root"
