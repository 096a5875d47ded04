#!/usr/bin/env bash
# Real points for the history benchmark: N invocations of one sweep, back to back, each a
# profile (one point per case in history's terms), so the spread between invocations, processes
# and rounds is the device's own. bench/history_detect.py then injects steps and drifts into
# series drawn from these points and counts what `history` finds.
#   bench/history_collect.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./history-points), N (invocations, 40), SWEEP (default
# "-k reduce6,reduce_vec4 -t float -l 256 -n 2^20,2^22,2^24,2^26"), RUN_ARGS (extra run options;
# the default is run's own: one process, as a CI job on each merge would run it).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
out=${OUT:-history-points}
read -r -a sweep <<<"${SWEEP:--k reduce6,reduce_vec4 -t float -l 256 -n 2^20,2^22,2^24,2^26}"
read -r -a extra <<<"${RUN_ARGS:-}"
mkdir -p "$out"
{
  echo "# $(date -u +%FT%TZ) $(uname -n); run ${sweep[*]} ${extra[*]}; ${N:-40} invocations"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$out/collect.txt"
for i in $(seq -w 1 "${N:-40}"); do
  start=$(date +%s.%N)
  rc=0
  ${wrap:+"$wrap"} "$bin" run "${sweep[@]}" "${extra[@]}" -q --force -o "$out/p$i.json" \
    >"$out/run$i.log" 2>&1 || rc=$?
  printf 'invocation %s exit %s wall %.1f s\n' "$i" "$rc" "$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print e - s }')" \
    >>"$out/collect.txt"
  [[ $rc -eq 0 ]] || tail -3 "$out/run$i.log" >>"$out/collect.txt"
  rm -f "$out/run$i.log"
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/collect.txt"
