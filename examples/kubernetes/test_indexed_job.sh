#!/usr/bin/env bash
# CTest of the Kubernetes example without Kubernetes: the container's command from
# indexed-job.yaml, run as the Job controller would start each pod (JOB_COMPLETION_INDEX 0..2,
# gpu-reduce-prof on PATH, GRP_OUT a temporary folder, a tiny sweep), then the merge.
#   test_indexed_job.sh GPU_REDUCE_PROF REPO_ROOT
set -euo pipefail
bin=$1; repo=$2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }
unset SLURM_ARRAY_TASK_ID GRP_SHARD_INDEX GRP_SHARD_COUNT CI_NODE_INDEX CI_NODE_TOTAL
manifest=$repo/examples/kubernetes/indexed-job.yaml
# The folded command (the lines after "- >-" up to "resources:"), joined as YAML folds them.
cmd=$(awk '/- >-$/{on=1; next} /resources:/{on=0} on{sub(/^ +/, ""); printf "%s ", $0}' "$manifest")
[[ $cmd == *"--shard auto/3"* ]] || fail "no --shard auto/3 in the manifest's command: $cmd"
completions=$(awk '/completions:/{print $2; exit}' "$manifest")
mkdir -p bin out
ln -s "$bin" bin/gpu-reduce-prof
export PATH=$t/bin:$PATH GRP_OUT=$t/out
export GRP_RUN_ARGS="-k reduce2,reduce3,reduce6 -t int -n 4096 -l 8 --rounds 2 --samples 3 --warmup 1 --no-peak --host-repeats 0 --sensors off --settle 0"
for ((i = 0; i < completions; ++i)); do
  JOB_COMPLETION_INDEX=$i sh -c "$cmd" || fail "pod $i exited $?"
done
ls out
GRP_BIN=$bin "$repo/examples/slurm/merge-shards.sh" out merged 2>merge.err || { cat merge.err; fail "merge-shards.sh"; }
cat merge.err
grep -q "from 3 of 3 shards" merge.err || fail "the merge did not find the 3 shards"
grep -q "### Fleet" merged/summary.md || fail "no fleet view in the summary"
echo "kubernetes-test: ok"
