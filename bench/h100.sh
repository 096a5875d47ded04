#!/usr/bin/env bash
# The H100 measurements behind profiles/nvidia-h100-80gb-hbm3-*.json and bench/results/h100.txt.
# Runs on the GPU machine from a folder holding gpu-reduce-prof, libOpenCL.so.1 and
# nvidia-opencl.sh (see docs/measured-h100.md); writes into $OUT (default .).
#   bench/h100.sh [DIR-WITH-BINARY]
set -u
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
L=32,64,128,256,512,1024
log=$out/h100.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }

say "platforms"
nvidia-smi -L >>"$log" 2>&1
$g platforms >>"$log" 2>&1

say "ladder + scenarios: every default kernel, int/float/double, n = 2^28, local $L"
$g run -d nvidia -t int,float,double -l $L -n 2^28 --max-time 0.3 \
  --scenario wg-probe,barrier,precision,subgroups --barrier-runs 1000 -k default \
  -o "$out/ladder.json" --force >>"$log" 2>&1
echo "exit $?" >>"$log"

say "layouts: n = 2^26 records, local $L"
$g run -d nvidia --layout aos12,aos16,soa -l $L -n 2^26 --max-time 0.3 \
  -o "$out/layouts.json" --force >>"$log" 2>&1
echo "exit $?" >>"$log"

say "the unsafe lock-step kernel (not in the default sweep)"
$g run -d nvidia -k reduce4_lockstep -t int,float -l 64,256 -n 2^24,1000003 --max-time 0.1 \
  --no-peak -o /tmp/unsafe.json --force >>"$log" 2>&1
echo "exit $?" >>"$log"

# The work-group limit (#14) is measured by bench/h100_matrix.sh; the default run's wall time
# and the comparison with CUB (#13) by bench/h100_vs_cub.sh.

say "best float kernel at 2^28 against the streaming read of the same run"
python3 - "$out/ladder.json" >>"$log" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
peak = p['devices'][0]['peak']
ok = [c for c in p['cases'] if c['key']['type'] == 'float' and c['status'] == 'ok' and not c['scenario']
      and c['key']['n'] == 2**28]
best = max(ok, key=lambda c: c['gbps'])
print(f"peak read {peak['read_gbps']:.1f} GB/s ({peak.get('read_shape', 'stream_read')}), "
      f"copy {peak['copy_gbps']:.1f} GB/s ({peak['bytes']} B)")
print(f"best float: {best['key']['kernel']} local {best['key']['local_size']}: median "
      f"{best['summary']['median_ns'] / 1e3:.1f} us over {len(best['rounds'])} rounds, {best['gbps']:.1f} GB/s = "
      f"{best['pct_of_peak']:.1f}% of the peak read")
PY
cat "$log"
