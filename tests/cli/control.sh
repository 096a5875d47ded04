#!/usr/bin/env bash
# run --clocks / --power-limit and --cool-down against a stand-in NVML (LIB:
# tests/unit/core/machine/control/stand_in_nvml_control.c) whose state lives in a file, on PoCL's
# CPU device (GRP_TEST_CONTROL_ANY_DEVICE=1 lets NVML "control" it): never a real GPU's settings.
# Usage: control.sh BIN LIB CASE OUT-DIR
#   applied      set for the run, put back at its end, the receipt in devices[].control
#   sigkill      the run killed with SIGKILL mid-run: its watchdog puts them back within 1 s
#   stale        run and watchdog both killed: the next run's start finds the lock and restores
#   no_permission  NVML refuses: the run goes on unlocked, the reason recorded
#   cpu_device   no test hook: a CPU device is not controlled, the reason recorded
#   cooldown     a hot GPU (95, 92, then 70 C; slowdown 90): the first round waits, recorded; a
#                GPU that stays at 95 C waits --cool-down-max once, and its later rounds not
set -u
bin=$1; lib=$2; name=$3; out=$4
rm -rf "$out"; mkdir -p "$out"
export GRP_NVML_LIBRARY=$lib GRP_STAND_IN_NVML_STATE=$out/state GRP_CONTROL_STATE_DIR=$out/locks
export GRP_TEST_CONTROL_ANY_DEVICE=1
json=$out/profile.json; log=$out/output.txt
quick=(run -k reduce2 -t float -l 64 -n '2^14' --runs 1 --rounds 2 --min-samples 3 --max-time 0
       --no-peak --host-repeats 0 -q --force -o "$json")
long=(run -k reduce2 -t float -l 64,128,256 -n '2^16' --runs 1 --rounds 200 --min-samples 50
      --no-peak --host-repeats 0 -q --force -o "$json")
failed=0
fail() { echo "FAIL ($name): $*"; failed=1; }
state_has() { grep -q "^$1\$" "$out/state" 2>/dev/null; }
# wait_for SECONDS KEY=VALUE: polls the stand-in's state every 20 ms.
wait_for() {
  local end=$(($(date +%s%N) + $1 * 1000000000))
  while ! state_has "$2"; do
    (($(date +%s%N) > end)) && return 1
    sleep 0.02
  done
  return 0
}
# profile EXPR...: Python expressions over d (the device's control record) and p.
profile() {
  python3 - "$json" "$@" <<'PY' || fail "the profile (above)"
import json, sys
p = json.load(open(sys.argv[1]))
d = p["devices"][0].get("control")
bad = [e for e in sys.argv[2:] if not eval(e)]
for e in bad:
    print("FAIL: profile: not", e)
print("control:", json.dumps(d))
sys.exit(1 if bad else 0)
PY
}

case $name in
applied)
  "$bin" "${quick[@]}" --clocks max,mem=2619 --power-limit 300 >"$log" 2>&1 || fail "exit $?"
  state_has "sm_locked=none" || fail "the SM clock was not put back"
  state_has "mem_locked=none" || fail "the memory clock was not put back"
  state_has "power_limit_mw=700000" || fail "the power limit was not put back"
  grep -q "applied clocks max, memory 2619 MHz, power limit 300 W" "$log" || fail "not said"
  profile 'd["applied"] and d["restored"]' 'd["clocks"] == "1980 MHz"' \
    'd["clocks_min_mhz"] == 1980 and d["memory_clock_mhz"] == 2619' \
    'd["power_limit_w"] == 300 and d["previous_power_limit_w"] == 700' 'd["why_not"] == []' \
    '"set the power limit back to 700 W" in d["restore"]'
  "$bin" validate "$json" >/dev/null || fail "the profile does not validate"
  [[ -z $(ls "$out/locks" 2>/dev/null) ]] || fail "a lock file stays: $(ls "$out/locks")"
  ;;
