#!/usr/bin/env bash
# Issue #65's fair CUB table, on the GPU machine in one call: ROUNDS rounds, each of them
#   1. bench/cub_fair.cu: CUB DeviceReduce::Sum, the CUDA float4 read and an empty kernel, timed
#      plain (events around a call), blocked (nvbench's spin kernel on a host-mapped flag) and as
#      a CUDA graph, warm and cold, at 2^LO..2^HI;
#   2. the tool: `run -d nvidia -k KERNELS -t float -n 2^LO..2^HI -l 256,512,1024` cold (a flush
#      before each launch) and warm (--cache warm), and the empty OpenCL kernel of bench/empty
#      (-n 1 -l 1): OpenCL START->END spans, which hold no host launch latency.
# so that drift between calls falls on both sides. Writes $OUT/cub-fair.txt (the log and the
# table of bench/cub_fair.py) and $OUT/cub-fair-raw.tgz (every output and profile).
#   bench/cub_fair.sh [DIR-WITH-BINARY]      # ROUNDS (2), LO (10), HI (28), REPS (100),
#                                            # KERNELS (reduce_onepass,reduce_vec4,reduce6)
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
here=$(cd "$(dirname "$0")" && pwd)
g=("$bin_dir/../nvidia-opencl.sh" "$bin_dir/gpu-reduce-prof")
[[ -x $bin_dir/nvidia-opencl.sh ]] && g=("$bin_dir/nvidia-opencl.sh" "$bin_dir/gpu-reduce-prof")
lo=${LO:-10} hi=${HI:-28}
sizes=$(seq -s, -f '2^%g' "$lo" 2 "$hi")
work=$(mktemp -d)
log=$out/cub-fair.txt
{
  echo "# cub_fair.sh $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,power.limit \
    --format=csv
  "${g[@]}" --version
} >"$log" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -o "$work/cub_fair" "$here/cub_fair.cu" >>"$log" 2>&1 || exit 1
for r in $(seq "${ROUNDS:-2}"); do
  "$work/cub_fair" "${REPS:-100}" "$lo" "$hi" 2 2>>"$log" | tee "$work/cuda$r.txt" >>"$log"
  for cache in cold warm; do
    "${g[@]}" run -d nvidia -k "${KERNELS:-reduce_onepass,reduce_vec4,reduce6}" -t float -n "$sizes" \
      -l 256,512,1024 --cache "$cache" -q -o "$work/$cache$r.json" --force >>"$log" 2>&1 ||
      echo "run $cache exit $?" >>"$log"
  done
  "${g[@]}" run -d nvidia -k "$here/empty/empty.json" -n 1 -l 1 --cache warm -q \
    -o "$work/empty$r.json" --force >>"$log" 2>&1 || echo "run empty exit $?" >>"$log"
done
python3 "$here/cub_fair.py" "$work" "${ROUNDS:-2}" | tee -a "$log"
tar -C "$work" -czf "$out/cub-fair-raw.tgz" .
