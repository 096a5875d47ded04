#!/usr/bin/env bash
# The #13 and #47 GPU targets, measured in one run on the H100: the tool's best float reduction of
# the default sweep (median device span from its profile; reduce_single, unsafe, is timed beside
# it but never counted) against CUB's DeviceReduce::Sum (cudaEvent span of the whole call, median
# of 200) and a CUDA float4 streaming read at n = 2^16 ... 2^28 (even powers), an empty launch,
# and the wall time of the default run. Runs on the GPU machine from the repository root, with the tool built
# elsewhere and carried in DIR as for bench/h100.sh (gpu-reduce-prof, libOpenCL.so.1,
# nvidia-opencl.sh; see docs/measured-h100.md); builds bench/cub_reduce.cu with
# nvcc there. Writes into $OUT (default .): h100-vs-cub.txt (log and tables), cub.txt,
# sizes.json, empty.json, default.json.
#   bench/h100_vs_cub.sh [DIR-WITH-BINARY]
# Environment: L (local sizes, 64,128,256), DEV (device, nvidia), SIZES (2^16,2^18,...,2^28).
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
here=$(cd "$(dirname "$0")" && pwd)
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
locals=${L:-64,128,256}
dev=${DEV:-nvidia}
sizes=${SIZES:-2^16,2^18,2^20,2^22,2^24,2^26,2^28}
log=$out/h100-vs-cub.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }

say "$(date -u +%FT%TZ) $(uname -n), load $(cut -d' ' -f1-3 /proc/loadavg)"
nvidia-smi -L >>"$log" 2>&1
nvidia-smi --query-gpu=driver_version,clocks.sm,clocks.mem --format=csv >>"$log" 2>&1

say "CUB DeviceReduce::Sum on float: cudaEvent span of the whole call, median of 200"
if ! nvcc -O3 -std=c++17 -arch=sm_90 -o "$out/cub_reduce" "$here/cub_reduce.cu" >>"$log" 2>&1; then
  echo "nvcc failed: see $log" >&2
  exit 1
fi
"$out/cub_reduce" 200 16 28 2 >"$out/cub.txt" 2>>"$log"
cat "$out/cub.txt" >>"$log"

say "the tool: default kernels and reduce_single, float, n = $sizes, local $locals"
$g run -d "$dev" -k default,reduce_single -t float -n "$sizes" -l "$locals" \
  -o "$out/sizes.json" --force >>"$log" 2>&1
echo "exit $?" >>"$log"

say "the smallest verified launch through the tool (bench/empty: n = 1, one work-item)"
$g run -d "$dev" -k "$here/empty/empty.json" -n 1 -l 1 --no-peak -o "$out/empty.json" \
  --force >>"$log" 2>&1
echo "exit $?" >>"$log"

say "the default run (gpu-reduce-prof run -d $dev), wall time"
start=$(date +%s.%N)
$g run -d "$dev" -o "$out/default.json" --force >/dev/null 2>&1
status=$?
end=$(date +%s.%N)
echo "exit $status" >>"$log"

python3 - "$out" "$start" "$end" <<'PY' | tee -a "$log"
import json, sys
out, start, end = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])

cub, read4, empty_cuda = {}, {}, None
for line in open(f"{out}/cub.txt"):
    f = line.split()
    if f and f[0] == "empty_kernel_us":
        empty_cuda = float(f[1])
    elif f and f[0].isdigit():
        cub[int(f[1])] = float(f[2])  # n -> median us
        if len(f) >= 7:
            read4[int(f[1])] = float(f[6])  # n -> float4 read GB/s

def verified(p):
    return [c for c in p["cases"] if c["status"] == "ok" and not c.get("scenario")
            and c["key"]["type"] == "float" and c.get("summary")]

