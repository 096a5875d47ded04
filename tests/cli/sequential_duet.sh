#!/usr/bin/env bash
# run --duet adds processes until decided (run_sequential.hpp): the first look after 3 processes,
# one look per process after it, at most --budget. The profile records the looks and why it
# stopped (settings.sequential); its runs are the processes of the last look, and it is complete.
# compare then judges at the last look's level, so it agrees with the run's own decision: a run
# that stopped "decided" leaves no candidate case inconclusive, one that spent its budget leaves
# one.
# A process after a look measures only the sweep points that look left undecided (every kernel
# there, the A/A controls with them): the points shrink from process to process, and the
# internal --part-points narrows a process to the points it names.
# --dry-run shows the range of processes; a --budget without a sequential duet is refused.
# Usage: sequential_duet.sh BIN KERNEL-DATA-DIR
set -euo pipefail
bin=$1 kdata=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
duet=(-k reduce2 --duet "$kdata/named_reduce2.json" -t float -l 64 -n 3000,3500 --extra-rounds 0
      --round-spacing 0 --min-samples 3 --max-time 0 --no-peak)
"$bin" run "${duet[@]}" --rounds 3 --budget 4 -o "$tmp/seq.json" >"$tmp/run.txt" 2>&1 ||
  fail "run exit $?: $(cat "$tmp/run.txt")"
grep -q "look 1 after 3 processes (false-alarm budget spent: " "$tmp/run.txt" ||
  fail "no first look: $(cat "$tmp/run.txt")"
rc=0
"$bin" compare "$tmp/seq.json" --json >"$tmp/cmp.json" 2>"$tmp/cmp.err" || rc=$?
[[ $rc =~ ^(0|1|8|9)$ ]] || fail "compare exit $rc: $(cat "$tmp/cmp.err")"
python3 - "$tmp/seq.json" "$tmp/cmp.json" <<'PY' || exit 1
import json, sys
p = json.load(open(sys.argv[1]))
s = p["settings"]["sequential"]
looks, runs = s["looks"], len(p["runs"])
assert s["max_processes"] == 4 and s["spending"] == "obrien-fleming" and s["alpha"] == 0.01, s
assert looks == list(range(3, looks[-1] + 1)), looks
assert looks[-1] == runs == p["settings"]["runs"], (looks, runs, p["settings"]["runs"])
assert s["stopped"] in ("decided", "budget"), s
assert s["stopped"] == "decided" or runs == 4, s
assert p["complete"], p.get("incomplete_reason")
points = [set() for _ in range(runs)]  # the sweep points each process measured
for c in p["cases"]:
    for r in c["rounds"]:
        points[r["run"]].add(c["key"]["n"])
assert all(pts == {3000, 3500} for pts in points[:3]), points  # the first look's processes
for a, b in zip(points[2:], points[3:]):  # later: the points the look before left undecided
    assert b and b <= a, points
for c in p["cases"]:  # one round per process that measured its point (--rounds 3 over 3)
    want = sum(c["key"]["n"] in pts for pts in points)
    assert len(c["rounds"]) == want, (c["key"], len(c["rounds"]), want)
# The run stops on the candidates' cases; an A/A control's inconclusive case counts only
# through them (duet_judge.hpp: undecided_cases), so compare's controls may stay inconclusive.
verdicts = [k["verdict"] for c in json.load(open(sys.argv[2]))["comparisons"]
            if c["role"] != "control" for k in c["cases"]]
undecided = verdicts.count("inconclusive")
assert (undecided == 0) == (s["stopped"] == "decided"), (s["stopped"], verdicts)
print("ok:", s["stopped"], "after", runs, "processes;", verdicts)
PY
# The parent hands a process its inputs' digests: the files a process refuses without them.
part=("${duet[@]}" --rounds 1 --part 1/1 --part-output "$tmp/part.json")
! "$bin" run "${part[@]}" >"$tmp/part.txt" 2>&1 || fail "a part without digests ran"
digests=()
while read -r f; do
  digests+=(--part-input "$(sha256sum "$f" | cut -d' ' -f1):$f")
done < <(sed -n 's/^  \(.*\): read now but not when the run started.*/\1/p' "$tmp/part.txt")
((${#digests[@]} == 4)) || fail "digests: $(cat "$tmp/part.txt")"
"$bin" run "${part[@]}" "${digests[@]}" --part-points float/flat/n=3500/local=64 \
  >"$tmp/part.txt" 2>&1 || fail "part: $(cat "$tmp/part.txt")"
python3 -c '
import json, sys
ns = {c["key"]["n"] for c in json.load(open(sys.argv[1]))["cases"]}
assert ns == {3500}, ns' "$tmp/part.json" || fail "--part-points did not narrow the process"
out=$("$bin" run "${duet[@]}" --budget 5,2min --dry-run 2>&1) || fail "dry run: $out"
grep -q "sequential duet: 3 to 5 processes of 4 rounds each, at most 120 s" <<<"$out" ||
  fail "dry run: $out"
expect_usage() { # MESSAGE ARGS...: exit 2 and the message
  local want=$1 rc=0 out
  shift
  out=$("$bin" run "$@" 2>&1) || rc=$?
  [[ $rc == 2 ]] || fail "$*: exit $rc, expected 2: $out"
  grep -q -- "$want" <<<"$out" || fail "$*: no '$want' in: $out"
}
expect_usage "give 3 or more" "${duet[@]}" --budget 2 --dry-run
expect_usage "--budget takes PROCESSES" "${duet[@]}" --budget 5x --dry-run
expect_usage "--budget caps a sequential duet" "${duet[@]}" --budget 5 --runs 3 --dry-run
expect_usage "--budget caps a sequential duet" -k reduce2 -n 3000 --budget 5 --dry-run
echo "ok"
