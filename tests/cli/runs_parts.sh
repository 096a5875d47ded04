#!/usr/bin/env bash
# `run --runs`: one input snapshot per invocation, and finished processes never lost (#31).
#  tmpdir        $TMPDIR unusable (missing), -o's folder fine: the parts live beside -o, the run
#                ends 0 with both processes and leaves no folder behind.
#  data-change   --data file: edited while process 2 runs: exit 5 naming the file, process 1
#                kept (profile incomplete, one run), no part folder left.
#  part-input    a process handed another digest of its source stops before measuring, naming it.
#  kill-child    SIGKILL of process 2: exit 10 (not 137), "killed by SIGKILL (often the
#                out-of-memory killer", process 1 kept, no folder left.
#  kill-first    SIGKILL of process 1: exit 10, "no process had finished", no profile, no folder.
#  kill-parent   SIGKILL of the parent in process 2: the parts stay beside -o, the next run with
#                that -o names them, and merge reads them.
#  ctrl-z        SIGTSTP to the parent stops the measuring child too, SIGCONT resumes both; the
#                run ends 0.
#  part-output   the hidden --part-output never replaces a file without --force.
#  refused       a part that cannot be read (garbage planted as part-2.json while process 1
#                runs): the error says where it stays, and it stays; process 1 is kept.
#  second-signal two SIGINTs while process 1 runs a kernel for seconds: the second reaches the
#                process, which stops at once; exit 130; the message is true (no profile when
#                no round had finished, else the profile marked incomplete); no part folder left.
# Usage: runs_parts.sh BIN CASE
set -u
bin=$1; case_name=$2
work=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
fail() { echo "FAIL ($case_name): $*"; [[ -f ${log:-} ]] && cat "$log"; exit 1; }
quick=(-k reduce_single -n 4096 --round-spacing 0 --extra-rounds 0 --no-peak --max-time 0
  --host-repeats 0 --settle 0)
log=$work/log
# Waits (up to 60 s) for PATTERN in the log, or for the process to end.
wait_log() {
  for _ in $(seq 1 600); do
    grep -q "$1" "$log" && return 0
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}
# The measuring child of the parent $1 (it has --part-output; run's other child is git).
child_of() {
  for _ in $(seq 1 100); do
    c=$(pgrep -P "$1" -f -- --part-output | head -1)
    [[ -n $c ]] && { echo "$c"; return 0; }
    sleep 0.05
  done
  return 1
}
no_parts_left() { [[ -z $(find "$work" -maxdepth 1 -name '.*.parts-*') ]] || fail "parts left: $(ls -A "$work")"; }
# Each process lasts ~1 s here (10000 launches of ~100 us each, waited for one by one): the
# signals below need the process they aim at still running. 50 launches took 0.1 s, and on a
# quick day of the 2-core VM process 2 could finish between two polls of the log.
slow=(--rounds 2 --runs 2 --min-samples 10000 --max-samples 10000)

case $case_name in
tmpdir)
  TMPDIR=$work/missing "$bin" run "${quick[@]}" --rounds 2 --runs 2 --min-samples 3 -q \
    -o "$work/a.json" 2>"$log" >/dev/null || fail "exit $? with TMPDIR missing"
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); assert p["complete"] and len(p["runs"]) == 2, p["runs"]' \
    "$work/a.json" || fail "not two runs"
  no_parts_left ;;
data-change)
  python3 -c 'import struct,sys; open(sys.argv[1],"wb").write(struct.pack("<4096i", *range(4096)))' "$work/d.bin"
  "$bin" run "${quick[@]}" "${slow[@]}" -t int --data "file:$work/d.bin" -o "$work/a.json" 2>"$log" >/dev/null &
  pid=$!
  wait_log "run 2 of 2" $pid || fail "process 2 never started"
  printf 'x' | dd of="$work/d.bin" bs=1 seek=100 conv=notrunc 2>/dev/null
  wait $pid; rc=$?
  [[ $rc == 5 ]] || fail "exit $rc, expected 5"
  grep -q "the inputs of this run changed" "$log" || fail "no message on the change"
  grep -q "$work/d.bin: changed" "$log" || fail "the data file is not named"
  grep -q "the 1 finished process(es) are kept" "$log" || fail "process 1 not said kept"
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); assert not p["complete"] and len(p["runs"]) == 1, p["runs"]; assert "inputs of this run changed" in p["incomplete_reason"]' \
    "$work/a.json" || fail "process 1 not kept"
  no_parts_left ;;
part-input)
  cp "$(dirname "$0")/../data/kernels/seed_sum."{json,cl} "$work/"
  "$bin" run -k "$work/seed_sum.json" -n 256 -l 256 --rounds 2 --part 1/2 --part-output "$work/p.json" \
    --part-input "$(printf '0%.0s' $(seq 64)):$work/seed_sum.cl" \
    --part-input "$(sha256sum "$work/seed_sum.json" | cut -c1-64):$work/seed_sum.json" 2>"$log"
  rc=$?
  [[ $rc == 5 ]] || fail "exit $rc, expected 5"
  grep -q "$work/seed_sum.cl: changed (sha256 000000000000 when the run started" "$log" ||
    fail "the source is not named"
  grep -q "seed_sum.json" "$log" && fail "the unchanged spec is named"
  [[ ! -e $work/p.json ]] || fail "a part was written" ;;
