#!/usr/bin/env bash
# Two signals while a kernel runs for seconds (a user kernel that loops): the second one stops
# the process at once, without waiting for the kernel, and the last checkpoint (the rounds
# finished before) is written as an incomplete profile. Exit 130.
# Usage: second_signal.sh BIN OUT SLOW_SPEC
set -u
bin=$1; out=$2; spec=$3
rm -f "$out"
log=$(mktemp)
"$bin" run -k "$spec" -t int -n 64 -l 1 --rounds 3 --min-samples 1 --max-samples 1 --warmup 0 \
  --round-spacing 0 --runs 1 --no-peak -o "$out" --force 2>"$log" >/dev/null &
pid=$!
# Round 1 ends with a checkpoint; "round 2/3" is printed as round 2's first launch starts.
for _ in $(seq 1 1200); do
  grep -q "round 2/3" "$log" && break
  sleep 0.1
done
grep -q "round 2/3" "$log" || { cat "$log"; echo "FAIL: round 2 never started"; kill -9 $pid; exit 1; }
sleep 0.5
kill -INT $pid
sleep 0.3
kill -INT $pid
# A launch takes seconds; the process must be gone long before the kernel could end.
gone=0
for _ in $(seq 1 20); do
  if ! kill -0 $pid 2>/dev/null; then gone=1; break; fi
  sleep 0.1
done
wait $pid; rc=$?
cat "$log"
[[ $gone == 1 ]] || { echo "FAIL: still running 2 s after the second signal"; exit 1; }
[[ $rc == 130 ]] || { echo "FAIL: exit $rc, expected 130"; exit 1; }
grep -q "stopped by a second SIGINT: finished rounds saved" "$log" ||
  { echo "FAIL: no message about the saved rounds"; exit 1; }
grep -q '"complete": false' "$out" || { echo "FAIL: profile not marked incomplete"; exit 1; }
grep -q '"status": "ok"' "$out" || { echo "FAIL: the finished round was not kept"; exit 1; }
"$bin" validate "$out" || { echo "FAIL: saved profile does not validate"; exit 1; }
echo "ok: the second SIGINT stopped the run at once and kept the finished round"
