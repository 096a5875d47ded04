#!/usr/bin/env bash
# Cold against warm, side by side in one run: `run --cache both` times every case of a sweep
# twice in the same rounds, once after an untimed flush of the last-level cache (cold) and once
# as the warm-up left it (warm); bench/cache_states.py prints the ratio of their medians per
# case. This is how run's default was chosen per device class (docs/run.md#cache-state).
#   bench/cache_states.sh BIN [WRAPPER] [RUN-ARGS...]   # WRAPPER: e.g. .device/nvidia-opencl.sh, or ""
# Environment: OUT (folder, default ./cache-states).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
shift $(($# >= 2 ? 2 : 1))
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-cache-states}
mkdir -p "$out"
{
  echo "# $(date -u +%FT%TZ) $(uname -n); run --cache both --runs 1 $*"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  t0=$(date +%s)
  ${wrap:+"$wrap"} "$bin" run --cache both --runs 1 "$@" -q --force -o "$out/both.json" >/dev/null
  echo "# $(($(date +%s) - t0)) s; load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 "$root/bench/cache_states.py" "$out/both.json"
} | tee -a "$out/cache_states.txt"
