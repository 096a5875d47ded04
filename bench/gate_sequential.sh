#!/usr/bin/env bash
# The sequential duet as a user runs it, at defaults: `run -k NEW/gs.json --duet BASE/gs.json`,
# which adds processes from 3 until every case of the candidate and of both A/A controls is
# decided (--budget: 10 processes on a GPU, 30 or 170 s on a CPU). BASE holds `gs`, a
# grid-stride float sum with a __local tree (bench/gate/gridstride_slow.cl, EXTRA=0); each
# variant's NEW holds `gs` again at EXTRA=V: 0 is an identical copy (any slower/faster is a
# false alarm), 5, 10 and 25 read that share more data. One candidate per invocation, variants
# interleaved (0, 10, 0, 10, ...) so that a drift of the machine lands on all of them.
# bench/gate_sequential.py counts the verdicts, the looks and the wall time, and judges each
# profile's first 3 processes as the old fixed design too.
#   bench/gate_sequential.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./gate-sequential), ITER (rounds of the variant list, 8),
# FIRST (index of the first, 1), VARIANTS ("0 10"), SWEEP ("-l 64,256 -n 2^20,2^22,2^24,2^26"),
# RUN_ARGS (extra run options, default none: the defaults are what is measured), KERNEL (slow:
# gridstride_slow.cl, copies that read V % more; delay: gridstride_delay.cl, NVIDIA only, copies
# that spin V % of their loop's cycles plus V % of FIXED_CYCLES), FIXED_CYCLES (0), DEVICE (-d's
# value, default the tool's), DEADLINE (epoch seconds: no invocation starts within 40 s of it).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-gate-sequential}
first=${FIRST:-1}
read -r -a variants <<<"${VARIANTS:-0 10}"
read -r -a sweep <<<"${SWEEP:--l 64,256 -n 2^20,2^22,2^24,2^26}"
read -r -a extra <<<"${RUN_ARGS:-}"
kernel=${KERNEL:-slow}
case $kernel in
  slow) options='-D EXTRA=%s' ;;
  delay) options="-D DELAY=%s -D FIXED_CYCLES=${FIXED_CYCLES:-0}" ;;
  *) echo "KERNEL is slow or delay, got '$kernel'" >&2; exit 2 ;;
esac
device=(${DEVICE:+-d "$DEVICE"})
entry() { # entry EXTRA
  printf '{"name": "gs", "entry": "gridstride_%s", "args": ["input", "output", "n", "local"],
 "build_options": "'"$options"'", "grid": {"elems_per_item": 1, "max_groups": "8*cu"},
 "local_size": {"pow2": true, "max": 1024}, "local_mem": {"elems_per_item": 1},
 "types": ["float"], "finish": "passes"}' "$kernel" "$1"
}
for v in base "${variants[@]}"; do
  dir=$out/spec_$v
  mkdir -p "$dir"
  cp "$root/bench/gate/gridstride_$kernel.cl" "$dir/"
  printf '{"spec_version": 1, "source": "gridstride_%s.cl", "kernels": [%s]}\n' "$kernel" \
    "$(entry "$([[ $v == base ]] && echo 0 || echo "$v")")" >"$dir/gs.json"
done
{
  echo "# $(date -u +%FT%TZ) $(uname -n); kernel $kernel${FIXED_CYCLES:+ FIXED_CYCLES=$FIXED_CYCLES}${DEVICE:+ -d $DEVICE}; run -k spec_V/gs.json --duet spec_base/gs.json ${sweep[*]} ${extra[*]}; variants ${variants[*]}; iterations $first..$((first + ${ITER:-8} - 1))"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$out/gate_sequential.txt"
for i in $(seq "$first" $((first + ${ITER:-8} - 1))); do
  for v in "${variants[@]}"; do
    if [[ -n ${DEADLINE:-} ]] && (($(date +%s) + 40 > DEADLINE)); then
      break 2
    fi
    t0=$(date +%s.%N)
    rc=0
    ${wrap:+"$wrap"} "$bin" run -k "$out/spec_$v/gs.json" --duet "$out/spec_base/gs.json" \
      "${device[@]}" "${sweep[@]}" "${extra[@]}" --force -o "$out/duet_${v}_$i.json" >/dev/null \
      2>>"$out/stderr.txt" || rc=$?
    echo "duet_${v}_$i.json $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b - a}') $rc" \
      >>"$out/wall.txt"
  done
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/gate_sequential.txt"
echo "written: $out"
