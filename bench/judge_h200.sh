#!/usr/bin/env bash
# What the stricter judge of #52 costs and what it catches, old binary against new, on one GPU:
#   1. overhead: the same quick run, invoked old, new, old, new, ... (PAIRS pairs, alternating so
#      that drift of the machine falls on both), each a fresh process:
#        run -k reduce6,reduce_vec4,reduce_single -t float -l 256 -n SIZES --rounds 10 -q -o P.json
#      the process's wall time (outside, and the profile's runs[0].wall_s and phases_s) and every
#      case's median; bench/judge_h200.py sets each new invocation against the old one before it.
#   2. the red team: tests/cli/redteam.sh for every kernel of tests/cli/redteam.cmake (the
#      foreach list, then rt_sniff_deep at 2^22), with both binaries, RT_REPS times over. For
#      rt_race_tail the script also runs `check`, which needs Oclgrind: where it is missing that
#      line is a FAIL of the script's setup, not a verdict, so the same kernel is also run through
#      a copy of redteam.sh with the check step left out (marked run-only): the run's own verdict.
# Usage (on the GPU machine; WRAPPER puts the OpenCL driver in reach, e.g. .device/nvidia-opencl.sh):
#   WRAPPER bench/judge_h200.sh OLD-BIN NEW-BIN [OUTDIR]
# Environment: RUN_ARGS (the overhead runs' arguments instead of the GPU sweep, e.g. "-q" for the
# default run on PoCL), PAIRS (3), SIZES (2^16,2^20,2^24,2^26), RT_REPS (2), RT_DEADLINE_S (360: no red-team
# repetition after the first starts once this many seconds have passed since the start), WARMUP
# (0; 1: one untimed invocation of each binary first, old then new, kept as profiles/warmup-V.json
# but left out of the pairs: the first invocation of a fresh machine also fills the driver's
# kernel cache and pays the compile, which the binary after it does not).
# Writes OUTDIR/results.txt (every line below), OUTDIR/profiles/{old,new}-I.json (+ .log),
# OUTDIR/bench_index.txt, OUTDIR/help-{old,new}.txt and OUTDIR/summary.txt (bench/judge_h200.py).
set -uo pipefail
old=$(realpath "$1") new=$(realpath "$2")
out=${3:-judge-h200}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pairs=${PAIRS:-3} sizes=${SIZES:-2^16,2^20,2^24,2^26} reps=${RT_REPS:-2}
deadline=${RT_DEADLINE_S:-360}
mkdir -p "$out/profiles"
res=$out/results.txt
: >"$res"
: >"$out/bench_index.txt"
log() { printf '%s\n' "$*" | tee -a "$res"; }
now() { date +%s.%N; }
start=$(date +%s)

log "# judge_h200.sh $(date -u +%FT%TZ) host $(uname -n), $(nproc) cores, $(uname -r)"
log "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
log "# python3: $(python3 --version 2>&1 || echo missing)"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,pci.bus_id,clocks.max.sm,clocks.sm,temperature.gpu,power.draw,utilization.gpu \
    --format=csv 2>&1 | sed 's/^/# nvidia-smi: /' | tee -a "$res"
fi
for v in old new; do
  bin=$old; [[ $v == new ]] && bin=$new
  log "# $v: $bin, sha256 $(sha256sum "$bin" | cut -c1-16), $("$bin" --version 2>&1 | head -1)"
  "$bin" run --help >"$out/help-$v.txt" 2>&1
done
"$new" platforms 2>&1 | sed 's/^/# platforms: /' | tee -a "$res"

# 1. overhead, ABAB...
if [[ -n ${RUN_ARGS:-} ]]; then
  read -ra sweep <<<"$RUN_ARGS"
else
  sweep=(-k reduce6,reduce_vec4,reduce_single -t float -l 256 -n "$sizes" --rounds 10 -q)