sizes = json.load(open(f"{out}/sizes.json"))
empty = verified(json.load(open(f"{out}/empty.json")))
empty_tool = empty[0]["summary"]["median_ns"] / 1e3 if empty else None
peak = sizes["devices"][0].get("peak") or {}
print(f"peak read {peak.get('read_gbps', 0):.1f} GB/s ({peak.get('read_shape', '?')}), "
      f"empty kernel: CUDA event {empty_cuda} us, tool span {empty_tool} us")
print()
print(f"{'n':>6} {'tool best (kernel/local, launches)':<36} {'tool us':>9} {'tool GB/s':>10} "
      f"{'CUB us':>9} {'CUB GB/s':>9} {'tool/CUB':>9} {'read4':>8} {'%read4':>7}  target")
by_n = {}
for c in verified(sizes):
    by_n.setdefault(c["key"]["n"], []).append(c)
for n in sorted(by_n):
    best = min((c for c in by_n[n] if c["key"]["kernel"] != "reduce_single"),
               key=lambda c: c["summary"]["median_ns"])
    us = best["summary"]["median_ns"] / 1e3
    gbps = n * 4 / (us * 1e3)
    who = f"{best['key']['kernel']}/{best['key']['local_size']}, {len(best['passes'])}"
    cub_us = cub.get(n)
    cub_gbps = n * 4 / (cub_us * 1e3) if cub_us else None
    ratio = gbps / cub_gbps if cub_gbps else None
    log2 = n.bit_length() - 1
    if log2 == 16:
        target = (f"<= 2x empty launch: {us / empty_cuda:.2f}x CUDA's"
                  if empty_cuda else "no empty-kernel time")
        if empty_tool:
            target += f", {us / empty_tool:.2f}x the tool's"
    elif 20 <= log2 <= 28 and ratio is not None:
        target = ">= CUB: " + ("met" if ratio >= 1.0 else "MISSED")
    else:
        target = ""
    r4 = read4.get(n, float("nan"))
    print(f"  2^{log2:<3} {who:<36} {us:9.2f} {gbps:10.1f} "
          f"{cub_us if cub_us else float('nan'):9.2f} {cub_gbps or float('nan'):9.1f} "
          f"{ratio or float('nan'):9.3f} {r4:8.1f} {100 * gbps / r4:6.1f}%  {target}")

print()
print("one launch against two: median span (us) of the best local size per kernel")
kernels = ["reduce_onepass", "reduce_single", "reduce_vec4", "reduce6"]
print(f"{'n':>6} " + " ".join(f"{k:>14}" for k in kernels) + "  reduce_vec4 sum of passes")
for n in sorted(by_n):
    row, vec4_sum = [], None
    for k in kernels:
        cs = [c for c in by_n[n] if c["key"]["kernel"] == k]
        if not cs:
            row.append(float("nan"))
            continue
        b = min(cs, key=lambda c: c["summary"]["median_ns"])
        row.append(b["summary"]["median_ns"] / 1e3)
        if k == "reduce_vec4":
            sums = sorted(s for r in b["rounds"] for s in r.get("pass_sum_ns", []))
            vec4_sum = sums[len(sums) // 2] / 1e3 if sums else None
    print(f"  2^{n.bit_length() - 1:<3} " + " ".join(f"{v:14.2f}" for v in row) +
          (f"  {vec4_sum:.2f}" if vec4_sum else ""))

print()
default = json.load(open(f"{out}/default.json"))
wall = end - start
phases = default["devices"][0].get("phases_s", {})
timed = sum(sum(r["samples_ns"]) for c in default["cases"] for r in c.get("rounds", [])) / 1e9
print(f"default run: {len(default['cases'])} cases, wall {wall:.2f} s (target <= 2.5 s: "
      f"{'met' if wall <= 2.5 else 'MISSED'}), timed samples {timed:.3f} s")
print("phases (s): " + ", ".join(f"{k} {v:.3f}" for k, v in sorted(phases.items(),
                                                                    key=lambda kv: -kv[1])))
PY
