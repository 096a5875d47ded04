#!/usr/bin/env bash
# The quick/gate split on the GPU machine (#32): the default run's wall time before and after,
# side by side (bench/default_wall.sh; first invocations with NVIDIA's compute cache emptied, then
# warm), the --gate run's, an A/A of two quick runs and of two --gate runs through compare, and the
# gate benchmark (bench/gate_power.sh) with the new binary's --gate and the old binary's default
# (3 processes then), one after the other on one machine. Binaries and the ICD loader in .device/.
# Usage (repo root on the GPU machine, $OUT a folder): bench/h100_quick_gate.sh wall|gate-new|gate-old
set -u
w=$PWD/.device/nvidia-opencl.sh
new=$PWD/.device/gpu-reduce-prof
old=$PWD/.device/gpu-reduce-prof-before
nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv,noheader > "$OUT/gpu.txt" 2>&1
case $1 in
  wall)
    OUT=/tmp/wall-fresh FRESH=1 REPEAT=2 BEFORE=$old bench/default_wall.sh "$new" "$w" > "$OUT/wall-fresh.txt" 2>&1
    OUT=/tmp/wall-warm REPEAT=3 BEFORE=$old bench/default_wall.sh "$new" "$w" > "$OUT/wall-warm.txt" 2>&1
    OUT=/tmp/wall-gate ARGS=--gate REPEAT=3 bench/default_wall.sh "$new" "$w" > "$OUT/wall-gate.txt" 2>&1
    # One run against one, each the quick default: compare reads but does not gate.
    "$w" "$new" compare /tmp/wall-warm/gpu-reduce-prof-1.json /tmp/wall-warm/gpu-reduce-prof-2.json > "$OUT/aa-quick.txt" 2>&1
    echo "rc=$?" >> "$OUT/aa-quick.txt"
    "$w" "$new" compare /tmp/wall-gate/gpu-reduce-prof-1.json /tmp/wall-gate/gpu-reduce-prof-2.json > "$OUT/aa-gate.txt" 2>&1
    echo "rc=$?" >> "$OUT/aa-gate.txt"
    ;;
  gate-new)
    OUT=/tmp/gate-new bench/gate_power.sh "$new" "$w" > "$OUT/gate-new.log" 2>&1
    cp /tmp/gate-new/gate_power.txt "$OUT/gate-new.txt"
    ;;
  gate-old)
    SWEEP="-k reduce3,reduce5,reduce6,reduce_vec4 -l 64,256 -n 2^22,2^26" OUT=/tmp/gate-old \
      bench/gate_power.sh "$old" "$w" > "$OUT/gate-old.log" 2>&1
    cp /tmp/gate-old/gate_power.txt "$OUT/gate-old.txt"
    ;;
esac
