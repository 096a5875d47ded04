#!/usr/bin/env bash
# The reduction articles' table on the H100 (issue #14): reduce0...reduce6 down, local sizes 32...1024
# across, on the CUDA article's 268,436,690 ints (and the same count of floats), with the host
# baseline under each table and the best cell in GB/s against the measured streaming read.
# 512 and 1024 run under the default --wg-limit device (NVIDIA reports CL_KERNEL_WORK_GROUP_SIZE
# 256); a second, short run with --wg-limit kernel shows what trusting the query skips.
# Runs on the GPU machine like bench/h100.sh, from a folder holding gpu-reduce-prof,
# libOpenCL.so.1 and nvidia-opencl.sh (docs/measured-h100.md):
#   OUT=out bash bench/h100_matrix.sh .device
# Writes $OUT/h100-matrix.txt (console tables), $OUT/matrix.json (the profile) and
# $OUT/matrix.md (report --markdown). About 3 minutes of GPU time; commit them as
# bench/results/h100-matrix.txt, profiles/nvidia-h100-80gb-hbm3-matrix.{json,md}.
# DEV and N override the device and the size (a dry run elsewhere: DEV=0 N=2^16).
set -u
dev=${DEV:-nvidia}
n=${N:-268436690}
bin_dir=$(cd "${1:-.device}" && pwd)
out=${OUT:-.}
mkdir -p "$out"
g="$bin_dir/nvidia-opencl.sh $bin_dir/gpu-reduce-prof"
log=$out/h100-matrix.txt
: >"$log"
say() { echo "== $*" | tee -a "$log"; }

say "host"
{ nproc; grep -m1 "model name" /proc/cpuinfo; uptime; } >>"$log" 2>&1

say "the articles' table: reduce0-6, int and float, n = $n, local 32..1024 (--wg-limit device)"
$g run -d "$dev" -k 'reduce[0-6]' -t int,float -l 32,64,128,256,512,1024 -n "$n" \
  --max-time 0.3 --host-repeats 5 -q -o "$out/matrix.json" --force >>"$log" 2>&1
echo "exit $?" >>"$log"
$g report "$out/matrix.json" --markdown "$out/matrix.md" --force >>"$log" 2>&1

say "the same cells with GB/s"
$g report "$out/matrix.json" --markdown - --cells gbps 2>/dev/null |
  sed -n '/### Kernel x local size/,/^### /p' >>"$log"

say "--wg-limit kernel: what trusting CL_KERNEL_WORK_GROUP_SIZE skips"
$g run -d "$dev" -k reduce4,reduce6 -t int -l 256,512,1024 -n "$n" --wg-limit kernel \
  --samples 10 --rounds 2 --no-peak --host-repeats 0 -q -o /tmp/wg-kernel.json --force \
  >>"$log" 2>&1
echo "exit $?" >>"$log"

say "cases launched above the kernel's reported limit, and their verification"
python3 - "$out/matrix.json" >>"$log" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for c in p["cases"]:
    if "above_kernel_wg_limit" in c["extra"] or c["status"] != "ok":
        v = c["verification"]
        print(c["key"]["kernel"], c["key"]["type"], c["key"]["local_size"], c["status"],
              "kernel limit", c["extra"].get("above_kernel_wg_limit"),
              "exact", v.get("exact_ok"), "launches checked", v.get("launches_checked"),
              "wrong", v.get("wrong_launches"), c["reason"] or "")
for b in p["host_baselines"]:
    print("host", b["type"], b["n"], [(m["method"], m["threads"], m["median_ns"]) for m in b["methods"]])
print("phases", p["devices"][0]["phases_s"])
PY
cat "$log"
