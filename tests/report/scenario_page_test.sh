#!/usr/bin/env bash
# The page of a scenario-only profile (#50: `run --scenario NAME` alone times no sweep case),
# rendered in headless Chromium: the scenario, verification, context and cases, and no timing
# section of a sweep (summary, best configuration, matrix, throughput).
# Usage: scenario_page_test.sh GPU_REDUCE_PROF OUTDIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; out=$2
mkdir -p "$out"
export POCL_CACHE_DIR="$out/pocl-cache"
"$bin" run --scenario wg-probe --no-peak -q -o "$out/scenario.json" --force >/dev/null
exec bash "$here/browser_test.sh" "$bin" "$out/page" --min-charts 0 \
  --sections scenarios,verification,context,cases \
  --no-sections summary,best-config,matrix,throughput --has-text "wg-probe" \
  -- "$out/scenario.json"
