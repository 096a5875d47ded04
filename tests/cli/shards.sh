#!/usr/bin/env bash
# run --shard K/N (issue #49) on PoCL, each scheduler's environment faked: three processes as
# the shards of one tiny sweep (a Slurm array task, a Kubernetes Indexed Job pod, a CI matrix
# job), checked against the unsharded run of the same plan.
# Usage: shards.sh BIN OUTDIR
#   Checks: every shard records the same plan hash and its own index; the anchors are in every
#   shard; the shards' own cases are disjoint and with the anchors exactly the unsharded plan's
#   cases; --dry-run shows the share; usage errors for a shard that does not exist or auto without
#   a scheduler.
set -u
bin=$1; out=$2
rm -rf "$out"; mkdir -p "$out"; cd "$out" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_COUNT \
  SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX GRP_SHARD_INDEX GRP_SHARD_COUNT CI_NODE_INDEX \
  CI_NODE_TOTAL
plan=(-k reduce2,reduce3,reduce6 -t int,float -n 4096 -l 8 --rounds 2 --samples 3 --warmup 1
  --no-peak --host-repeats 0 --sensors off --settle 0 -q)

dry=$("$bin" run "${plan[@]}" --dry-run --shard 2/3) || fail "dry run exited $?"
grep -q "^shard 2/3 (argument): .* of the plan's 6 cases, 2 anchors included" <<<"$dry" ||
  { echo "$dry"; fail "--dry-run does not show the share"; }

"$bin" run "${plan[@]}" -o whole.json >/dev/null 2>&1 || fail "the unsharded run exited $?"
SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=4 SLURM_ARRAY_TASK_MAX=6 \
  "$bin" run "${plan[@]}" --shard auto -o s1.json >/dev/null 2>&1 || fail "slurm shard exited $?"
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

"$bin" run "${plan[@]}" --shard auto -o x.json 2>auto.err; rc=$?
[[ $rc == 2 ]] && grep -q "no scheduler's variables" auto.err || { cat auto.err; fail "auto: exit $rc"; }
"$bin" run "${plan[@]}" --shard 4/3 -o x.json 2>k.err; rc=$?
[[ $rc == 2 ]] && grep -q "shard 4 of 3 does not exist" k.err || { cat k.err; fail "4/3: exit $rc"; }

echo "shards-test: ok"
