#!/usr/bin/env bash
# What must a round re-create so that its variation covers run-to-run variation? Runs
# bench/noise_probe in three modes (same buffers / fresh buffers / fresh context per round), each
# as several separate processes, and writes one line per (process, round, size).
#   bench/round_noise.sh PROBE-BINARY [WRAPPER]   # WRAPPER: e.g. .device/nvidia-opencl.sh
# Output on stdout: proc mode round n median_span_ns median_sum_ns min_span_ns
set -euo pipefail
probe=$1
wrap=${2:-}
procs=${PROCS:-6}
rounds=${ROUNDS:-10}
samples=${SAMPLES:-20}
sizes=${SIZES:-65536,1048576,4194304,67108864}
echo "# $(date -u +%FT%TZ) $(uname -n) load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# procs=$procs rounds=$rounds samples=$samples warmup=3 sizes=$sizes local=256"
for mode in same buffers context; do
  for p in $(seq 1 "$procs"); do
    $wrap "$probe" "$mode" "$rounds" "$samples" 3 "$sizes" 256 | sed "s/^/$p /"
  done
done
echo "# end load: $(cut -d' ' -f1-3 /proc/loadavg)"
