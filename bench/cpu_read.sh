#!/usr/bin/env bash
# The #13 CPU targets, measured in one run on the OpenCL CPU device (PoCL): an independent read
# bandwidth (bench/cpu_read/cpu_read.cpp: one contiguous chunk per thread, built here with -O3
# -march=native, all cores) at 2^26 floats, before and after the tool's own measurements of the
# same size: its peak read (best read shape) and its best built-in float reduction (median device
# span), with the ratios and the machine load (uptime) before and after.
#   bench/cpu_read.sh [BUILD-DIR]           BUILD-DIR holds gpu-reduce-prof (default: build)
# Environment: N (floats, 2^26), KERNELS (the candidates, reduce_chunk,reduce_vec4,reduce6),
# KNEE=1 (also the read bandwidth from 2^20 to 2^28 floats, independent and reduce_chunk's: where
# the last-level cache ends, into cpu-l3-knee.txt).
# Writes into $OUT (default .): cpu-read.txt and the tool's profile cpu-read.json.
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "${1:-build}" && pwd)
out=${OUT:-.}
n=${N:-67108864}
kernels=${KERNELS:-reduce_chunk,reduce_vec4,reduce6}
threads=$(nproc)
log=$out/cpu-read.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }

reader=$out/cpu_read
if ! g++ -O3 -march=native -std=c++17 -pthread -o "$reader" "$here/cpu_read/cpu_read.cpp" 2>>"$log"; then
  echo "building cpu_read failed: see $log" >&2
  exit 1
fi
say "$(date -u +%FT%TZ) $(uname -n), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), $threads threads"
say "load before: $(uptime)"
"$reader" --threads "$threads" --reps 50 "$n" | tee "$out/reader-before.txt" >>"$log"

say "the tool: peak and $kernels, float, n = $n, default local sizes and rounds"
"$build/gpu-reduce-prof" run -k "$kernels" -t float -n "$n" -o "$out/cpu-read.json" --force \
  >>"$log" 2>&1
echo "exit $?" >>"$log"

say "independent read again"
"$reader" --threads "$threads" --reps 50 "$n" | tee "$out/reader-after.txt" >>"$log"
say "load after: $(uptime)"

if [ "${KNEE:-0}" = 1 ]; then
  knee=$out/cpu-l3-knee.txt
  {
    echo "# $(date -u +%FT%TZ) $(uname -n), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "# where the last-level cache ends: the independent read and the tool's reduce_chunk"
    echo "# (local 1, default rounds) by size; a size reads from memory once both stop falling"
    "$reader" --threads "$threads" --reps 30 1048576 4194304 8388608 16777216 33554432 \
      67108864 134217728 268435456
    "$build/gpu-reduce-prof" run -k reduce_chunk -l 1 -t float --no-peak \
      -n 2^20,2^22,2^23,2^24,2^25,2^26,2^27,2^28 -o "$out/knee.json" --force 2>&1 |
      grep -E "^ +[* ] reduce_chunk|kernel +type"
    echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  } >"$knee"
  cat "$knee" >>"$log"
fi

python3 - "$out" <<'PY' | tee -a "$log"
import json, sys
out = sys.argv[1]

def reader_gbps(path):
    for line in open(path):
        f = line.split()
        if f and f[0].isdigit():
            return float(f[2]), float(f[3])  # median, best
    return None, None

before, after = reader_gbps(f"{out}/reader-before.txt"), reader_gbps(f"{out}/reader-after.txt")
reader = max(before[0], after[0])
p = json.load(open(f"{out}/cpu-read.json"))
peak = p["devices"][0]["peak"]
cases = [c for c in p["cases"] if c["status"] == "ok" and c.get("gbps")]
best = max(cases, key=lambda c: c["gbps"])
above = [c["key"]["kernel"] + "/" + str(c["key"]["local_size"]) for c in cases if c.get("above_peak")]
print(f"independent read, median of 50: {before[0]:.1f} GB/s before, {after[0]:.1f} after "
      f"(best repetition {before[1]:.1f} and {after[1]:.1f}); the better median, {reader:.1f} GB/s, "
      f"is the reference")
print(f"tool peak read: {peak['read_gbps']:.1f} GB/s ({peak['read_shape']})")
print(f"tool best float reduction: {best['key']['kernel']} local {best['key']['local_size']}: "
      f"{best['gbps']:.1f} GB/s (median span {best['summary']['median_ns'] / 1e6:.3f} ms)")
for c in sorted(cases, key=lambda c: -c["gbps"]):
    print(f"  {c['key']['kernel']:>14} local {c['key']['local_size']:>4}: {c['gbps']:6.1f} GB/s, "
          f"{c['pct_of_peak']:5.1f}% of peak{'  >peak' if c.get('above_peak') else ''}")
print(f"ratios: best / independent {best['gbps'] / reader:.3f} (target >= 0.90), "
      f"peak / independent {peak['read_gbps'] / reader:.3f} (target >= 0.90), "
      f"best / peak {best['gbps'] / peak['read_gbps']:.3f}")
print("cases above 105% of peak: " + (", ".join(above) if above else "none"))
PY
