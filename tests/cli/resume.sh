#!/usr/bin/env bash
# run --resume (issue #31 item 3) and the outputs of a run cut short, on tiny runs.
# Usage: resume.sh BIN OUTDIR KERNELS_DIR CASE
#   short      an interrupted profile (SIGINT) resumed: short cases measured again whole, complete
#              honest, no empty run; a second resume measures only a new case, a third nothing
#   retry      a failed case is retried, a case whose kernel source changed is measured again
#   device     a profile of another device is refused (exit 2); other settings warned about
#   signal2    a second SIGINT during a resumed run saves the resumed cases with the new ones
#   build_csv  a build failure writes the --csv rows beside the incomplete profile
#   csv_stdout --csv /dev/stdout needs no --force
set -u
bin=$1; out=$2; kdata=$3; what=$4
mkdir -p "$out"; cd "$out" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
py() { python3 -c "import json,sys; p=json.load(open(sys.argv[1])); $2" "$1"; }
plan=(-k reduce_single -l 8,16,32,64 -n 4096 --rounds 4 --min-samples 3 --max-time 0 --no-peak)

interrupted() { # $1: output; an interrupted --runs 1 profile with fewer than 4 rounds a case
  rm -f "$1"; log=$(mktemp)
  "$bin" run "${plan[@]}" --round-spacing 1 --runs 1 -o "$1" 2>"$log" >/dev/null &
  pid=$!
  for _ in $(seq 1 300); do grep -q "round 2/" "$log" && break; sleep 0.05; done
  kill -INT $pid; wait $pid; rc=$?
  [[ $rc == 130 ]] || { cat "$log"; fail "the interrupted run exited $rc"; }
  py "$1" "assert not p['complete']; assert all(len(c['rounds']) < 4 for c in p['cases']), 'not short'"
}

case $what in
short)
  interrupted a.json
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 2 --resume a.json -o b.json --force 2>b.log >/dev/null ||
    { cat b.log; fail "resume exited $?"; }
  cat b.log
  grep -q "resume: 0 of 4 planned cases are in a.json in full. measuring 4: 4 with fewer rounds" <(tr ';' . <b.log) ||
    fail "no word on the short cases measured again"
  py b.json "assert p['complete'] is True, p['incomplete_reason']; assert len(p['cases']) == 4
assert all(len(c['rounds']) >= 4 for c in p['cases']), [len(c['rounds']) for c in p['cases']]
used = {r['run'] for c in p['cases'] for r in c['rounds']}
assert used == set(range(len(p['runs']))) and len(p['runs']) == 2, (used, len(p['runs']))" || fail "b.json"
  "$bin" run "${plan[@]/8,16,32,64/8,16,32,64,128}" --round-spacing 0 --runs 1 --resume b.json -o c.json --force 2>c.log >/dev/null ||
    { cat c.log; fail "second resume exited $?"; }
  grep -q "4 of 5 planned cases are in b.json in full. measuring 1: 1 not in it" <(tr ';' . <c.log) || { cat c.log; fail "c"; }
  py c.json "assert p['complete'] and len(p['cases']) == 5 and len(p['runs']) == 3, len(p['runs'])" || fail "c.json"
  "$bin" run "${plan[@]/8,16,32,64/8,16,32,64,128}" --runs 3 --resume c.json -o d.json --force 2>d.log >/dev/null ||
    { cat d.log; fail "third resume exited $?"; }
  grep -q "nothing to measure" d.log || { cat d.log; fail "d"; }
  grep -q "^run 1 of" d.log && fail "a process was started with nothing to measure"
  py d.json "assert p['complete'] and len(p['cases']) == 5 and len(p['runs']) == 3, len(p['runs'])" || fail "d.json: empty runs added"
  "$bin" validate d.json >/dev/null || fail "d.json does not validate"
  ;;
