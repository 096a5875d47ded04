#!/usr/bin/env bash
# CTest of the Slurm example without Slurm: two array tasks on PoCL, from a temporary folder
# outside this repository, with the variables Slurm would set (task 0: a gres allocation,
# SLURM_STEP_GPUS; task 1: GRP_GPU, one node's GPUs shared out by hand), then collect.sh.
#   test_slurm.sh GPU_REDUCE_PROF REPO_ROOT
set -euo pipefail
bin=$1; repo=$2
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
fail() { echo "FAIL: $*"; exit 1; }
unset SLURM_STEP_GPUS SLURM_JOB_GPUS CUDA_VISIBLE_DEVICES ROCR_VISIBLE_DEVICES GRP_GPU
export GRP_BIN=$bin GRP_OUT=$t/profiles
export GRP_RUN_ARGS="-k reduce6 -t int -l 64 -n 4k --rounds 2 --gate --samples 3 --warmup 1 --round-spacing 0 --no-peak"

SLURMD_NODENAME=gpu-a01 SLURM_ARRAY_TASK_ID=0 SLURM_STEP_GPUS=2 CUDA_VISIBLE_DEVICES=0 \
  "$repo/examples/slurm/task.sh"
out=$(SLURMD_NODENAME=gpu-a02 SLURM_ARRAY_TASK_ID=1 GRP_GPU=1 "$repo/examples/slurm/task.sh")
echo "$out"
grep -q "CUDA_VISIBLE_DEVICES=1, ROCR_VISIBLE_DEVICES=1" <<<"$out" || fail "GRP_GPU not exported"
[[ -s profiles/profile-gpu-a01-gpu2-0.json ]] || fail "task 0's file is not named node/GPU 2"
[[ -s profiles/profile-gpu-a02-gpu1-1.json ]] || fail "task 1's file is not named node/GPU 1"

rc=0
"$repo/examples/slurm/collect.sh" profiles out || rc=$?
[[ $rc -eq 0 ]] || fail "collect.sh exited $rc"
grep -q 'id="throughput"' out/report.html || fail "no throughput chart across the nodes in the report"
grep -q 'gpu-reduce-prof summary' out/summary.md || fail "no markdown summary"
grep -q 'profile-gpu-a02-gpu1-1.json' out/compare.txt || fail "compare did not list both profiles"
echo "slurm-test: ok"
