#!/usr/bin/env bash
# #46's duet benchmark on a machine of two NVIDIA GPUs (the device tool's nvidia-h200-x2): the
# variants of bench/gate_sequential.sh split over the two cards, each card running its own
# interleaved list one invocation at a time (card 0: VARIANTS0, default "0 10"; card 1:
# VARIANTS1, "5 25"), with KERNEL=delay copies whose FIXED_CYCLES is calibrated first on card 0
# (bench/gate_calibrate.py: two short duets of the +25 % copy) unless given. Stops starting
# invocations SECONDS after it began. Leaves in OUTDIR: each card's folder, the summaries of
# bench/gate_sequential.py, and compare's JSON of every duet packed (the profiles stay behind:
# they are larger than what the device tool brings back).
#   bench/gate_sequential_x2.sh BIN WRAPPER OUTDIR SECONDS   # FIRST=K continues a numbering
set -euo pipefail
bin=$(realpath "$1")
wrap=$(realpath "$2")
out=$3
deadline=$(($(date +%s) + $4))
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$out"
export CUDA_DEVICE_ORDER=PCI_BUS_ID
grp="$out/grp"
printf '#!/usr/bin/env bash\nexec "%s" "%s" "$@"\n' "$wrap" "$bin" >"$grp"
chmod +x "$grp"
"$grp" list >"$out/devices.txt" 2>&1 || true
nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,clocks.max.sm --format=csv \
  >>"$out/devices.txt" 2>&1 || true
if [[ -z ${FIXED_CYCLES:-} ]]; then
  for f in 0 40000; do
    OUT=$out/calibrate_$f KERNEL=delay FIXED_CYCLES=$f ITER=1 VARIANTS=25 DEVICE=0 \
      RUN_ARGS="--runs 4" "$here/gate_sequential.sh" "$bin" "$wrap" >/dev/null
  done
  if FIXED_CYCLES=$(python3 "$here/gate_calibrate.py" "$grp" 25 "$out/calibrate_0/duet_25_1.json" \
    40000 "$out/calibrate_40000/duet_25_1.json" 2>"$out/calibrate.txt"); then
    echo "FIXED_CYCLES=$FIXED_CYCLES" >>"$out/calibrate.txt"
    KERNEL=delay
  else # the delay kernel did not build or run here: the load copies instead
    echo "calibration failed: KERNEL=slow" >>"$out/calibrate.txt"
    KERNEL=slow
  fi
fi
export FIXED_CYCLES KERNEL=${KERNEL:-delay} DEADLINE=$deadline ITER=${ITER:-40}
OUT=$out/card0 DEVICE=0 VARIANTS=${VARIANTS0:-0 10} "$here/gate_sequential.sh" "$bin" "$wrap" &
OUT=$out/card1 DEVICE=1 VARIANTS=${VARIANTS1:-5 25} "$here/gate_sequential.sh" "$bin" "$wrap" &
wait
for card in card0 card1; do
  python3 "$here/gate_sequential.py" "$grp" "$out/$card" >"$out/summary_$card.txt" 2>&1 || true
  for f in "$out/$card"/duet_*_[0-9]*.json; do
    [[ $f == *.compare.json ]] && continue
    "$grp" compare "$f" --json >"${f%.json}.compare.json" 2>/dev/null || true
  done
done