fi
log "== overhead: run ${sweep[*]}"
if [[ ${WARMUP:-0} == 1 ]]; then
  for v in old new; do
    bin=$old; [[ $v == new ]] && bin=$new
    t0=$(now)
    "$bin" run "${sweep[@]}" -o "$out/profiles/warmup-$v.json" >"$out/profiles/warmup-$v.log" 2>&1
    rc=$?
    t1=$(now)
    log "warmup $v rc=$rc outside wall $(python3 -c "print('%.2f s' % ($t1 - $t0))") (not in the pairs)"
  done
fi
for ((i = 1; i <= pairs; i++)); do
  for v in old new; do
    bin=$old; [[ $v == new ]] && bin=$new
    p=$out/profiles/$v-$i.json
    t0=$(now)
    "$bin" run "${sweep[@]}" -o "$p" >"$out/profiles/$v-$i.log" 2>&1
    rc=$?
    t1=$(now)
    echo "$v $i $rc $t0 $t1 $(cut -d' ' -f1 /proc/loadavg)" >>"$out/bench_index.txt"
    log "bench $v #$i rc=$rc outside wall $(python3 -c "print('%.2f s' % ($t1 - $t0))") load $(cut -d' ' -f1 /proc/loadavg)"
    [[ $rc == 0 ]] || sed 's/^/    | /' "$out/profiles/$v-$i.log" | tail -20 | tee -a "$res"
  done
done
log "# load average after the overhead runs: $(cut -d' ' -f1-3 /proc/loadavg)"

# 2. the red team
mapfile -t kernels < <(python3 - "$root/tests/cli/redteam.cmake" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"foreach\(k\s+([^)]*)\)", text)
for k in m.group(1).split():
    print(k)
PY
)
runonly=$(mktemp /tmp/redteam_runonly.XXXXXX.sh)
sed 's/^if \[\[ \$kernel == rt_race_tail \]\]; then$/if false; then  # run-only copy: check left out/' \
  "$root/tests/cli/redteam.sh" >"$runonly"
grep -q '^if false; then  # run-only copy' "$runonly" || log "# WARNING: the run-only copy of redteam.sh was not patched"
log "== red team: tests/cli/redteam.sh BIN tests/data/redteam KERNEL [N] (N 2^18 unless given, local 64, RT_FASTER ${RT_FASTER:-0.8})"
log "# kernels from redteam.cmake: ${kernels[*]}; then rt_sniff_deep 2^22"
rt() {  # rt REP V SCRIPT-LABEL SCRIPT KERNEL [N]
  local rep=$1 v=$2 label=$3 script=$4 k=$5 n=${6:-} bin line rc t0 t1
  bin=$old; [[ $v == new ]] && bin=$new
  t0=$(now)
  line=$(bash "$script" "$bin" "$root/tests/data/redteam" "$k" $n 2>&1)
  rc=$?
  t1=$(now)
  while IFS= read -r l; do
    log "rt rep=$rep bin=$v script=$label kernel=$k rc=$rc t=$(python3 -c "print('%.1f' % ($t1 - $t0))")s | $l"
  done <<<"$line"
}
for ((r = 1; r <= reps; r++)); do
  if ((r > 1 && $(date +%s) - start > deadline)); then
    log "# red-team repetition $r skipped: $(($(date +%s) - start)) s spent (RT_DEADLINE_S $deadline)"
    break
  fi
  for k in "${kernels[@]}" rt_sniff_deep; do
    n=; [[ $k == rt_sniff_deep ]] && n=2^22
    for v in old new; do
      rt "$r" "$v" full "$root/tests/cli/redteam.sh" "$k" $n
      [[ $k == rt_race_tail ]] && rt "$r" "$v" run-only "$runonly" "$k"
    done
  done
done
rm -f "$runonly"
log "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg); $(($(date +%s) - start)) s in all"
python3 "$root/bench/judge_h200.py" "$out" >"$out/summary.txt" 2>&1 || echo "judge_h200.py failed" >>"$out/summary.txt"
cat "$out/summary.txt"
