#!/usr/bin/env bash
# The charts that answer "did it move?", "where does it saturate?" and "how noisy is it?", in
# headless Chromium: two small PoCL runs over three sizes (no peak measurement: it takes
# seconds, and the unit tests check the peak line), reported together with --log-time.
# Checks (check_dom.py --charts-in) that the throughput chart of both profiles, the GB/s-against-n
# charts and the sample-distribution box plots exist with axes and labels, and (the page's
# self-check) that no chart text reaches outside its chart.
# Usage: charts_test.sh GPU_REDUCE_PROF OUTDIR
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin=$1; out=$2
mkdir -p "$out"
export POCL_CACHE_DIR="$out/pocl-cache"
for p in p1 p2; do
  "$bin" run -k reduce5,reduce6 -t float -l 32,64 -n 1k,4k,16k --rounds 2 --runs 1 --samples 3 \
    --warmup 1 --round-spacing 0 --no-peak --host-repeats 0 -q -o "$out/$p.json" --force
done
exec bash "$here/browser_test.sh" "$bin" "$out/page" --min-charts 6 \
  --charts-in throughput,sizes-p1,sizes-p2,samples \
  -- "$out/p1.json" "$out/p2.json" --log-time
