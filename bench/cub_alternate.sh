#!/usr/bin/env bash
# #47's ">= CUB" and "% of the float4 read" at n = 2^22 ... 2^28, measured ROUNDS times
# alternately in one call on the GPU machine, so that the call-to-call spread (about 1 % at 2^28)
# shows beside the gap: each round runs CUB DeviceReduce::Sum and the CUDA float4 read
# (bench/cub_reduce.cu: back to back, warm, median of 200), then the tool's default GPU kernel
# (reduce_onepass, local 256/512/1024, float) cold (the default: a flush before every launch) and
# warm (--cache warm: the same input relaunched, as CUB's loop does). Tool built elsewhere and
# carried in DIR as for bench/h100.sh. Writes $OUT/cub-alternate.txt (log and table).
#   bench/cub_alternate.sh [DIR-WITH-BINARY]      # ROUNDS (3)
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
here=$(cd "$(dirname "$0")" && pwd)
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
log=$out/cub-alternate.txt
work=$(mktemp -d)
{
  echo "# $(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg)"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
} >"$log" 2>&1
nvcc -O3 -std=c++17 -arch=sm_90 -o "$work/cub_reduce" "$here/cub_reduce.cu" >>"$log" 2>&1 || exit 1
for r in $(seq "${ROUNDS:-3}"); do
  "$work/cub_reduce" 200 22 28 2 >"$work/cub$r.txt" 2>>"$log"
  for cache in cold warm; do
    $g run -d nvidia -k reduce_onepass -t float -n 2^22,2^24,2^26,2^28 -l 256,512,1024 --no-peak \
      --cache "$cache" -q -o "$work/$cache$r.json" --force >>"$log" 2>&1 || echo "run exit $?" >>"$log"
  done
done
python3 - "$work" "${ROUNDS:-3}" <<'PY' | tee -a "$log"
import json, sys
work, rounds = sys.argv[1], int(sys.argv[2])
print("round  n      CUB us  read4 us  tool cold us (local)  tool warm us (local)  "
      "cold/CUB  warm/CUB  warm %read4")
for r in range(1, rounds + 1):
    cub, read4 = {}, {}
    for line in open(f"{work}/cub{r}.txt"):
        f = line.split()
        if f and f[0].isdigit():
            cub[int(f[1])], read4[int(f[1])] = float(f[2]), float(f[5])
    best = {}
    for cache in ("cold", "warm"):
        for c in json.load(open(f"{work}/{cache}{r}.json"))["cases"]:
            if c["status"] != "ok" or not c.get("summary"):
                continue
            n, us = c["key"]["n"], c["summary"]["median_ns"] / 1e3
            if (cache, n) not in best or us < best[(cache, n)][0]:
                best[(cache, n)] = (us, c["key"]["local_size"])
    for n in sorted(cub):
        co, wa = best.get(("cold", n)), best.get(("warm", n))
        if not co or not wa:
            continue
        print(f"{r:5}  2^{n.bit_length() - 1:<3} {cub[n]:8.2f} {read4[n]:9.2f} "
              f"{co[0]:12.2f} ({co[1]:4}) {wa[0]:14.2f} ({wa[1]:4}) "
              f"{cub[n] / co[0]:9.3f} {cub[n] / wa[0]:9.3f} {100 * read4[n] / wa[0]:10.1f}")
PY
