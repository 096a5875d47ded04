#!/usr/bin/env bash
# run --shard K/N and merge of the shards (issue #49) on PoCL, each scheduler's environment
# faked: three processes as the shards of one tiny sweep (a Slurm array task, a Kubernetes
# Indexed Job pod, a CI matrix job), then their merge against the unsharded run of the same plan.
# Usage: shards.sh BIN OUTDIR
#   Checks: every shard records the same plan hash and its own index; the anchors are in every
#   shard; the shards' own cases are disjoint; the merge holds exactly the unsharded plan's case
#   keys, each once; a missing shard stops the merge (exit 11, the shard and its command named)
#   unless --allow-missing (exit 0, the profile marked incomplete), with the Slurm resubmission
#   (#69), which run as Slurm would (an array of one task, GRP_SHARD_COUNT pinned) makes the
#   shard again and merges; a shard present twice is kept once, in a note; a foreign plan's
#   shard is refused (exit 2); a forged or damaged record (shard 4 of 3, a case removed,
#   another N) is refused by validate and merge alike (exit 5, the field named); --dry-run
#   shows the share; the fleet view is in report and compare.
set -u
bin=$1; out=$2
rm -rf "$out"; mkdir -p "$out"; cd "$out" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_COUNT \
  SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX GRP_SHARD_INDEX GRP_SHARD_COUNT CI_NODE_INDEX \
  CI_NODE_TOTAL SLURM_ARRAY_JOB_ID SLURM_JOB_NAME SLURM_SUBMIT_DIR GRP_JOB_SCRIPT
plan=(-k reduce2,reduce3,reduce6 -t int,float -n 4096 -l 8 --rounds 2 --samples 3 --warmup 1
  --no-peak --host-repeats 0 --sensors off --settle 0 -q)

dry=$("$bin" run "${plan[@]}" --dry-run --shard 2/3) || fail "dry run exited $?"
grep -q "^shard 2/3 (argument): .* of the plan's 6 cases, 2 anchors included" <<<"$dry" ||
  { echo "$dry"; fail "--dry-run does not show the share"; }

"$bin" run "${plan[@]}" -o whole.json >/dev/null 2>&1 || fail "the unsharded run exited $?"
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=2 SLURM_JOB_NAME=shard-array.sbatch \
  SLURM_SUBMIT_DIR=/tmp/sweep "$bin" run "${plan[@]}" --shard auto -o s1.json >/dev/null 2>&1 ||
  fail "slurm shard exited $?"
JOB_COMPLETION_INDEX=1 "$bin" run "${plan[@]}" --shard auto/3 -o s2.json >/dev/null 2>&1 ||
  fail "kubernetes shard exited $?"
GRP_SHARD_INDEX=3 GRP_SHARD_COUNT=3 "$bin" run "${plan[@]}" --shard auto -o s3.json >/dev/null 2>&1 ||
  fail "CI matrix shard exited $?"

python3 - <<'PY' || fail "the shards are not one partition of the plan"
import json
def kt(k):  # case_key::to_string for these keys (sum, no parameters, warm)
    return f"{k['kernel']}/{k['type']}/{k['layout']}/n={k['n']}/local={k['local_size']}"
whole = {kt(c["key"]) for c in json.load(open("whole.json"))["cases"]}
shards = [json.load(open(f"s{i}.json")) for i in (1, 2, 3)]
recs = [s["runs"][0]["shard"] for s in shards]
assert [(r["index"], r["count"], r["source"]) for r in recs] == \
    [(1, 3, "slurm"), (2, 3, "kubernetes"), (3, 3, "environment")], recs
assert len({r["plan_sha256"] for r in recs}) == 1 and all(r["planned_cases"] == 6 for r in recs)
anchors = recs[0]["anchors"]
assert len(anchors) == 2 and all(r["anchors"] == anchors for r in recs), recs
own = []
for s in shards:
    names = [kt(c["key"]) for c in s["cases"]]
    assert all(a in names for a in anchors), ("an anchor is missing", names)
    own += [n for n in names if n not in anchors]
assert len(own) == len(set(own)), "a case in two shards"
assert set(own) | set(anchors) == whole and len(own) + len(anchors) == len(whole), (own, whole)
PY

"$bin" merge s1.json s2.json s3.json -o merged.json 2>merge.err || { cat merge.err; fail "merge exited $?"; }
grep -q "from 3 of 3 shards" merge.err || { cat merge.err; fail "merge does not say it merged shards"; }
python3 - <<'PY' || fail "the merge is not the unsharded plan's cases, each once"
import json
text = lambda k: json.dumps(k, sort_keys=True)
m = json.load(open("merged.json"))
w = json.load(open("whole.json"))
mk = [text(c["key"]) for c in m["cases"]]
assert len(mk) == len(set(mk)) == 6 and set(mk) == {text(c["key"]) for c in w["cases"]}, mk
assert len(m["runs"]) == 3 and m["fleet"] is not None and len(m["fleet"]["cases"]) == 6
assert w["fleet"] is None and w["runs"][0]["shard"] is None
PY
"$bin" validate merged.json s1.json >/dev/null || fail "validate refused a shard or the merge"

"$bin" merge s1.json s3.json -o partial.json 2>partial.err; rc=$?
[[ $rc == 11 && ! -e partial.json ]] || { cat partial.err; fail "a missing shard: exit $rc"; }
grep -q "error: shard 2 of 3 missing" partial.err &&
  grep -q "^  gpu-reduce-prof run -k reduce2,reduce3,reduce6 .*--shard 2/3 -o shard-2.json$" partial.err &&
  grep -q "Resubmit them as slurm made them:" partial.err &&
  grep -qx "  cd /tmp/sweep && GRP_SHARD_COUNT=3 sbatch --array=1 shard-array.sbatch" partial.err ||
  { cat partial.err; fail "the missing shard, its resubmission or its command not named"; }
