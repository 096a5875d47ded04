#!/usr/bin/env bash
# The report of a real run on the CPU OpenCL device (PoCL in CI), rendered in headless Chromium.
# Usage: pocl_run_test.sh GPU_REDUCE_PROF OUTDIR
# A small sweep of the safe ladder, the layout kernel and the scenarios keeps it quick (and
# gives every kind of chart); run exits 1 when a result is wrong, which
# still writes a profile (a wrong result is a finding the report must show), so 0 and 1 pass.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; out=$2
mkdir -p "$out"
# A private PoCL kernel cache: processes that compile the same kernels into a shared cache at the
# same moment (ctest -j) can race there and fail a build ("Final linking of kernel … failed").
export POCL_CACHE_DIR="$out/pocl-cache"
rc=0
"$bin" run -k 'reduce[0-6]' -k vec3_tree --layout flat,aos12,aos16,soa -l 32,64,128 -n 64k \
  -t float,int --scenario wg-probe,barrier,precision --barrier-runs 20 --samples 5 --warmup 1 --runs 1 \
  -q -o "$out/pocl.json" --force || rc=$?
if [[ $rc != 0 && $rc != 1 ]]; then
  echo "FAIL: gpu-reduce-prof run exited $rc"; exit 1
fi
# The flat int and float sweeps become kernel x local-size heat maps with a host row each.
exec bash "$here/browser_test.sh" "$bin" "$out/page" --min-charts 6 --min-heatmaps 2 \
  --min-host-rows 2 -- "$out/pocl.json"
