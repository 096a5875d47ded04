#!/usr/bin/env bash
# The page of a `check` profile (#50), rendered in headless Chromium: findings and counts, no
# timing section (check verifies on the simulator and never times, so "Kernel x local size",
# "Throughput" and the samples had nothing to show but "no timed case").
# Usage: check_page_test.sh GPU_REDUCE_PROF OUTDIR
# reduce4_lockstep races at local 64 (unsafe: check exits 1 and still writes its profile).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; out=$2
mkdir -p "$out"
export POCL_CACHE_DIR="$out/pocl-cache"
rc=0
"$bin" check -k reduce2,reduce4_lockstep -l 64 -n 256 -q -o "$out/check.json" --force || rc=$?
if [[ $rc != 0 && $rc != 1 ]]; then
  echo "FAIL: gpu-reduce-prof check exited $rc"; exit 1
fi
"$bin" report "$out/check.json" --markdown "$out/check.md" --force
if grep -E "Kernel x local size|Best per kernel family|no timed case" "$out/check.md"; then
  echo "FAIL: the markdown summary of a check profile has timing sections"; exit 1
fi
grep -q "### " "$out/check.md" || { echo "FAIL: no findings in the markdown"; cat "$out/check.md"; exit 1; }
exec bash "$here/browser_test.sh" "$bin" "$out/page" --min-charts 0 \
  --sections findings,verification,context,cases \
  --no-sections summary,matrix,throughput,samples,best-config --has-text "reduce4_lockstep" \
  -- "$out/check.json"
