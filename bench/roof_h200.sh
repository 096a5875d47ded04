#!/usr/bin/env bash
# The read roof of #52 item 3 on one GPU: does an honest sweep stay clear of `implausible`, what
# do the roofs cost, and is a low roof caught?
#   1. sweep: run -k reduce6,reduce_vec4,reduce_single -t float,int -l 256 -n SIZES --rounds 5 -q,
#      OLD (no roofs) and NEW alternating, PAIRS pairs, each a fresh process: exit status, wall
#      time, the peak phase, the statuses, and (NEW) each size's roof and the highest case/roof.
#   2. a faked low roof: NEW under the fault layer (LIB) with stamps=slow:SLOW:stream_read (the
#      roof's GPU read shape timed SLOW x too slow): cases at over 2/SLOW of the true roof must
#      end implausible, run exits 1.
#   3. the red team (tests/cli/redteam.sh) with NEW: every kernel caught.
# Usage (on the GPU machine; WRAPPER puts the OpenCL driver in reach, e.g. .device/nvidia-opencl.sh):
#   WRAPPER bench/roof_h200.sh OLD-BIN NEW-BIN FAULT-LIB [OUTDIR]
# Environment: PAIRS (2), SIZES (2^10,2^12,...,2^28), SLOW (20).
# Writes OUTDIR/results.txt, OUTDIR/profiles/*.json (+ .log) and OUTDIR/summary.txt
# (bench/roof_h200.py OUTDIR: per profile the statuses, and each size's roof and highest case/roof).
set -uo pipefail
old=$(realpath "$1") new=$(realpath "$2") lib=$(realpath "$3")
out=${4:-roof-h200}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pairs=${PAIRS:-2} slow=${SLOW:-20}
sizes=${SIZES:-2^10,2^12,2^14,2^16,2^18,2^20,2^22,2^24,2^26,2^28}
mkdir -p "$out/profiles"
res=$out/results.txt
: >"$res"
log() { printf '%s\n' "$*" | tee -a "$res"; }
now() { date +%s.%N; }
sweep=(run -k reduce6,reduce_vec4,reduce_single -t float,int -l 256 -n "$sizes" --rounds 5 -q)

log "# roof_h200.sh $(date -u +%FT%TZ) host $(uname -n), $(nproc) cores, $(uname -r)"
log "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
if command -v nvidia-smi >/dev/null; then
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,temperature.gpu,power.draw \
    --format=csv,noheader 2>&1 | sed 's/^/# nvidia-smi: /' | tee -a "$res"
fi
for v in old new; do
  bin=$old; [[ $v == new ]] && bin=$new
  log "# $v: $bin, sha256 $(sha256sum "$bin" | cut -c1-16), $("$bin" --version 2>&1 | head -1)"
done

log "== 1. sweep: ${sweep[*]}"
for ((i = 1; i <= pairs; i++)); do
  for v in old new; do
    bin=$old; [[ $v == new ]] && bin=$new
    t0=$(now)
    "$bin" "${sweep[@]}" -o "$out/profiles/$v-$i.json" >"$out/profiles/$v-$i.log" 2>&1
    rc=$?
    log "sweep $v #$i rc=$rc wall $(python3 -c "print('%.2f s' % ($(now) - $t0))")"
  done
done

log "== 2. faked low roof: GRP_FAULT=stamps=slow:$slow:stream_read NEW ${sweep[*]}"
t0=$(now)
GRP_FAULT=stamps=slow:$slow:stream_read LD_PRELOAD=$lib "$new" "${sweep[@]}" \
  -o "$out/profiles/fault.json" >"$out/profiles/fault.log" 2>&1
log "fault rc=$? wall $(python3 -c "print('%.2f s' % ($(now) - $t0))")"
grep -c '^implausible: ' "$out/profiles/fault.log" | sed 's/^/fault implausible lines: /' | tee -a "$res"

log "== 3. red team with NEW"
mapfile -t kernels < <(python3 -c 'import re,sys; print("\n".join(re.search(r"foreach\(k\s+([^)]*)\)", open(sys.argv[1]).read()).group(1).split()))' "$root/tests/cli/redteam.cmake")
for k in "${kernels[@]}" rt_sniff_deep; do
  n=; [[ $k == rt_sniff_deep ]] && n=2^22
  log "rt $k | $(bash "$root/tests/cli/redteam.sh" "$new" "$root/tests/data/redteam" "$k" $n 2>&1 | tail -1)"
done
log "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 "$root/bench/roof_h200.py" "$out" >"$out/summary.txt" 2>&1
cat "$out/summary.txt"