kill-child|kill-first)
  "$bin" run "${quick[@]}" "${slow[@]}" -o "$work/a.json" 2>"$log" >/dev/null &
  pid=$!
  want="run 2 of 2"; [[ $case_name == kill-first ]] && want="run 1 of 2"
  wait_log "$want" $pid || fail "$want never started"
  child=$(child_of $pid) || fail "no child"
  kill -9 "$child"
  wait $pid; rc=$?
  [[ $rc == 10 ]] || fail "exit $rc, expected 10"
  grep -q "killed by SIGKILL (signal 9) (often the out-of-memory killer" "$log" || fail "no SIGKILL message"
  if [[ $case_name == kill-child ]]; then
    grep -q "the 1 finished process(es) are kept" "$log" || fail "process 1 not said kept"
    python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); assert not p["complete"] and len(p["runs"]) == 1' \
      "$work/a.json" || fail "process 1 not kept"
  else
    grep -q "no process had finished, so no profile is kept" "$log" || fail "message not true"
    [[ ! -e $work/a.json ]] || fail "a profile was written"
  fi
  no_parts_left ;;
kill-parent)
  "$bin" run "${quick[@]}" "${slow[@]}" -o "$work/a.json" 2>"$log" >/dev/null &
  pid=$!
  wait_log "run 2 of 2" $pid || fail "process 2 never started"
  child=$(child_of $pid) || fail "no child"
  kill -9 $pid
  wait $pid 2>/dev/null
  for _ in $(seq 1 100); do kill -0 "$child" 2>/dev/null || break; sleep 0.1; done
  dir=$(find "$work" -maxdepth 1 -name '.a.json.parts-*')
  [[ -f $dir/part-1.json ]] || fail "process 1's part is gone: $(ls -A "$work" "$dir")"
  "$bin" run "${quick[@]}" --rounds 2 --runs 1 --min-samples 3 -q -o "$work/a.json" 2>"$log" >/dev/null ||
    fail "the next run failed"
  grep -q "note: $dir/ holds [12] part file(s) of an earlier run with this output" "$log" ||
    fail "the next run does not name the parts"
  "$bin" merge "$dir"/part-*.json -o "$work/m.json" >/dev/null 2>&1 || fail "merge cannot read the parts" ;;
ctrl-z)
  "$bin" run "${quick[@]}" "${slow[@]}" -o "$work/a.json" 2>"$log" >/dev/null &
  pid=$!
  wait_log "run 1 of 2" $pid || fail "process 1 never started"
  child=$(child_of $pid) || fail "no child"
  kill -TSTP $pid
  sleep 0.5
  state() { awk '{print $3}' "/proc/$1/stat" 2>/dev/null; }
  [[ $(state $pid) == T ]] || fail "the parent did not stop: $(state $pid)"
  [[ $(state "$child") == T ]] || fail "the child did not stop: $(state "$child")"
  kill -CONT $pid
  sleep 0.3
  [[ $(state "$child") != T ]] || fail "the child was not resumed"
  wait $pid || fail "exit $? after SIGCONT" ;;
part-output)
  echo keep >"$work/p.json"
  "$bin" run "${quick[@]}" --rounds 2 --part 1/2 --part-output "$work/p.json" 2>"$log"
  rc=$?
  [[ $rc == 2 ]] || fail "exit $rc, expected 2"
  grep -q "already exists. pass --force" "$log" || fail "no --force message"
  [[ $(cat "$work/p.json") == keep ]] || fail "the file was replaced" ;;
second-signal)
  "$bin" run -k "$(dirname "$0")/../data/kernels/slow.json" -t int -n 64 -l 1 --rounds 2 --runs 2 \
    --min-samples 1 --max-samples 1 --warmup 0 --round-spacing 0 --no-peak -o "$work/a.json" \
    2>"$log" >/dev/null &
  pid=$!
  wait_log "run 1 of 2" $pid || fail "process 1 never started"
  sleep 1.5
  kill -INT $pid
  sleep 0.3
  kill -INT $pid
  for _ in $(seq 1 30); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  kill -0 $pid 2>/dev/null && fail "still running 3 s after the second SIGINT"
  wait $pid; rc=$?
  [[ $rc == 130 ]] || fail "exit $rc, expected 130"
  if [[ -e $work/a.json ]]; then # a round had finished (a fast machine): it is kept
    grep -q "interrupted: profile written to $work/a.json" "$log" || fail "no word on the profile"
    grep -q '"complete": false' "$work/a.json" || fail "the profile is not marked incomplete"
  else
    grep -q "before any process finished: no profile is written" "$log" || fail "message not true"
  fi
  no_parts_left ;;
refused)
  "$bin" run "${quick[@]}" "${slow[@]}" -o "$work/a.json" 2>"$log" >/dev/null &
  pid=$!
  dir=""
  for _ in $(seq 1 1000); do
    dir=$(find "$work" -maxdepth 1 -name '.a.json.parts-*')
    [[ -n $dir ]] && break
    sleep 0.01
  done
  [[ -n $dir ]] || fail "no part folder beside -o"
  echo '{"not": "a profile"' >"$dir/part-2.json"
  wait $pid; rc=$?
  [[ $rc != 0 ]] || fail "exit 0 with a refused part"
  grep -q "the part of process 2 could not be read (.*) and stays at $dir/part-2.json" "$log" ||
    fail "the refused part's place is not named"
  grep -q "the 1 finished process(es) are kept" "$log" || fail "process 1 not said kept"
  grep -q "note: the part files of --runs stay in $dir/ (part-2.json)" "$log" || fail "no note at the end"
  [[ -f $dir/part-2.json && ! -e $dir/part-1.json ]] || fail "the folder holds $(ls -A "$dir")"
  python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); assert not p["complete"] and len(p["runs"]) == 1' \
    "$work/a.json" || fail "process 1 not kept" ;;
*) fail "unknown case" ;;
esac
echo "ok: $case_name"