retry)
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 -o a.json --force 2>/dev/null >/dev/null || fail "first run"
  py a.json "p['cases'][1]['status'] = 'failed'; p['cases'][1]['reason'] = 'test'; json.dump(p, open('f.json', 'w'))"
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 --resume f.json -o g.json --force 2>g.log >/dev/null ||
    { cat g.log; fail "retry exited $?"; }
  grep -q "3 of 4 planned cases are in f.json in full. measuring 1: 1 failed there (retried)" <(tr ';' . <g.log) || { cat g.log; fail "g"; }
  py g.json "assert all(c['status'] == 'ok' and len(c['rounds']) >= 4 for c in p['cases']) and p['complete']" || fail "g.json"
  py a.json "[k.update(sha256='0' * 64) for k in p['kernels']]; json.dump(p, open('s.json', 'w'))"
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 --resume s.json -o h.json --force 2>h.log >/dev/null ||
    { cat h.log; fail "changed source exited $?"; }
  grep -q "measuring 4: 4 whose kernel source changed" h.log || { cat h.log; fail "h"; }
  # Every case of the changed kernel was measured again: one source, no "mixes them" (#70).
  grep -q "mixes them" h.log && { cat h.log; fail "h: a warning that the baseline mixes sources"; }
  py h.json "assert len({k['sha256'] for k in p['kernels']}) == len(p['kernels']) and all(k['sha256'] != '0' * 64 for k in p['kernels']), p['kernels']" || fail "h.json keeps the old source"
  ;;
device)
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 -o a.json --force 2>/dev/null >/dev/null || fail "first run"
  py a.json "[d['info'].update(name='Another GPU', uuid=None) for d in p['devices']]; json.dump(p, open('o.json', 'w'))" 2>/dev/null ||
    py a.json "[d.update(name='Another GPU') for d in p['devices']]; json.dump(p, open('o.json', 'w'))"
  "$bin" run "${plan[@]}" --runs 1 --resume o.json -o x.json --force >x.log 2>&1; rc=$?
  [[ $rc == 2 ]] || { cat x.log; fail "another device: exit $rc, expected 2"; }
  grep -q "o.json was measured on 'Another GPU', which this run does not measure" x.log || { cat x.log; fail "reason"; }
  [[ -e x.json ]] && fail "a profile was written"
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 --data iota --cl-options=-cl-fast-relaxed-math --warmup 1 --resume a.json -o y.json --force 2>y.log >/dev/null ||
    { cat y.log; fail "resume with other settings exited $?"; }
  for w in "build options (--cl-options) differ" "input data (--data, --seed) differ" "timing: warm-up launches per round (--warmup) differ"; do
    grep -qF "warning: $w" y.log || { cat y.log; fail "no warning: $w"; }
  done
  ;;
signal2)
  slow=$kdata/slow.json
  q=(-t int -n 64 -l 1 --rounds 3 --min-samples 1 --max-samples 1 --warmup 0 --round-spacing 0 --runs 1 --no-peak)
  "$bin" run -k reduce_single "${q[@]}" -o e.json --force 2>/dev/null >/dev/null || fail "first run"
  log=$(mktemp)
  "$bin" run -k "reduce_single,$slow" "${q[@]}" --resume e.json -o r.json --force 2>"$log" >/dev/null &
  pid=$!
  for _ in $(seq 1 1200); do grep -q "round 2/3" "$log" && break; sleep 0.1; done
  sleep 0.5; kill -INT $pid; sleep 0.3; kill -INT $pid
  wait $pid; rc=$?
  cat "$log"
  [[ $rc == 130 ]] || fail "exit $rc, expected 130"
  grep -q "stopped by a second SIGINT: finished rounds saved" "$log" || fail "no checkpoint"
  py r.json "k = sorted(c['key']['kernel'] for c in p['cases']); assert k == ['reduce_single', 'slow_sum'], k; assert not p['complete']" ||
    fail "the checkpoint lacks the resumed case"
  ;;
build_csv)
  rm -f bf.json bf.csv
  "$bin" run -k "$kdata/broken.json" -l 64 -n 1000 --runs 1 --rounds 2 --no-peak -q -o bf.json --csv bf.csv >bf.log 2>&1; rc=$?
  [[ $rc == 4 ]] || { cat bf.log; fail "exit $rc, expected 4"; }
  grep -q '"complete": false' bf.json || fail "no incomplete profile"
  grep -q ",broken," bf.csv || { cat bf.log; fail "no CSV row for the failed case"; }
  ;;
csv_stdout)
  rm -f so.json so.out
  echo old >so.out
  "$bin" run "${plan[@]}" --round-spacing 0 --runs 1 -o so.json --csv /dev/stdout >>so.out 2>so.log ||
    { cat so.log; fail "--csv /dev/stdout exited $?"; }
  grep -q "^old$" so.out || fail "stdout's file was replaced, not written to"
  grep -q "^device,device_name,kernel," so.out && grep -q ",reduce_single," so.out || { cat so.out; fail "no CSV on stdout"; }
  grep -q "% peak" so.out && fail "the tables went to stdout with the CSV"
  ;;
*) fail "unknown case $what" ;;
esac
echo "ok: $what"
