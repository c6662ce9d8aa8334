#!/usr/bin/env bash
# Installs the named Debian packages that are not installed yet (apt-get, as root or through sudo).
set -euo pipefail
missing=()
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for package in "$@"; do
    # exiftool's Debian package is libimage-exiftool-perl
    [ "$package" = exiftool ] && package=libimage-exiftool-perl
    # libvips42 is libvips42t64 on Debian 13 and Ubuntu 24.04: take whichever this system has or offers
    if [ "$package" = libvips42 ]; then
        installed libvips42 || installed libvips42t64 && continue
        if apt-cache show libvips42t64 >/dev/null 2>&1 && ! apt-cache show libvips42 >/dev/null 2>&1; then package=libvips42t64; fi
    fi
    installed "$package" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing system packages: ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
# no service a package brings (nginx) is started: the tests run what they need themselves, in their own namespaces
policy=""
if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod +x "$policy"
    trap '$sudo rm -f "$policy"' EXIT
fi
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
