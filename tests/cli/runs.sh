#!/usr/bin/env bash
# `run --runs K`: the rounds split over K processes, kept as K runs of one profile.
#  1. --runs 3 --rounds 4: runs 0, 1, 2 hold 2, 1 and 1 rounds of every case; the peak is
#     searched once (later processes retime its shapes; the best is kept) and every case's GB/s
#     and % of peak (over each round's own read) follow the merged rounds; settings say runs 3 and rounds 4; compare against a profile of --rounds 2
#     (--gate: 3 processes, but never more than rounds, so 2) uses both sides' runs and does not warn about single runs. With --rotate-cpus the rounds'
#     CPUs go through the allowed ones in turn across the processes; without, no round is pinned.
#  2. --gate is 3 processes on PoCL too. SIGINT once process 2 has started: exit 130, process 1's rounds are kept, the profile
#     is marked incomplete naming the process, and no part file is left behind (in TMPDIR or beside -o).
# Usage: runs.sh BIN
set -u
bin=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
fail() { echo "FAIL: $*"; exit 1; }
sweep=(-k reduce6 -l 64,128 -n 4096 --extra-rounds 0 --peak-bytes 64k)
quick=("${sweep[@]}" --round-spacing 0)

"$bin" run "${quick[@]}" --min-samples 3 --max-time 0 --runs 3 --rounds 4 --rotate-cpus -q -o "$work/a.json" >/dev/null ||
  fail "run --runs 3 exited $?"
"$bin" run "${sweep[@]}" --min-samples 3 --max-time 0 --rounds 2 --gate -q -o "$work/b.json" >/dev/null ||
  fail "run --rounds 2 --gate (2 processes) exited $?"
python3 - "$work/a.json" <<'EOF' || fail "profile of --runs 3 is not three runs of 2, 1, 1 rounds"
import json, os, sys
p = json.load(open(sys.argv[1]))
assert p["settings"]["runs"] == 3 and p["settings"]["rounds"] == 4, p["settings"]
assert len(p["runs"]) == 3 and p["complete"], p["runs"]
# Each process records where its time went (2.9).
assert all(r["phases_s"].get("sampling", 0) > 0 and r["wall_s"] > 0 for r in p["runs"]), p["runs"]
assert "peak" in p["devices"][0] and len(p["devices"]) == 1
assert len(p["cases"]) == 2
for c in p["cases"]:
    runs = [r["run"] for r in c["rounds"]]
    assert runs == [0, 0, 1, 2], runs
    allowed = sorted(os.sched_getaffinity(0))
    want = [allowed[i % len(allowed)] for i in range(4)] if len(allowed) > 1 else [None] * 4
    assert [r["cpu"] for r in c["rounds"]] == want, (c["rounds"], allowed)
    # GB/s and % of peak follow the merged rounds and the best peak of the processes.
    gbps = c["bytes"] / c["summary"]["median_ns"]
    assert abs(c["gbps"] - gbps) <= 1e-9 * gbps, (c["gbps"], gbps)
    # % of peak: the median over the merged rounds of each round's rate over that round's read
    # (2.17, #65), whichever process timed the round.
    ratios = sorted(c["bytes"] / r["median_ns"] / r["peak_gbps"] * 100 for r in c["rounds"])
    assert len(ratios) == 4 and all(r.get("peak_gbps") for r in c["rounds"]), c["rounds"]
    want_pct = (ratios[1] + ratios[2]) / 2
    assert abs(c["pct_of_peak"] - want_pct) <= 1e-9 * want_pct, (c["pct_of_peak"], want_pct)
assert p["settings"]["rotate_cpus"] is True
EOF
"$bin" validate "$work/a.json" >/dev/null || fail "the merged profile does not validate"
# A plain run is a quick look: one process, no spacing unless given; --gate spaces its rounds.
q=(-k reduce6 -l 64 -n 4096 --extra-rounds 0 --peak-bytes 64k --min-samples 3 --max-time 0)
"$bin" run "${q[@]}" --rounds 3 -q -o "$work/q.json" >/dev/null || fail "a plain run exited $?"
python3 - "$work/q.json" "$work/b.json" <<'EOF' || fail "a plain run is not one unspaced process, or --gate's rounds are not spaced"
import json, sys
q, b = (json.load(open(f)) for f in sys.argv[1:])
assert len(q["runs"]) == 1 and q["settings"]["round_spacing_s"] == 0 and not q["settings"]["gate"], q["settings"]
assert len(b["runs"]) == 2 and b["settings"]["round_spacing_s"] == 0.2 and b["settings"]["gate"], b["settings"]
EOF
out=$("$bin" compare "$work/a.json" "$work/b.json" 2>&1)
python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))
assert all(r["cpu"] is None for c in p["cases"] for r in c["rounds"])' "$work/b.json" ||
  fail "a run without --rotate-cpus pinned its rounds"
grep -q "3 + 2 runs" <<<"$out" || fail "compare did not use both sides' runs: $out"
grep -q "one run on each side" <<<"$out" && fail "compare warned about single runs: $out"

log=$work/log
"$bin" run "${quick[@]}" --rounds 6 --gate --min-samples 20 --max-time 30 -o "$work/i.json" \
  2>"$log" >/dev/null &
pid=$!
for _ in $(seq 1 1200); do
  grep -q "run 2 of 3" "$log" && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.1
done
kill -INT $pid
wait $pid; rc=$?
[[ $rc == 130 ]] || { cat "$log"; fail "exit $rc after SIGINT, expected 130"; }
python3 - "$work/i.json" <<'EOF' || fail "interrupted --runs profile lost process 1 or its reason"
import json, sys
p = json.load(open(sys.argv[1]))
assert not p["complete"] and "interrupted by SIGINT in process 2 of 3" in p["incomplete_reason"]
assert all(sum(r["run"] == 0 for r in c["rounds"]) == 2 for c in p["cases"]), p["cases"]
EOF
[[ -z $(ls -A "$TMPDIR") ]] || fail "part files left in TMPDIR: $(ls -A "$TMPDIR")"
[[ -z $(find "$work" -maxdepth 1 -name '.*.parts-*') ]] || fail "part folder left beside -o: $(ls -A "$work")"
echo "ok: --runs 3 keeps three runs; SIGINT keeps process 1"
