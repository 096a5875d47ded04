#!/usr/bin/env bash
# Which way of launching removes the per-process level of short kernels? Runs bench/noise_probe
# in the modes same / queued / gated / pinned, interleaved process by process (so drift lands on
# every mode), and writes one line per (process, round, size).
#   bench/round_noise_modes.sh PROBE-BINARY [WRAPPER]   # WRAPPER: e.g. .device/nvidia-opencl.sh
# Output: proc mode round n median_span median_sum min_span median_gap median_first (ns)
set -euo pipefail
probe=$1
wrap=${2:-}
procs=${PROCS:-8}
rounds=${ROUNDS:-8}
samples=${SAMPLES:-20}
sizes=${SIZES:-65536,4194304,67108864}
modes=${MODES:-same queued gated pinned}
echo "# $(date -u +%FT%TZ) $(uname -n) load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# procs=$procs rounds=$rounds samples=$samples warmup=3 sizes=$sizes local=256 modes=$modes"
for p in $(seq 1 "$procs"); do
  for mode in $modes; do
    $wrap "$probe" "$mode" "$rounds" "$samples" 3 "$sizes" 256 | sed "s/^/$p /"
  done
done
echo "# end load: $(cut -d' ' -f1-3 /proc/loadavg)"
