#!/usr/bin/env bash
# history end to end over a temporary git repository: one real run records its revision (git's
# HEAD where it ran; --commit overrides and is checked), then 24 profiles made from it (one per
# commit of the code's first-parent line, times scaled by a known factor: +12 % from commit 16)
# are kept on a perf-data branch and read through --git-ref; the step is found at the injected
# commit, fails (exit 1) and names the range to bisect. A folder with a foreign and a broken
# JSON file skips them by name; too few profiles are undecided (exit 8); every output format.
# Usage: history_git.sh BIN
set -euo pipefail
bin=$1
tmp=$(mktemp -d)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$tmp"' EXIT; echo "tmp=$tmp"
fail() { echo "FAIL: $*"; exit 1; }
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@t GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@t
code=$tmp/code
git init -q -b main "$code"
for i in $(seq 0 23); do git -C "$code" commit -q --allow-empty -m "c$i"; done
head=$(git -C "$code" rev-parse HEAD)

# A real run inside the repository records HEAD; --commit must be a full sha.
(cd "$code" && "$bin" run -k reduce3 -t float -l 64 -n 2^12 --rounds 3 --runs 2 --min-samples 3 \
  --max-time 0 --round-spacing 0 --no-peak -q -o "$tmp/real.json" >/dev/null 2>"$tmp/run.err") ||
  fail "run: $(cat "$tmp/run.err")"
python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['runs']; assert all(x['revision']['commit']==sys.argv[2] for x in r), r" \
  "$tmp/real.json" "$head" || fail "run did not record HEAD"
rc=0
"$bin" run -k reduce3 --commit abc123 -o "$tmp/x.json" >"$tmp/out.txt" 2>&1 || rc=$?
[[ $rc -eq 2 ]] && grep -q "full sha" "$tmp/out.txt" || fail "short --commit: exit $rc"

# 24 profiles, one per commit, on a perf-data branch (in commit order, as CI would add them).
mkdir -p "$tmp/perf"
python3 - "$tmp/real.json" "$tmp/perf" "$code" <<'PY'
import json, subprocess, sys, random
real, out, code = sys.argv[1:4]
shas = subprocess.run(["git", "-C", code, "rev-list", "--reverse", "main"], capture_output=True,
                      text=True, check=True).stdout.split()
rng = random.Random(5)
for i, sha in enumerate(shas):
    p = json.load(open(real))
    level = 1.12 if i >= 16 else 1.0
    for k, r in enumerate(p["runs"]):
        r["revision"] = {"commit": sha, "committed_at": "", "dirty": False}
        r["id"] = "%016x" % (1000 * i + k + 1)  # each made profile its own invocation
    for c in p["cases"]:
        for rr in c["rounds"]:
            f = level * (1 + rng.gauss(0, 0.004))
            for k in ("samples_ns", "pass_sum_ns"):
                rr[k] = [max(1, int(s * f)) for s in rr[k]]
    p["host"]["started_at"] = "2026-11-%02dT00:00:00Z" % (i + 1)
    json.dump(p, open("%s/p%02d.json" % (out, i), "w"))
