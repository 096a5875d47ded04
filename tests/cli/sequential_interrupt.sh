#!/usr/bin/env bash
# A sequential duet (run --duet, --budget 100) stopped as process 5 starts, after the looks at
# 3 and 4 processes (#70). Process 5 measures nothing, so the profile is incomplete, its record
# ends at the last look with data (4 processes, "stopped": "interrupted") and compare judges
# that look: with a budget of 100 an early look spends almost no alpha, so every case is
# inconclusive (exit 8). Before #70 the record added a look at 5, which measured nothing.
#  int-parent   SIGINT to the parent; then --resume of its profile keeps the record and the
#               incomplete mark (it dropped both, said "nothing to measure" and compare passed).
#  term-child   SIGTERM to process 5 itself: the parent stops as for a signal to it (exit 143).
#  kill-child   SIGKILL of process 5: exit 10, the 4 processes kept with their looks.
#  checkpoint   process 5 held (SIGSTOP) and three SIGINTs to the parent: the first asks it to
#               stop, the second goes to process 5, the third writes the last checkpoint, which
#               holds the looks too (it had none: compare judged 4 processes as a fixed design).
# Usage: sequential_interrupt.sh BIN KERNEL-DATA-DIR CASE
set -u
bin=$1 kdata=$2 case_name=$3
tmp=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
log=$tmp/log
fail() { echo "FAIL ($case_name): $*"; cat "$log"; exit 1; }
# 1000 samples per kernel and round: process 5 is still building or timing its first round
# when the signal comes, however quick the machine.
duet=(-k reduce2 --duet "$kdata/named_reduce2.json" -t float -l 64 -n 4096 --extra-rounds 0
      --round-spacing 0 --min-samples 1000 --max-samples 1000 --max-time 0 --no-peak
      --rounds 3)
"$bin" run "${duet[@]}" --budget 100 -o "$tmp/p.json" 2>"$log" >/dev/null &
pid=$!
for _ in $(seq 1 1200); do # up to 120 s for processes 1 to 4
  grep -q "^run 5 of at most 100" "$log" && break
  kill -0 $pid 2>/dev/null || fail "the run ended before process 5"
  sleep 0.1
done
child=""
for _ in $(seq 1 100); do
  child=$(pgrep -P $pid -f -- "--part 5/100" | head -1)
  [[ -n $child ]] && break
  sleep 0.02
done
case $case_name in
int-parent) kill -INT $pid; want=130 ;;
checkpoint)
  [[ -n $child ]] || fail "no process 5"
  kill -STOP "$child"
  kill -INT $pid # passed on to process 5 with a SIGCONT, once: stopped again, it stays stopped
  # Stopped again at once: a builtin kill in a loop without sleeps or forks for 0.3 s, so the
  # continued process 5 gets no time to finish (a 5 ms sleep between stops could let a loaded
  # machine's process 5 run on and exit: the suspected cause of rare failures under ctest -j2).
  until_us=$(( ${EPOCHREALTIME/./} + 300000 ))
  while (( ${EPOCHREALTIME/./} < until_us )); do kill -STOP "$child" 2>/dev/null; done
  kill -INT $pid; sleep 0.3; kill -INT $pid
  want=130 ;;
term-child) [[ -n $child ]] || fail "no process 5"; kill -TERM "$child"; want=143 ;;
kill-child) [[ -n $child ]] || fail "no process 5"; kill -KILL "$child"; want=10 ;;
*) fail "unknown case" ;;
esac
wait $pid; rc=$?
[[ -n $child ]] && kill -KILL "$child" 2>/dev/null
[[ $rc == "$want" ]] || fail "exit $rc, expected $want"
[[ -f $tmp/p.json ]] || fail "no profile"
if [[ $case_name == checkpoint ]]; then
  grep -q "stopped by a second SIGINT: finished rounds saved" "$log" || fail "no checkpoint written"
fi
python3 - "$tmp/p.json" <<'PY' || fail "the profile's record"
import json, sys
p = json.load(open(sys.argv[1]))
s = p["settings"]["sequential"]
measured = 1 + max(r["run"] for c in p["cases"] for r in c["rounds"] if r["samples_ns"])
assert not p["complete"], "an interrupted duet is incomplete"
assert s["looks"][-1] == measured, ("a look at a process without data", s["looks"], measured)
assert s["looks"][:2] == [3, 4] and s["stopped"] == "interrupted" and s["max_processes"] == 100, s
print("ok: looks", s["looks"], "for", measured, "processes that measured;", p["incomplete_reason"])
PY
"$bin" validate "$tmp/p.json" >/dev/null || fail "the profile does not validate"
rc=0; "$bin" compare "$tmp/p.json" >"$tmp/cmp.txt" 2>&1 || rc=$?
[[ $rc == 8 ]] || { cat "$tmp/cmp.txt"; fail "compare exit $rc, expected 8 (undecided)"; }
if [[ $case_name == int-parent ]]; then # --resume keeps the looks and the incomplete mark
  "$bin" run "${duet[@]}" --resume "$tmp/p.json" -o "$tmp/r.json" >/dev/null 2>"$log" ||
    fail "resume exit $?"
  grep -q "is a sequential duet (cut short, so incomplete" "$log" || fail "resume said nothing"
  python3 - "$tmp/p.json" "$tmp/r.json" <<'PY' || fail "the resumed record"
import json, sys
p, r = (json.load(open(f)) for f in sys.argv[1:])
assert r["settings"].get("sequential") == p["settings"]["sequential"], r["settings"].get("sequential")
assert not r["complete"], r.get("incomplete_reason")
assert "--resume adds no looks" in r["incomplete_reason"], r["incomplete_reason"]
PY
  rc=0; "$bin" compare "$tmp/r.json" >"$tmp/cmp.txt" 2>&1 || rc=$?
  [[ $rc == 8 ]] || { cat "$tmp/cmp.txt"; fail "compare of the resumed profile: exit $rc, not 8"; }
fi
echo "ok ($case_name)"