# (#69) the resubmission as Slurm runs it: an array of one task, the count pinned: shard 2/3 again
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=1 SLURM_ARRAY_TASK_COUNT=1 \
  GRP_SHARD_COUNT=3 "$bin" run "${plan[@]}" --shard auto -o s2b.json >/dev/null 2>&1 ||
  fail "the resubmitted shard exited $?"
"$bin" merge s1.json s2b.json s3.json -o again.json 2>again.err ||
  { cat again.err; fail "merge of the resubmitted shard exited $?"; }
# a retry that raced: shard 2 from two runs, one kept by rule, said in a note
"$bin" merge s1.json s2.json s2b.json s3.json -o raced.json 2>raced.err ||
  { cat raced.err; fail "merge of a shard present twice exited $?"; }
grep -q "^note: shard 2 twice, from two runs .*kept s2.json (complete, [0-9]* cases ok), left out s2b.json" raced.err ||
  { cat raced.err; fail "the second copy of shard 2 not said"; }
python3 - <<'PY' || fail "a resubmitted or raced shard's merge is not the plan's cases, each once"
import json
text = lambda k: json.dumps(k, sort_keys=True)
whole = {text(c["key"]) for c in json.load(open("whole.json"))["cases"]}
for name, runs in (("again.json", 3), ("raced.json", 3)):
    m = json.load(open(name))
    keys = [text(c["key"]) for c in m["cases"]]
    assert len(keys) == len(set(keys)) and set(keys) == whole and m["complete"], name
    assert len(m["runs"]) == runs, (name, len(m["runs"]))
r = json.load(open("s2b.json"))["runs"][0]["shard"]
assert (r["index"], r["count"], r["source"]) == (2, 3, "slurm"), r
assert r["variables"]["GRP_SHARD_COUNT"] == "3" and r["variables"]["SLURM_ARRAY_TASK_ID"] == "1", r
PY
grep -q -- "--shard auto" partial.err && { cat partial.err; fail "the command keeps --shard auto"; }
"$bin" merge s1.json s3.json --allow-missing -o partial.json 2>partial.err ||
  { cat partial.err; fail "--allow-missing exited $?"; }
grep -q "warning: shard 2 of 3 missing.*--shard 2/3" partial.err || { cat partial.err; fail "missing shard not named"; }
python3 -c "
import json; p = json.load(open('partial.json'))
assert p['complete'] is False and 'shard 2 of 3 missing' in p['incomplete_reason'], p['incomplete_reason']
" || fail "a merge without shard 2 is not marked incomplete"
"$bin" validate partial.json >/dev/null || fail "validate refused the partial merge"

python3 - <<'PY'
import json
def edit(name, change):
    p = json.load(open("s2.json"))
    change(p)
    json.dump(p, open(name, "w"))
edit("four_of_three.json", lambda p: p["runs"][0]["shard"].update(index=4))
edit("short.json", lambda p: p["cases"].pop())
edit("other_n.json", lambda p: p["runs"][0]["shard"].update(count=4))
PY
for f in four_of_three:/runs/0/shard/index short.json:/runs/0/shard/cases; do
  file=${f%%:*}; file=${file%.json}.json; field=${f#*:}
  "$bin" validate "$file" >v.out 2>&1; rc=$?
  [[ $rc == 5 ]] && grep -q "$file: $field" v.out || { cat v.out; fail "validate $file: exit $rc"; }
  "$bin" merge s1.json "$file" s3.json -o x.json 2>m.err; rc=$?
  [[ $rc == 5 && ! -e x.json ]] && grep -q "$file: $field" m.err || { cat m.err; fail "merge $file: exit $rc"; }
done
"$bin" merge s1.json other_n.json s3.json -o x.json 2>m.err; rc=$?
[[ $rc == 5 ]] && grep -q "other_n.json: /runs/0/shard/count: 4 shards" m.err ||
  { cat m.err; fail "a shard of another N: exit $rc"; }

python3 - <<'PY'
import json
p = json.load(open("s2.json"))
p["runs"][0]["shard"]["plan_sha256"] = "0" * 64
json.dump(p, open("foreign.json", "w"))
PY
"$bin" merge s1.json foreign.json s3.json -o x.json 2>foreign.err; rc=$?
[[ $rc == 2 ]] && grep -q "foreign.json is a shard of another plan" foreign.err ||
  { cat foreign.err; fail "a foreign shard: exit $rc"; }


"$bin" run "${plan[@]}" --shard auto -o x.json 2>auto.err; rc=$?
[[ $rc == 2 ]] && grep -q "no scheduler's variables" auto.err || { cat auto.err; fail "auto: exit $rc"; }
"$bin" run "${plan[@]}" --shard 4/3 -o x.json 2>k.err; rc=$?
[[ $rc == 2 ]] && grep -q "shard 4 of 3 does not exist" k.err || { cat k.err; fail "4/3: exit $rc"; }

"$bin" report merged.json --markdown summary.md >/dev/null 2>&1 || fail "report exited $?"
grep -q "### Fleet: card levels from the anchors" summary.md || fail "no fleet in the report"
"$bin" compare whole.json merged.json --allow-cross-machine >/dev/null 2>compare.err
grep -q "fleet of merged.json" compare.err || { cat compare.err; fail "no fleet in compare"; }
echo "shards-test: ok"
