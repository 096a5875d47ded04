#!/usr/bin/env bash
# check --estimate-for and report --estimate-for on the Oclgrind simulator (#68 item 4): each
# checked case's access-adjusted time estimate on the fixture GPU (tests/data/check/
# gpu_facts.json: 132 CUs), at -n 65536 -l 256 (about 10 s of CPU):
#  1. check prints the estimate table after its own: one row per case, every bound launch,
#     issue, memory or latency, every estimate above 0;
#  2. the grids are planned for that GPU: settings.check.planned_for names it and its 132 compute
#     units, and reduce6's first pass has 128 work-groups (fewer without the option: the
#     simulator is 1 compute unit, reduce6 at most 8 groups a unit); the profile validates, and
#     compare refuses to judge its counts against the plain check's (exit 2: other grids);
#  3. of bench/access_variants.json's kernels (estimate_variants.json: 16 groups), the chunked
#     sum's latency and estimate are below the grid-stride sum's, the strided sum's is not;
#  4. report --markdown - has the estimate section, with check's estimates, above the closing
#     <sub> line;
#  5. a GPU.json with no GPU the model can use (run's CPU profile on PoCL, the fixture without its
#     launch floor or its peak read) is a usage error, exit 2, before any work, as is report's
#     --estimate-for without --markdown or without a check profile among its inputs; a missing
#     one cannot be read: exit 5, before any work;
#  6. access metrics without the 2.19 fields (new sectors, miss share) are not estimated, and
#     report's markdown says so.
# Usage: check_estimate.sh BIN DATA
set -u
bin=$1 data=$2/check gpu=$2/check/gpu_facts.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sel=(-n 65536 -l 256 -q)
caption="Estimated time on Fixture GPU (132 CUs, 1980 MHz, launch floor 5.9 us, read 3000 GB/s: $gpu); a model that ranks kernels, not a measurement (docs/check.md)"

out=$("$bin" check -k "reduce6,$data/estimate_variants.json" "${sel[@]}" --estimate-for "$gpu" \
  -o "$work/e.json" 2>&1) || fail "check --estimate-for: exit $?: $out"
grep -Fxq "$caption:" <<<"$out" || fail "check's console lacks the estimate caption: $out"
# The table: the caption's next lines up to "profile written", its header first.
sed -n "/^Estimated time on /,/^profile written/p" <<<"$out" | sed '1d;$d' >"$work/table.txt"
grep -Eq "^kernel +type +n +local +passes +est us +bound +launch us +issue us +memory us +latency us +waves$" \
  "$work/table.txt" || fail "the estimate table's header: $(cat "$work/table.txt")"
"$bin" check -k reduce6 "${sel[@]}" -o "$work/plain.json" >/dev/null || fail "check reduce6: exit $?"
"$bin" validate "$work/e.json" | grep -q ": ok (4 cases" || fail "e.json does not validate"
python3 - "$work/table.txt" "$work/e.json" "$work/plain.json" <<'PY' || fail "the estimate is wrong"
import json, sys
rows = [l.split() for l in open(sys.argv[1]).read().splitlines()[1:] if l.strip()]
p, plain = (json.load(open(f)) for f in sys.argv[2:])
kernels = [c["key"]["kernel"] for c in p["cases"]]
assert [r[0] for r in rows] == kernels, (rows, kernels)  # one row per case, in order
for r in rows:
    assert len(r) == 12 and r[6] in ("launch", "issue", "memory", "latency"), r
    assert float(r[5]) > 0 and int(r[4]) == 2, r
assert p["settings"]["check"]["planned_for"] == {"device": "Fixture GPU", "compute_units": 132}
groups = lambda q: q["cases"][0]["check"]["passes"][0]["work_groups"]
assert p["cases"][0]["key"]["kernel"] == "reduce6" and groups(p) == 128, groups(p)
assert "planned_for" not in plain["settings"]["check"] and groups(plain) < 128, groups(plain)
est = {r[0]: float(r[5]) for r in rows}
lat = {r[0]: float(r[10]) for r in rows}
assert est["grid_chunked"] < est["grid_stride"] <= est["grid_strided"], est
assert lat["grid_chunked"] < lat["grid_stride"], lat
PY
out=$("$bin" compare "$work/plain.json" "$work/e.json" 2>&1)
rc=$?
[[ $rc == 2 ]] || fail "compare of grids planned apart: exit $rc, expected 2: $out"
grep -Fq "plain.json's grids were planned for Oclgrind Simulator's 1 compute unit and $work/e.json's for Fixture GPU's 132 compute units" <<<"$out" ||
  fail "compare does not say why: $out"
