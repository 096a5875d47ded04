#!/usr/bin/env bash
# Issue #48's smaller items that need a script (hardening48.cmake):
#   empty-values           run --duet '' and --resume '': exit 2, never "not given"
#   dry-run-cold           --dry-run of --cache cold counts each launch chain's flush
#   gate-full              run --gate -o FULL/p.json: the part rescued and merged, the profile rescued
#   stopped-child          a stopped process of --runs is named after 2 s; SIGINT still ends
#   long-pair-name         compare --pair with a 100 KB kernel name: exit 2, the name cut
#   sigint-while-building  SIGINT while run builds its cases: no case saved as `ok` without a
#                          single timed round (report would say "Verification: 1 ok")
# Usage: hardening48.sh BIN DATA CASE
set -u
# Under the sanitizer build these runs launch kernels on PoCL, whose threads can crash
# LeakSanitizer's tracer at exit (a sanitizer-runtime bug, google/sanitizers#1353): ASan
# still checks them; leaks are the unit tests' job.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
bin=$1 data=$2 case=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
case $case in
empty-values)
  for opt in --duet --resume; do
    out=$("$bin" run "$opt" "" -k reduce2 --dry-run -o "$work/p.json" 2>&1); rc=$?
    [[ $rc == 2 ]] || fail "$opt '': exit $rc, expected 2: $out"
    grep -q -- "$opt: is empty; give" <<<"$out" || fail "$opt '': $out"
  done
  echo "ok: --duet '' and --resume '' are usage errors"
  ;;
dry-run-cold)
  # Each cold launch chain first writes and reads the flush scratch (2.4 GiB on PoCL here): the
  # estimate of a cold run's rounds must count it, so it exceeds the warm one's.
  rounds_s() { # CACHE: the estimate's rounds part, in seconds
    local line; line=$("$bin" run --dry-run --cache "$1" -k reduce2 -l 64 -n 2^16 --runs 1 \
      --no-peak -o "$work/d.json" 2>&1 | grep -o "rounds [0-9hmins. ]*," | head -1)
    python3 -c '
import re, sys
t = sys.argv[1]; s = 0.0
for v, u in re.findall(r"([0-9.]+) (h|min|s)\b", t):
    s += float(v) * {"h": 3600, "min": 60, "s": 1}[u]
print(s)' "$line"
  }
  cold=$(rounds_s cold) warm=$(rounds_s warm)
  python3 -c "import sys; sys.exit(0 if $cold > 2 * $warm else 1)" ||
    fail "--cache cold estimates $cold s of rounds, warm $warm s: the flushes are not counted"
  echo "ok: rounds estimated $cold s cold, $warm s warm"
  ;;
long-pair-name)
  name=$(head -c 100000 /dev/zero | tr '\0' x)
  out=$("$bin" compare "$data/compare/duet_controlled.json" --pair "base:reduce6=$name" 2>&1)
  rc=$?
  [[ $rc == 2 ]] || fail "exit $rc, expected 2: ${out:0:500}"
  ((${#out} < 2000)) || fail "a message of ${#out} bytes"
  grep -q 'xxx\.\.\.' <<<"$out" || fail "the name is not shown cut: $out"
  echo "ok: ${#out} bytes: $out"
  ;;
sigint-while-building)
  log=$work/log
  "$bin" run -k 'reduce*' -t int,float,double -l 64,128,256 -n 1000 --runs 1 --no-peak \
    -o "$work/p.json" 2>"$log" >/dev/null &
  pid=$!
  for _ in $(seq 1 300); do grep -q "building" "$log" && break; sleep 0.05; done
  kill -INT $pid
  wait $pid; rc=$?
  [[ $rc == 130 ]] || fail "exit $rc, expected 130: $(tail -5 "$log")"
  if [[ -e $work/p.json ]]; then
    python3 - "$work/p.json" <<'PY' || fail "a case saved as ok without a timed round"
import json, sys
p = json.load(open(sys.argv[1]))
bad = [c["key"]["kernel"] for c in p["cases"] if c["status"] == "ok" and not c["rounds"]]
assert not bad, bad
PY
  fi
  echo "ok: exit 130; no case ok without a round"
  ;;
gate-full)
  # run --gate into a full disk: process 1's part is rescued to $TMPDIR where the parent finds
  # it and merges it (round 5, #70: it ended "no process had finished, so no profile is kept"),
  # and the last line names the rescued profile, which holds that process's case.
  mkdir -p "$work/full"
  mount -t tmpfs -o size=64k tmpfs "$work/full" 2>/dev/null || { echo "skipped: no tmpfs"; exit 77; }
  dd if=/dev/zero of="$work/full/filler" bs=1k count=100 2>/dev/null
  out=$(TMPDIR=$work "$bin" run --gate -k reduce2 -l 64 -n 2^12 -o "$work/full/p.json" 2>&1); rc=$?
  umount "$work/full"
  [[ $rc == 5 ]] || fail "exit $rc, expected 5: $out"
  part=$(grep -o "rescued to [^ ]*-part-1\.json, is merged" <<<"$out" | cut -d' ' -f3 | tr -d ,)
  [[ -n $part && -s $part ]] || fail "the part was not rescued and merged: $out"
  rescued=$(tail -1 <<<"$out" | grep -o "saved to [^ ]*gpu-reduce-prof-rescued-[^ ]*\.json" | cut -c10-)
  [[ -n $rescued && -s $rescued ]] || fail "the last line names no rescued profile: $out"
  python3 - "$rescued" <<'PY' || fail "the rescued profile does not hold process 1's case"
import json, sys
p = json.load(open(sys.argv[1]))
assert len(p["runs"]) == 1 and len(p["cases"]) == 1 and p["complete"] is False, p["runs"]
PY
  echo "ok: the part rescued to $part and merged; the profile rescued to $rescued"
  ;;
stopped-child)
  # The measuring process of --runs stopped from outside (SIGSTOP): the parent says so after
  # 2 s, and one SIGINT still ends the run (the signal passed on with SIGCONT).
  log=$work/log
  "$bin" run -k reduce2 -l 64 -n 2^16 --runs 2 --rounds 200 --min-samples 50 --no-peak \
    -o "$work/p.json" 2>"$log" >/dev/null &
  pid=$!
  child=""
  for _ in $(seq 1 600); do
    child=$(pgrep -P $pid -f -- --part-output | head -1) # not run's other child, git
    [[ -n $child ]] && break
    sleep 0.05
  done
  [[ -n $child ]] || fail "no measuring process: $(cat "$log")"
  kill -STOP "$child"
  for _ in $(seq 1 200); do grep -q "is stopped" "$log" && break; sleep 0.05; done
  grep -q "measuring process of --runs (pid $child) is stopped" "$log" ||
    fail "no note on the stopped process: $(cat "$log")"
  kill -INT $pid
  for _ in $(seq 1 600); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  if kill -0 $pid 2>/dev/null; then
    kill -KILL $pid "$child"
    fail "SIGINT did not end the run with its process stopped: $(cat "$log")"
  fi
  wait $pid; rc=$?
  [[ $rc == 130 ]] || fail "exit $rc, expected 130: $(tail -3 "$log")"
  echo "ok: the stopped process named, SIGINT ended the run (exit 130)"
  ;;
*) fail "unknown case $case" ;;
esac
