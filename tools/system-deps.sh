#!/bin/sh
# Installs the Debian packages the tests need, only those that are missing.
# The list lives in tools/system-packages.txt (one package a line, '#' comments; a second word
# `optional` marks a package to skip where apt has none, e.g. `chromium` on Ubuntu).
set -eu
here=$(dirname "$0")
missing=""
optional=""
for pkg in $(grep -v '^\s*#' "$here/system-packages.txt" | awk '$1 !~ /^#/ && $2 != "optional" {print $1}'); do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing="$missing $pkg"
done
for pkg in $(grep -v '^\s*#' "$here/system-packages.txt" | awk '$1 !~ /^#/ && $2 == "optional" {print $1}'); do
  dpkg -s "$pkg" >/dev/null 2>&1 || optional="$optional $pkg"
done
[ -z "$missing$optional" ] && exit 0
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
# (apt-get install stops at a package it cannot locate and installs nothing: ask first)
for pkg in $optional; do
  if apt-cache policy "$pkg" 2>/dev/null | grep -q 'Candidate: [^(]'; then
    missing="$missing $pkg"
  else
    echo "skipping $pkg: this system's apt sources have no such package (the tests needing it skip)"
  fi
done
[ -z "$missing" ] && exit 0
echo "installing system packages:$missing"
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
