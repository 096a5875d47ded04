#!/usr/bin/env bash
# How big a merged baseline the gate needs: compare (default settings, plus COMPARE_ARGS) on
# kept bench/gate_power.sh sets, with baselines merged from K identical runs against single
# runs (gate_power.py baselines). Compare only: no device needed.
#   bench/gate_baselines.sh BIN DIR:RUNS:SLOW_RUNS:"LEVELS":"KS" ...
# e.g. bench/gate_baselines.sh build/gpu-reduce-prof "h100/big24:24:12:440 480 520:3 6 12"
set -euo pipefail
bin=$1; shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
echo "# $(date -u +%FT%TZ) $(uname -n); $(nproc) CPUs; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$bin" --version 2>&1 | head -1); compare options: default ${COMPARE_ARGS:-}"
for set in "$@"; do
  IFS=: read -r dir runs slow levels ks <<<"$set"
  echo
  echo "=== $dir: $(head -1 "$dir/gate_power.txt" | sed 's/^# //')"
  python3 "$here/gate_power.py" baselines "$bin" "$dir" "$runs" "$slow" "$levels" "$ks"
done