sigkill)
  "$bin" "${long[@]}" --clocks 1500 --power-limit 250 >"$log" 2>&1 &
  pid=$!
  wait_for 60 "sm_locked=1500-1500" || fail "the clocks were never locked"
  kill -KILL $pid
  wait $pid 2>/dev/null
  wait_for 1 "sm_locked=none" || fail "the SM clock was not put back within 1 s of SIGKILL"
  wait_for 1 "power_limit_mw=700000" || fail "the power limit was not put back within 1 s"
  sleep 0.2
  grep -q "ended before restoring GPU-0123abcd.*its watchdog did: reset the locked SM clock" \
    "$log" || fail "the watchdog did not say what it did"
  [[ -z $(ls "$out/locks" 2>/dev/null) ]] || fail "a lock file stays: $(ls "$out/locks")"
  ;;
stale)
  "$bin" "${long[@]}" --clocks base >"$log" 2>&1 &
  pid=$!
  wait_for 60 "sm_locked=base" || fail "the clocks were never locked"
  lock=$(ls "$out"/locks/control-*.lock)
  dog=$(sed -n 's/^watchdog_pid=//p' "$lock")
  kill -KILL "$dog"; kill -KILL $pid
  wait $pid 2>/dev/null
  sleep 0.5
  state_has "sm_locked=base" || fail "something restored although both were killed"
  "$bin" "${quick[@]}" >"$log" 2>&1 || fail "the next run: exit $?"
  grep -q "control: found a stale control lock .*run pid $pid.*reset the locked SM clock" \
    "$log" || fail "the next run did not report the stale lock"
  state_has "sm_locked=none" || fail "the stale lock was not undone"
  [[ ! -e $lock ]] || fail "the stale lock stays"
  ;;
no_permission)
  GRP_STAND_IN_NVML_FAIL=no_permission "$bin" "${quick[@]}" --clocks max --power-limit 300 \
    >"$log" 2>&1 || fail "exit $?: the run should go on unlocked"
  grep -q "not applied: clocks: NVML_ERROR_NO_PERMISSION" "$log" || fail "not said"
  profile 'not d["applied"]' 'd["clocks"] == "" and d["power_limit_w"] is None' \
    'any("clocks: NVML_ERROR_NO_PERMISSION (4)" in w for w in d["why_not"])' \
    'any("power limit: NVML_ERROR_NO_PERMISSION (4)" in w for w in d["why_not"])' \
    'len(p["cases"]) == 1 and p["cases"][0]["status"] == "ok"'
  [[ -z $(ls "$out/locks" 2>/dev/null) ]] || fail "a lock file stays: $(ls "$out/locks")"
  ;;
cpu_device)
  GRP_TEST_CONTROL_ANY_DEVICE=0 "$bin" "${quick[@]}" --clocks max >"$log" 2>&1 || fail "exit $?"
  profile 'not d["applied"]' 'd["requested"] == "clocks max"' \
    'd["why_not"][0].startswith("a CPU device: run sets clocks and power limits through NVML")'
  [[ ! -e $out/state ]] || fail "NVML was called for a CPU device"
  ;;
cooldown)
  GRP_STAND_IN_NVML_TEMPS=95,92,70 "$bin" "${quick[@]}" --cool-down 10 >"$log" 2>&1 ||
    fail "exit $?"
  python3 - "$json" <<'PY' || fail "the rounds' cool-down (above)"
import json, sys
p = json.load(open(sys.argv[1]))
waits = [r.get("conditions", {}).get("cooldown_s") for r in p["cases"][0]["rounds"]]
print("cooldown_s per round:", waits)
assert waits[0] is not None and waits[0] >= 0.45, waits
assert all(w is None for w in waits[1:]), waits
PY
  "$bin" validate "$json" >/dev/null || fail "the profile does not validate"
  GRP_STAND_IN_NVML_TEMPS=95 "$bin" "${quick[@]}" --cool-down-max 0.5 >"$log" 2>&1 || fail "exit $?"
  python3 - "$json" <<'PY' || fail "a GPU that never cools (above)"
import json, sys
p = json.load(open(sys.argv[1]))
waits = [r.get("conditions", {}).get("cooldown_s") for r in p["cases"][0]["rounds"]]
print("cooldown_s per round, never cooling:", waits)
assert waits[0] is not None and 0.5 <= waits[0] < 5, waits
assert all(w is None for w in waits[1:]), waits
PY
  ;;
*) echo "unknown case $name"; exit 2 ;;
esac
[[ $failed == 0 ]] || { echo "--- output:"; cat "$log"; exit 1; }
echo "ok: $name"
