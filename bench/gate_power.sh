#!/usr/bin/env bash
# The regression gate measured: how often does `compare` (default settings) fail identical runs
# (false alarms), and how often does it catch a real slowdown (detection)?
#   bench/gate_power.sh BIN [WRAPPER]      # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: OUT (folder, default ./gate-power), RUNS (identical runs, 10), SLOW_RUNS (runs
# per slowdown, 5), LEVELS (slowdowns in %, "5 10 25"), SWEEP (run options; default by device
# type), LOAD (none | bursty: a background process that keeps one core busy in random bursts),
# INJECT (work | spin, below), CAL (the SLOW counts calibration tries, e.g. "0 2048 4096" for
# longer kernels), FIXED (1: LEVELS are SLOW counts, not percentages),
# DEVICE (-d for every run), ANALYSE (0: only measure; run `python3 bench/gate_power.py analyse
# BIN OUT RUNS SLOW_RUNS "LEVELS"` elsewhere later, e.g. on a machine without the GPU).
# The slowdown is a copy of the built-in reduce_vec4 with SLOW extra multiply-adds per loaded
# vector (bench/gate/slow_vec4.cl), run through a user spec under the same name, reduce_vec4:
# exactly what a regression in a user's kernel looks like to the gate. INJECT=spin adds a fixed
# time instead (a chain of SLOW dependent multiply-adds per work-item, whatever n: the way to
# slow a latency-bound 20 us kernel by 10 %; give it a sweep of one n). SLOW is calibrated for
# each level in one side-by-side run first; the slowdown each level really had is measured
# from the runs themselves and printed. bench/gate_power.py does the pairing and counting.
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
out=${OUT:-gate-power}
runs=${RUNS:-10}
slow_runs=${SLOW_RUNS:-5}
levels=${LEVELS:-"5 10 25"}
load=${LOAD:-none}
mkdir -p "$out"
out=$(realpath "$out")
g() { ${wrap:+"$wrap"} "$bin" "$@"; }
dev=()
[[ -n ${DEVICE:-} ]] && dev=(-d "$DEVICE")

if [[ -z ${SWEEP:-} ]]; then
  if g platforms "${dev[@]}" 2>/dev/null | grep -q "type .*gpu"; then
    SWEEP="-k reduce3,reduce5,reduce6,reduce_vec4 -l 64,256 -n 2^22,2^26 --gate"
  else
    SWEEP="-k reduce6,reduce_vec4 -l 64,256 -n 2^20,2^22 --gate"
  fi
fi
# The sweep without its -k (each run names its kernels), the kernels, and those not slowed.
kernels=$(sed -E 's/.*-k ([^ ]+).*/\1/' <<<"$SWEEP")
read -r -a sweep <<<"$(sed -E 's/-k [^ ]+//' <<<"$SWEEP")"
others=$(tr ',' '\n' <<<"$kernels" | grep -v '^reduce_vec4$' | paste -sd, || true)

# The slow kernel: kernels/reduce.cl plus the SLOW variant, and a spec naming it $1 at SLOW=$2.
mkdir -p "$out/spec"
cat "$root/kernels/reduce.cl" "$here/gate/slow_vec4.cl" >"$out/spec/slow_vec4.cl"
inject=${INJECT:-work}
case $inject in
  work) macro=SLOW; what="multiply-adds per vector"; cal=(0 1 2 4 8 12 16 24 32 48 64) ;;
  spin) macro=SPIN; what="dependent multiply-adds per work-item"
        cal=(0 16 32 64 96 128 192 256 384 512 768 1024 1536 2048) ;;
  *) echo "INJECT must be work or spin, got '$inject'" >&2; exit 2 ;;
