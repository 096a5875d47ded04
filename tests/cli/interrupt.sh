#!/usr/bin/env bash
# A signal during a run (Ctrl-C, SIGTERM from CI or `timeout`, SIGHUP from a closed terminal):
# the finished cases are saved, the profile is marked incomplete and the exit status is
# 128 + the signal. The signal is sent once the first round of every case has finished (not
# after a sleep), so the test does not depend on how fast the machine is.
# Usage: interrupt.sh BIN OUT [SIGNAL]   (SIGNAL: INT, TERM or HUP; default INT)
set -u
bin=$1; out=$2; sig=${3:-INT}
rm -f "$out"
log=$(mktemp)
"$bin" run -k reduce2 -l 64,128,256,512,1024,2048,32,16,8 -n 2^18 --min-samples 20 --max-time 50 \
  --rounds 20 --runs 1 --no-peak -o "$out" --force 2>"$log" >/dev/null &
pid=$!
# "round 2/20" is printed when round 1 has finished and been published.
for _ in $(seq 1 1200); do
  grep -q "round 2/" "$log" && break
  sleep 0.1
done
kill -"$sig" $pid
wait $pid; rc=$?
cat "$log"
want=$((128 + $(kill -l "$sig")))
[[ $rc == "$want" ]] || { echo "FAIL: exit $rc, expected $want (SIG$sig)"; exit 1; }
grep -q '"complete": false' "$out" || { echo "FAIL: profile not marked incomplete"; exit 1; }
grep -q "\"incomplete_reason\": \"interrupted by SIG$sig\"" "$out" ||
  { echo "FAIL: the reason does not name SIG$sig"; exit 1; }
grep -q '"status": "ok"' "$out" || { echo "FAIL: no finished case saved"; exit 1; }
# A case's progress line gives its time, or says it was not timed: never a bare "ok" (#50).
! grep -E ': ok$' "$log" || { echo "FAIL: a progress line says ok without a time"; exit 1; }
grep -q '"median_ns": [0-9]' "$out" || { echo "FAIL: no finished round saved"; exit 1; }
"$bin" validate "$out" || { echo "FAIL: saved profile does not validate"; exit 1; }
echo "ok: SIG$sig saved the finished cases, exit $rc"
