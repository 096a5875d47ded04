#!/usr/bin/env bash
# `cpack -G DEB`: builds the .deb and checks its control fields and contents (lintian.sh runs
# lintian on it). Exits 77 (skipped) without dpkg-deb.
# Usage: package.sh CPACK BUILD-DIR
set -euo pipefail
cpack=$1 build=$2
command -v dpkg-deb >/dev/null || { echo "SKIP: dpkg-deb is not installed (package dpkg)"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$tmp" >"$tmp/cpack.log" 2>&1 ||
  fail "cpack: $(cat "$tmp/cpack.log")"
deb=$(ls "$tmp"/gpu-reduce-prof_*.deb)
info=$(dpkg-deb -f "$deb" Package Version Architecture Depends Recommends)
echo "$info"
grep -q '^Depends: .*ocl-icd-libopencl1' <<<"$info" || fail "Depends lacks the OpenCL loader"
grep -q '^Depends: .*libstdc++6' <<<"$info" || fail "Depends lacks libstdc++6"
grep -q '^Recommends: pocl-opencl-icd | opencl-icd' <<<"$info" || fail "Recommends"
files=$(dpkg-deb -c "$deb")
for f in ./usr/bin/gpu-reduce-prof ./usr/share/man/man1/gpu-reduce-prof.1.gz ./usr/share/doc/gpu-reduce-prof/changelog.Debian.gz \
         ./usr/share/bash-completion/completions/gpu-reduce-prof ./usr/share/fish/vendor_completions.d/gpu-reduce-prof.fish \
         ./usr/share/doc/gpu-reduce-prof/copyright ./usr/share/gpu-reduce-prof/profiles/profile.schema.json; do
  grep -q " $f\$" <<<"$files" || fail "the package lacks $f"
done
echo "ok: $(basename "$deb")"
