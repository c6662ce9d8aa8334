#!/usr/bin/env bash
# Installs the named Debian packages that are not installed yet (apt-get, as root or through sudo).
set -euo pipefail
missing=()
for package in "$@"; do
    # exiftool's Debian package is libimage-exiftool-perl
    [ "$package" = exiftool ] && package=libimage-exiftool-perl
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing system packages: ${missing[*]}"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
