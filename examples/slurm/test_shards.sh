#!/usr/bin/env bash
# CTest of the sharded Slurm example without Slurm: two array tasks of `--array=1-2` running
# shard.sh on PoCL with the variables Slurm sets, then merge-shards.sh.
#   test_shards.sh GPU_REDUCE_PROF REPO_ROOT
set -euo pipefail
bin=$1; repo=$2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }
unset JOB_COMPLETION_INDEX GRP_SHARD_INDEX GRP_SHARD_COUNT CI_NODE_INDEX CI_NODE_TOTAL
export GRP_BIN=$bin GRP_OUT=$t/profiles
export GRP_RUN_ARGS="-k reduce2,reduce3,reduce6 -t int -n 4096 -l 8 --rounds 2 --samples 3 --warmup 1 --no-peak --host-repeats 0 --sensors off --settle 0"
for task in 1 2; do
  SLURM_ARRAY_TASK_ID=$task SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=2 SLURM_ARRAY_TASK_COUNT=2 \
    "$repo/examples/slurm/shard.sh" || fail "task $task exited $?"
done
"$repo/examples/slurm/merge-shards.sh" profiles out 2>merge.err || { cat merge.err; fail "merge-shards.sh"; }
cat merge.err
grep -q "from 2 of 2 shards" merge.err || fail "the merge did not find the 2 shards"
python3 -c "
import json
for i in (1, 2):
    s = json.load(open('profiles/shard-%d.json' % i))['runs'][0]['shard']
    assert (s['index'], s['count'], s['source']) == (i, 2, 'slurm'), s
m = json.load(open('out/sweep.json'))
assert len(m['cases']) == 3 and m['fleet'] is not None, len(m['cases'])
" || fail "the shards or their merge"
# A task that failed leaves its shard missing: the rest is merged and reported, marked
# incomplete, the missing shard named with its command, and the script exits 11.
mkdir -p one && cp profiles/shard-1.json one/
rc=0; "$repo/examples/slurm/merge-shards.sh" one one-out 2>one.err || rc=$?
[[ $rc == 11 ]] && grep -q -- "--shard 2/2 -o shard-2.json" one.err ||
  { cat one.err; fail "a missing shard: exit $rc"; }
[[ -s one-out/report.html ]] || fail "no report of the shard there is"
python3 -c "import json; assert json.load(open('one-out/sweep.json'))['complete'] is False" ||
  fail "the merge without shard 2 is not marked incomplete"
echo "slurm-shards-test: ok"
