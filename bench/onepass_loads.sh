#!/usr/bin/env bash
# #47's 2^28 gap, one call on the GPU machine: CUB DeviceReduce::Sum (bench/cub_reduce.cu, median
# of 200) before and after the tool, and between them the suite's reduce_onepass beside
# bench/onepass_loads (reduce_onepass with L float4 loads in flight and C the load form, written
# by make_variant.py from kernels/reduce.cl), float, n = 2^22 ... 2^28, local 256, 512, 1024,
# cold cache (the default). Tool built elsewhere and carried in DIR as for bench/h100.sh.
# Writes $OUT/onepass-loads.txt and $OUT/onepass-loads.json.
#   bench/onepass_loads.sh [DIR-WITH-BINARY]
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
here=$(cd "$(dirname "$0")" && pwd)
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
log=$out/onepass-loads.txt
work=$(mktemp -d)
: >"$log"
{
  echo "# $(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
} >>"$log" 2>&1
python3 "$here/onepass_loads/make_variant.py" "$here/../kernels/reduce.cl" "$work" || exit 1
nvcc -O3 -std=c++17 -arch=sm_90 -o "$work/cub_reduce" "$here/cub_reduce.cu" >>"$log" 2>&1 || exit 1
echo "== CUB before" >>"$log"
"$work/cub_reduce" 200 22 28 2 >>"$log" 2>&1
echo "== the tool" >>"$log"
$g run -d nvidia -k "reduce_onepass,$work/onepass_loads.json" -t float -n 2^22,2^24,2^26,2^28 \
  -l 256,512,1024 --no-peak -o "$out/onepass-loads.json" --force >>"$log" 2>&1
echo "exit $?" >>"$log"
echo "== CUB after" >>"$log"
"$work/cub_reduce" 200 22 28 2 >>"$log" 2>&1
