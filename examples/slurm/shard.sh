#!/usr/bin/env bash
# One shard of a sharded sweep: `run --shard auto` takes the shard from the scheduler's
# environment (a Slurm array's SLURM_ARRAY_TASK_* variables, a Kubernetes Indexed Job's
# JOB_COMPLETION_INDEX with GRP_SHARD_COUNT, or GRP_SHARD_INDEX/GRP_SHARD_COUNT) and writes
# $GRP_OUT/shard-<index>.json.
#   GRP_BIN       gpu-reduce-prof (default: on PATH)
#   GRP_OUT       output folder (default: ./profiles)
#   GRP_RUN_ARGS  the sweep, the same in every shard (default: -k reduce6,reduce_vec4 -l
#                 128,256 -n 2^22,2^26)
#   GRP_DEVICE    `run -d` (default: the one GPU the scheduler left visible)
set -euo pipefail
bin=${GRP_BIN:-gpu-reduce-prof}
out=${GRP_OUT:-profiles}
read -r -a run_args <<<"${GRP_RUN_ARGS:--k reduce6,reduce_vec4 -l 128,256 -n 2^22,2^26}"
task=${SLURM_ARRAY_TASK_ID:-${JOB_COMPLETION_INDEX:-${GRP_SHARD_INDEX:-0}}}
mkdir -p "$out"
file=$out/shard-$task.json
args=("${run_args[@]}" --shard auto -q -o "$file" --force)
[[ -n ${GRP_DEVICE:-} ]] && args+=(-d "$GRP_DEVICE")
rc=0
"$bin" run "${args[@]}" || rc=$?
# 1: a result verified wrong; the shard is written and the merged report shows it.
if [[ $rc -ne 0 && $rc -ne 1 ]]; then exit "$rc"; fi
echo "wrote $file"