esac
[[ -n ${CAL:-} ]] && read -r -a cal <<<"$CAL"
slow_spec() { # slow_spec NAME SLOW > spec.json
  cat <<EOF
{"spec_version": 1, "source": "slow_vec4.cl", "kernels": [{"name": "$1",
 "entry": "reduce_vec4_slow", "description": "reduce_vec4 + $2 $what",
 "args": ["input", "output", "n", "local", {"const": "float", "value": 1},
          {"const": "float", "value": 0}],
 "build_options": "-D T={type} -D blockSize={local_size} -D nIsPow2={n_is_pow2} -D $macro=$2",
 "grid": {"elems_per_item": 4, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "types": ["float"], "finish": "passes"}]}
EOF
}

loadgen_pid=""
start_load() {
  [[ $load == bursty ]] || return 0
  ( while :; do
      b=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.2 + 1.8 * r / 32767 }')
      i=$(awk -v r=$RANDOM 'BEGIN { printf "%.2f", 0.2 + 1.8 * r / 32767 }')
      timeout "$b" sh -c 'while :; do :; done' || true
      sleep "$i"
    done ) &
  loadgen_pid=$!
}
stop_load() { [[ -n $loadgen_pid ]] && kill "$loadgen_pid" 2>/dev/null; wait 2>/dev/null || true; }
trap stop_load EXIT

log=$out/gate_power.txt
{
  echo "# $(date -u +%FT%TZ) $(uname -n); load=$load; sweep: $SWEEP; runs=$runs slow_runs=$slow_runs; inject=$inject"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
  g platforms "${dev[@]}" 2>&1 | sed -n '1,12p' | sed 's/^/# /'
} >"$log"

# 1. Calibrate SLOW per level: the copies side by side with the built-in in one run, before the
#    load starts (under bursty load a 3-round calibration moved by +-80 % and chose SLOW=0).
# FIXED=1: LEVELS are the counts themselves (no calibration; the analysis still measures what
# each one did to every case).
declare -A slow_of
if [[ ${FIXED:-0} == 1 ]]; then
  for level in $levels; do slow_of[$level]=$level; done
  cal=()
fi
for k in "${cal[@]}"; do slow_spec "slowcal_$k" "$k" >"$out/spec/cal_$k.json"; done
ks=$(printf "$out/spec/cal_%s.json," "${cal[@]}")
cal_sweep=() # the sweep without its --rounds and --runs: calibration is 5 rounds, default runs
for ((j = 0; j < ${#sweep[@]}; j++)); do
  case ${sweep[j]} in --rounds | --runs) ((j += 1)) ;; *) cal_sweep+=("${sweep[j]}") ;; esac
done
[[ ${#cal[@]} -gt 0 ]] && g run "${dev[@]}" "${cal_sweep[@]}" -k "reduce_vec4,${ks%,}" --rounds 5 --no-peak -q --force \
  -o "$out/calibrate.json" >/dev/null 2>>"$out/run_stderr.txt"
for level in $levels; do
  [[ ${FIXED:-0} == 1 ]] && break
  slow_of[$level]=$(python3 "$here/gate_power.py" calibrate "$out/calibrate.json" "$level")
  echo "# level ${level}%: $macro=${slow_of[$level]}" >>"$log"
done
start_load

# 2. Identical runs and slowed runs, alternated so drift lands on both.
time_run() { # time_run OUTPUT ARGS...: one run, its wall time appended to the log
  local o=$1; shift
  local t0=$(date +%s.%N)
  g run "${dev[@]}" "$@" -q --force -o "$o" >/dev/null 2>>"$out/run_stderr.txt"
  echo "# $(basename "$o"): $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.1f", b-a}') s, load $(cut -d' ' -f1 /proc/loadavg)" >>"$log"
}
for i in $(seq 1 "$runs"); do
  time_run "$out/base_$i.json" "${sweep[@]}" -k "$kernels"
  for level in $levels; do
    if [[ $i -le $slow_runs ]]; then
      slow_spec reduce_vec4 "${slow_of[$level]}" >"$out/spec/slow_$level.json"
      time_run "$out/slow_${level}_$i.json" "${sweep[@]}" -k "${others:+$others,}$out/spec/slow_$level.json"
    fi
  done
done
stop_load
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"

# 3. Every pair through compare (default settings), counted.
[[ ${ANALYSE:-1} == 0 ]] && { echo "written: $log (not analysed)"; exit 0; }
python3 "$here/gate_power.py" analyse "$bin" "$out" "$runs" "$slow_runs" "$levels" \
  ${wrap:+--wrap "$wrap"} | tee -a "$log"
echo "written: $log"