PY
git -C "$code" checkout -q --orphan perf-data
git -C "$code" rm -rq --cached . 2>/dev/null || true
mkdir -p "$code/runs" && cp "$tmp"/perf/*.json "$code/runs/"
git -C "$code" add runs && git -C "$code" commit -q -m "profiles"
git -C "$code" checkout -q main

rc=0
"$bin" history --git-ref perf-data --repo "$code" --branch main >"$tmp/h.txt" 2>&1 || rc=$?
[[ $rc -eq 1 ]] || fail "a +12 % step: exit $rc: $(cat "$tmp/h.txt")"
bad=$(git -C "$code" rev-list --reverse main | sed -n 17p | cut -c1-12)
good=$(git -C "$code" rev-list --reverse main | sed -n 16p | cut -c1-12)
grep -q "^FAIL step +1[0-9]" "$tmp/h.txt" || fail "no failing step: $(cat "$tmp/h.txt")"
grep -q "git bisect start $bad $good" "$tmp/h.txt" || fail "wrong range: $(cat "$tmp/h.txt")"
grep -q "bisect: gpu-reduce-prof bisect --good $good --bad $bad -k SPEC -n 4096 -l 64 -t float --case reduce3/float/flat/n=4096/local=64" "$tmp/h.txt" ||
  fail "no bisect hand-over: $(cat "$tmp/h.txt")"
grep -q "first-parent line of main" "$tmp/h.txt" || fail "ordering not said"

# A waiver in a reviewed file stops the step failing; one past its date fails; a bad one is 5.
printf '{"waivers": [{"case": "reduce3/*", "device": "*", "commit": "%s", "reason": "accepted in review", "expires": "2999-12-31"}]}\n' "$bad" >"$tmp/waivers.json"
rc=0
"$bin" history --git-ref perf-data --repo "$code" --branch main --waivers "$tmp/waivers.json" \
  >"$tmp/w.txt" 2>&1 || rc=$?
[[ $rc -eq 0 ]] && grep -q "^WAIVED step" "$tmp/w.txt" && grep -q "waived: accepted in review" "$tmp/w.txt" ||
  fail "waived: exit $rc: $(cat "$tmp/w.txt")"
sed -i 's/2999-12-31/2001-01-01/' "$tmp/waivers.json"
rc=0
"$bin" history --git-ref perf-data --repo "$code" --branch main --waivers "$tmp/waivers.json" \
  >"$tmp/w.txt" 2>&1 || rc=$?
[[ $rc -eq 1 ]] && grep -q "^FAIL expired waiver: .*expired on 2001-01-01" "$tmp/w.txt" ||
  fail "expired: exit $rc: $(cat "$tmp/w.txt")"
sed -i 's/2001-01-01/soon/' "$tmp/waivers.json"
rc=0
"$bin" history "$tmp/perf" --waivers "$tmp/waivers.json" >"$tmp/w.txt" 2>&1 || rc=$?
[[ $rc -eq 5 ]] && grep -q "expires: expected YYYY-MM-DD" "$tmp/w.txt" || fail "bad waiver: exit $rc"

# compare --history: one new invocation against its series' latest level (7 points since the
# step): as fast as them, not failing; 10 % slower than them, slower (exit 1).
python3 - "$tmp/perf/p23.json" "$tmp/slow.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for c in p["cases"]:
    for rr in c["rounds"]:
        for k in ("samples_ns", "pass_sum_ns"):
            rr[k] = [int(s * 1.10) for s in rr[k]]
json.dump(p, open(sys.argv[2], "w"))
PY
rc=0
"$bin" compare --history "$tmp/perf" "$tmp/perf/p23.json" >"$tmp/c.txt" 2>&1 || rc=$?
[[ $rc -eq 0 ]] && grep -q "latest 7 invocations" "$tmp/c.txt" && grep -q "left out .*p23.json: it is .*itself" "$tmp/c.txt" || fail "compare --history same: exit $rc: $(cat "$tmp/c.txt")"
rc=0
"$bin" compare --history "$tmp/perf" "$tmp/slow.json" >"$tmp/c.txt" 2>&1 || rc=$?
[[ $rc -eq 1 ]] && grep -q "slower (fails)" "$tmp/c.txt" || fail "compare --history slower: exit $rc: $(cat "$tmp/c.txt")"
rc=0
"$bin" compare --history "$tmp/perf" --base "$tmp/slow.json" "$tmp/slow.json" >"$tmp/c.txt" 2>&1 || rc=$?
[[ $rc -eq 2 ]] || fail "compare --history --base: exit $rc"

# A folder with a foreign and a broken file: named and skipped; the rest judged.
echo '{"name": "not a profile"}' >"$tmp/perf/foreign.json"
echo '{"schema_version": ' >"$tmp/perf/broken.json"
rc=0
"$bin" history "$tmp/perf" --repo "$code" --branch main --json >"$tmp/h.json" 2>&1 || rc=$?
[[ $rc -eq 1 ]] || fail "folder: exit $rc"
python3 - "$tmp/h.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["history_version"] == "1.1.0"
assert len(d["places"]) == 24, len(d["places"])
assert sorted(s["file"].rsplit("/", 1)[1] for s in d["skipped"]) == ["broken.json", "foreign.json"]
steps = [f for f in d["findings"] if f["kind"] == "step"]
assert steps and steps[0]["fails"] and 0.08 < steps[0]["change"] < 0.16, steps
assert d["census"]["judged"] >= 1
PY
"$bin" history "$tmp/perf" --repo "$code" --branch main --markdown >"$tmp/h.md" 2>&1 || true
grep -q "^## Performance history" "$tmp/h.md" && grep -q "| ❌ fails | step |" "$tmp/h.md" ||
  fail "markdown: $(cat "$tmp/h.md")"
"$bin" history "$tmp/perf" --by-time --csv - >"$tmp/h.csv" 2>&1 || true
"$bin" history "$tmp/perf" --repo "$code" --branch main --html "$tmp/h.html" >/dev/null 2>&1 || true
[[ $(grep -o "<figure" "$tmp/h.html" | wc -l) -eq 1 ]] && grep -q "<svg" "$tmp/h.html" &&
  grep -q "level 2" "$tmp/h.html" && grep -q "Content-Security-Policy" "$tmp/h.html" ||
  fail "html: $(head -c 300 "$tmp/h.html")"
head -1 "$tmp/h.csv" | grep -q "^time,commit,source,reduce3/float" || fail "csv: $(head -2 "$tmp/h.csv")"
[[ $(wc -l <"$tmp/h.csv") -eq 25 ]] || fail "csv rows: $(wc -l <"$tmp/h.csv")"

# Three profiles: too short to judge, exit 8, and the census says so.
rc=0
"$bin" history "$tmp"/perf/p0[0-2].json --by-time >"$tmp/short.txt" 2>&1 || rc=$?
[[ $rc -eq 8 ]] && grep -q "judged 0 of 1 series; 1 too short" "$tmp/short.txt" ||
  fail "short: exit $rc: $(cat "$tmp/short.txt")"
echo "history_git: ok"
