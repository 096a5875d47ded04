#!/usr/bin/env bash
# The sensors on a device (issue #30): what NVML reads beside a run (bench/nvml_probe.py), the
# default sweep's rounds with their conditions, the energy of reduce_single at 2^28 against
# NVML's own power readings sampled beside it, joules per reduction for reduce0..reduce6 and
# reduce_single, the layouts' energy, and whether the first round's wait for steady clocks
# (--settle) narrows the spread between processes. Writes $OUT/sensors.txt.
#   bench/sensors.sh [DIR-WITH-BINARY]    # the GPU machine: gpu-reduce-prof, libOpenCL.so.1, nvidia-opencl.sh
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
log=$out/sensors.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }
summary() { python3 "$here/sensors_summary.py" "$@" >>"$log" 2>&1; }

say "machine"
{ nvidia-smi --query-gpu=name,driver_version,power.limit,clocks.max.sm --format=csv; uptime; } >>"$log" 2>&1
say "NVML at idle: how often the energy counter and the power reading change, and what a call costs"
python3 "$here/nvml_probe.py" interval >>"$log" 2>&1
python3 "$here/nvml_probe.py" cost >>"$log" 2>&1

say "the default run's wall time with --sensors on and off, alternated (phases of the first process)"
for i in 1 2 3; do
  for s in on off; do
    /usr/bin/time -f "sensors $s: wall %e s" $g run --sensors $s -q --force -o "$out/cost-$s.json" \
      >/dev/null 2>>"$log"
    python3 -c "import json,sys; ph=json.load(open(sys.argv[1]))['devices'][0]['phases_s']; print('  phases:', ' '.join('%s %.2f' % kv for kv in sorted(ph.items())))" \
      "$out/cost-$s.json" >>"$log" 2>&1
  done
done

say "default run (3 processes), NVML traced every 5 ms beside it"
python3 "$here/nvml_probe.py" trace 12 "$out/trace-default.csv" &
sleep 0.5
/usr/bin/time -f "wall %e s" $g run -o "$out/default.json" --force -q >>"$log" 2>&1
wait
summary "$out/default.json"
python3 - "$out/trace-default.csv" >>"$log" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
t0 = float(rows[0]["t"]); sm = [(float(r["t"]) - t0, int(r["sm_mhz"])) for r in rows]
idle = sm[0][1]; top = max(v for _, v in sm)
first = next((t for t, v in sm if v > idle), None)
steady = next((t for t, v in sm if v >= 0.97 * top and t >= (first or 0)), None)
print("trace: idle %d MHz, highest %d MHz; clock first rose at %.3f s, reached 97%% of highest %.3f s later" %
      (idle, top, first or -1, (steady - first) if first is not None and steady is not None else -1))
PY

say "reduce_single at 2^28: our energy per launch against NVML's power readings sampled beside it"
python3 "$here/nvml_probe.py" trace 14 "$out/trace-single.csv" &
sleep 1
$g run -k reduce_single -n 2^28 -l 256 --runs 1 --rounds 10 --min-samples 1000 --max-samples 1000 \
  --max-time 100 -o "$out/single.json" --force -q >>"$log" 2>&1
wait
summary "$out/single.json"
python3 - "$out/trace-single.csv" "$out/single.json" >>"$log" 2>&1 <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
p = json.load(open(sys.argv[2])); c = p["cases"][0]
w = sorted(float(r["power_w"]) for r in rows)
lo, hi = w[len(w) // 20], w[-len(w) // 20]
busy = [x for x in w if x >= (lo + hi) / 2]
med = c["summary"]["median_ns"] * 1e-9
e = c["energy"]
ours = e["joules_per_launch"]
smi = sum(busy) / len(busy) * med
print("beside: busy power %.1f W over %d readings (idle %.1f W); x median %.3f ms = %.2f mJ per launch" %
      (sum(busy) / len(busy), len(busy), lo, med * 1e3, smi * 1e3))
print("ours:   %.1f W (%s) x median = %.2f mJ per launch; ours / beside = %.3f" %
      (e["power_w"], e["basis"], ours * 1e3, ours / smi))
PY

say "joules per reduction: reduce0..reduce6 and reduce_single, float, n = 2^28, local 256"
$g run -k 'reduce[0-6]',reduce_single -n 2^28 -l 256 --runs 1 --min-samples 200 \
  -o "$out/ladder.json" --force -q >>"$log" 2>&1
summary "$out/ladder.json"

say "layouts side by side: aos12, aos16, soa, n = 2^26 records, local 256"
$g run --layout aos12,aos16,soa -n 2^26 -l 256 --runs 1 --min-samples 200 \
  -o "$out/layouts.json" --force -q >>"$log" 2>&1
summary "$out/layouts.json"

say "process-to-process spread with and without the wait for steady clocks (reduce6, 2^20, 256)"
for settle in 2 0; do
  for i in 1 2 3 4 5; do
    $g run -k reduce6 -n 2^20 -l 256 --runs 3 --settle $settle -o "$out/spread-$settle-$i.json" \
      --force -q >/dev/null 2>>"$log"
  done
  python3 - "$settle" "$out"/spread-$settle-*.json >>"$log" 2>&1 <<'PY'
import json, statistics, sys
spreads = []
for path in sys.argv[2:]:
    c = json.load(open(path))["cases"][0]
    by_run = {}
    for r in c["rounds"]:
        by_run.setdefault(r["run"], []).append(r["median_ns"])
    meds = [statistics.median(v) for v in by_run.values()]
    firsts = [v[0] for v in by_run.values()]
    spreads.append((max(meds) / min(meds) - 1) * 100)
    print("settle %s: process medians %s ns; first rounds %s" % (sys.argv[1],
          " ".join("%.0f" % m for m in meds), " ".join("%.0f" % f for f in firsts)))
print("settle %s: spread between processes (max/min - 1) median %.2f %%, max %.2f %%" %
      (sys.argv[1], statistics.median(spreads), max(spreads)))
PY
done
say "done"
