#!/usr/bin/env bash
# SIGTERM while a launch hangs (#70): the runner never gets back to poll for the signal, so the
# signal thread counts it again after its grace (3 s) and the last checkpoint is written: the
# run ends within seconds with exit 143, keeping the case finished before the hang. Before, the
# run ignored SIGTERM for as long as the kernel ran (forever).
# The two sizes are two groups (GRP_TEST_GROUP_BYTES): n = 4096 finishes, n = 5000 hangs.
# Usage: hang_signal.sh BIN OUT HANG_SPEC
set -u
bin=$1; out=$2; spec=$3
rm -f "$out"
log=$(mktemp)
GRP_TEST_GROUP_BYTES=1 "$bin" run -k "$spec" -t int -n 4096,5000 -l 1 --rounds 2 --min-samples 2 \
  --max-samples 2 --warmup 1 --round-spacing 0 --runs 1 --no-peak --launch-timeout 600 -o "$out" --force \
  2>"$log" >/dev/null &
pid=$!
# The first group's case is printed once published; the second group's build starts then.
for _ in $(seq 1 1200); do
  grep -q "\[1/1\] hang_sum" "$log" && break
  sleep 0.1
done
sleep 2 # into the hung verification
kill -0 $pid 2>/dev/null || { cat "$log"; echo "FAIL: the run ended before the signal"; exit 1; }
kill -TERM $pid
gone=0
for _ in $(seq 1 100); do
  if ! kill -0 $pid 2>/dev/null; then gone=1; break; fi
  sleep 0.1
done
[[ $gone == 1 ]] || { kill -9 $pid; cat "$log"; echo "FAIL: still running 10 s after SIGTERM"; exit 1; }
wait $pid; rc=$?
cat "$log"
[[ $rc == 143 ]] || { echo "FAIL: exit $rc, expected 143"; exit 1; }
grep -q "SIGTERM not obeyed within 3 s" "$log" || { echo "FAIL: no word of the grace"; exit 1; }
python3 - "$out" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
assert not p["complete"], "not marked incomplete"
ok = [c for c in p["cases"] if c["key"]["n"] == 4096 and c["status"] == "ok" and c["rounds"]]
assert ok, "the finished case was not kept"
PY
"$bin" validate "$out" >/dev/null || { echo "FAIL: the profile does not validate"; exit 1; }
echo "ok: SIGTERM during a hung launch ended the run in seconds, keeping the finished case"
