#!/usr/bin/env bash
# Issue #65 item 4: the CPU default kernel (reduce_chunk) against the read of its own rounds on
# PoCL. Each run times reduce_chunk at the device's default size and at 2^26 floats, with the
# device's best read shape timed once in every round (rounds[].peak_gbps); per case it prints
# pct_of_peak (the median over rounds of the round's rate over that round's read), the spread of
# the per-round ratios, the run-level peak and the launch floor, and the machine's load before and
# after. REPEAT runs, one after the other.
#   bench/cpu_roof.sh [BIN]                 BIN: gpu-reduce-prof (default build/gpu-reduce-prof)
# Environment: REPEAT (3), ROUNDS (10), LOCALS (the local sizes, default 1,8: the CPU defaults),
# SIZES (default 2^25,2^26: 2^25 floats is the default size a plain run measures on the 2-core
# Intel VM, its read knee; give the size your machine's plain run prints),
# OUT (folder for the profiles, default ./cpu-roof). Prints the table on stdout
# (bench/results/pocl-cpu-roof.txt is one such output).
set -euo pipefail
bin=$(realpath "${1:-build/gpu-reduce-prof}")
out=${OUT:-cpu-roof}
mkdir -p "$out"
echo "# $(date -u +%FT%TZ) $(uname -n): $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores"
echo "# $("$bin" --version 2>&1 | head -1)"
for i in $(seq "${REPEAT:-3}"); do
  echo "# run $i, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  f="$out/run-$i.json"
  "$bin" run -k reduce_chunk -t float -l "${LOCALS:-1,8}" -n "${SIZES:-2^25,2^26}" --rounds "${ROUNDS:-10}" \
    -q -o "$f" --force >/dev/null 2>"$out/run-$i.err" || echo "# run $i: exit $? ($(tail -1 "$out/run-$i.err"))"
  echo "# run $i, load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  python3 - "$f" <<'PY'
import json, statistics, sys
p = json.load(open(sys.argv[1]))
d = p["devices"][0]
peak = d.get("peak") or {}
print(f"device: {d['name']}; run-level peak read {peak.get('read_gbps', 0):.1f} GB/s "
      f"({peak.get('read_shape', '')}, {peak.get('bytes', 0)} bytes); "
      f"empty-kernel span {d.get('launch_floor_ns', 0) / 1000:.1f} us")
print(f"{'case':<44} {'GB/s':>6} {'%peak':>6} {'min%':>6} {'max%':>6} {'reads GB/s (min-max)':>21}")
for c in p["cases"]:
    if c["status"] != "ok" or not c["rounds"]:
        print(f"{c['key']['kernel']} n={c['key']['n']}: {c['status']} {c.get('reason') or ''}")
        continue
    ratios = [c["bytes"] / r["median_ns"] / r["peak_gbps"] * 100
              for r in c["rounds"] if r.get("peak_gbps") and r.get("median_ns")]
    reads = [r["peak_gbps"] for r in c["rounds"] if r.get("peak_gbps")]
    k = c["key"]
    name = f"{k['kernel']} n={k['n']} local={k['local_size']}"
    print(f"{name:<44} {c['gbps']:6.1f} {c['pct_of_peak']:6.1f} {min(ratios):6.1f} "
          f"{max(ratios):6.1f} {min(reads):10.1f}-{max(reads):.1f}")
PY
done