# report's markdown: the same section, the same estimates, the generator line still last.
"$bin" report "$work/e.json" --estimate-for "$gpu" --markdown - >"$work/e.md" 2>"$work/err" ||
  fail "report --estimate-for: exit $?: $(cat "$work/err")"
python3 - "$work/e.md" "$work/table.txt" <<'PY' || fail "report's estimate section: $(cat "$work/e.md")"
import sys
md = open(sys.argv[1]).read().rstrip("\n").split("\n")
head = [i for i, l in enumerate(md) if l.startswith("### Estimated time on Fixture GPU (132 CUs")]
sub = [i for i, l in enumerate(md) if l.startswith("<sub>gpu-reduce-prof")]
assert len(head) == 1 and sub == [len(md) - 1] and head[0] < sub[0], (head, sub)
cells = [l.strip("| ").split(" | ") for l in md[head[0]:sub[0]] if l.startswith("| ")]
assert cells[0][5:7] == ["est us", "bound"], cells[0]
md_est = {c[0].replace("\\", ""): c[5] for c in cells[2:]}
console = {r.split()[0]: r.split()[5] for r in open(sys.argv[2]).read().splitlines()[1:] if r.strip()}
assert md_est == console, (md_est, console)
PY
# GPU.json files the model cannot use: a CPU's (run on PoCL), the fixture without its launch
# floor, without its peak read.
"$bin" run -k reduce6 -l 64 -n 4096 --runs 1 --rounds 2 --round-spacing 0 --min-samples 3 \
  --max-time 0 --no-peak -q -o "$work/cpu.json" >/dev/null 2>&1 || fail "run on PoCL: exit $?"
python3 - "$gpu" "$work" <<'PY' || fail "could not write the crippled GPU profiles"
import json, sys
for name, field in (("nofloor", "launch_floor_ns"), ("nopeak", "peak")):
    p = json.load(open(sys.argv[1]))
    p["devices"][0][field] = None
    json.dump(p, open(f"{sys.argv[2]}/{name}.json", "w"))
PY
for f in cpu nofloor nopeak; do
  out=$("$bin" report "$work/e.json" --estimate-for "$work/$f.json" --markdown - 2>&1)
  [[ $? == 2 ]] && grep -q -- "--estimate-for .*$f.json: no device to estimate on" <<<"$out" ||
    fail "report --estimate-for $f.json: not a usage error: $out"
done
out=$("$bin" check -k reduce6 "${sel[@]}" --estimate-for "$work/cpu.json" -o "$work/x.json" 2>&1)
[[ $? == 2 ]] && grep -q -- "--estimate-for .*cpu.json: no device to estimate on" <<<"$out" ||
  fail "check --estimate-for a CPU: not a usage error: $out"
[[ ! -e $work/x.json ]] || fail "check --estimate-for a CPU wrote a profile"
out=$("$bin" check -k reduce6 "${sel[@]}" --estimate-for "$work/none.json" -o "$work/x.json" 2>&1)
[[ $? == 5 ]] && grep -q -- "none.json: cannot open profile" <<<"$out" && [[ ! -e $work/x.json ]] ||
  fail "check --estimate-for a missing file: not refused with exit 5: $out"
out=$("$bin" report "$work/e.json" --estimate-for "$gpu" -o "$work/x.html" 2>&1)
[[ $? == 2 ]] && grep -q -- "--estimate-for adds a table to the markdown summary" <<<"$out" &&
  [[ ! -e $work/x.html ]] || fail "report --estimate-for without --markdown: not exit 2: $out"
out=$("$bin" report "$work/cpu.json" --estimate-for "$gpu" --markdown "$work/x.md" 2>&1)
[[ $? == 2 ]] && grep -q -- "no input is one" <<<"$out" && [[ ! -e $work/x.md ]] ||
  fail "report --estimate-for of a timed profile alone: not exit 2: $out"
# A profile checked before schema 2.19: access metrics without new sectors, no estimate.
python3 - "$work/e.json" "$work/old.json" <<'PY' || fail "could not strip the 2.19 fields"
import json, sys
p = json.load(open(sys.argv[1]))
for c in p["cases"]:
    for k in ("new_sectors_per_request", "miss_request_share"):
        del c["check"]["access"][k]
json.dump(p, open(sys.argv[2], "w"))
PY
out=$("$bin" report "$work/old.json" --estimate-for "$gpu" --markdown - 2>&1) ||
  fail "report of a 2.18-style profile: exit $?: $out"
grep -q "^4 case(s) not estimated: no access metrics with new sectors" <<<"$out" ||
  fail "report does not say the cases were not estimated: $out"
grep -Eq "\| (launch|issue|memory|latency) \|" <<<"$out" && fail "rows without new sectors: $out"
echo "ok"
