#!/usr/bin/env bash
# Ctrl-C during a run: the finished rounds are saved, the profile is marked incomplete and the
# exit status is 130. The signal is sent once the second round has begun, so the first round of
# every case has finished (not after a sleep: the test does not depend on how fast the machine
# is).
set -u
bin=$1; out=$2
rm -f "$out"
log=$(mktemp)
"$bin" run -k reduce2 -l 64,128,256,512,1024,2048,32,16,8 -n 2^18 --min-samples 20 --max-time 50 \
  --rounds 20 --no-peak -o "$out" --force 2>"$log" >/dev/null &
pid=$!
for _ in $(seq 1 600); do
  grep -q "round 2/" "$log" && break
  sleep 0.1
done
kill -INT $pid
wait $pid; rc=$?
cat "$log"
[[ $rc == 130 ]] || { echo "FAIL: exit $rc, expected 130"; exit 1; }
grep -q '"complete": false' "$out" || { echo "FAIL: profile not marked incomplete"; exit 1; }
grep -q '"status": "ok"' "$out" || { echo "FAIL: no finished case saved"; exit 1; }
grep -q '"incomplete_reason": "interrupted by SIGINT"' "$out" ||
  { echo "FAIL: no incomplete_reason"; exit 1; }
grep -q '"median_ns": [0-9]' "$out" || { echo "FAIL: no finished round saved"; exit 1; }
"$bin" validate "$out" || { echo "FAIL: saved profile does not validate"; exit 1; }
echo "ok: interrupted run saved its finished rounds"
