#!/usr/bin/env bash
# `cpack -G DEB`, then lintian on the .deb: no error and no warning (informational tags are
# allowed; lintian --fail-on error,warning). Exits 77 (skipped) where lintian or dpkg-deb is
# not installed (CI images lack lintian; `apt-get install lintian` adds it).
# Usage: lintian.sh CPACK BUILD-DIR
set -euo pipefail
cpack=$1 build=$2
command -v lintian >/dev/null || { echo "SKIP: lintian is not installed (package lintian)"; exit 77; }
command -v dpkg-deb >/dev/null || { echo "SKIP: dpkg-deb is not installed (package dpkg)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp" >"$tmp/cpack.log" 2>&1 ||
  { echo "FAIL: cpack: $(cat "$tmp/cpack.log")"; exit 1; }
deb=$(ls "$tmp"/gpu-reduce-prof_*.deb)
lintian --tag-display-limit 0 --fail-on error,warning "$deb" ||
  { echo "FAIL: lintian reported errors or warnings on $(basename "$deb")"; exit 1; }
echo "ok: lintian found no error or warning in $(basename "$deb")"
