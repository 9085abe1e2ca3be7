#!/bin/sh
# Installs the Debian packages the tests need, only those that are missing.
# The list lives in tools/system-packages.txt (one package a line, '#' comments).
set -eu
here=$(dirname "$0")
missing=""
for pkg in $(grep -v '^\s*#' "$here/system-packages.txt" | awk '{print $1}'); do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
echo "installing system packages:$missing"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
