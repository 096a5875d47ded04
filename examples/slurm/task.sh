#!/usr/bin/env bash
# One array task: profiles the GPU this task was given into one file named for its node and
# GPU, so that tasks on many nodes can share one output folder.
#
# Environment (Slurm sets the first ones; outside Slurm set them by hand, as the test does):
#   SLURMD_NODENAME          node name (default: hostname -s)
#   SLURM_ARRAY_TASK_ID      the task's index (default 0)
#   SLURM_STEP_GPUS / SLURM_JOB_GPUS   the physical GPU index(es) Slurm allocated (gres/gpu)
#   CUDA_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES   what the GPU runtime will show; Slurm sets them
#                            to the allocated GPU(s), renumbered from 0 under cgroup confinement
#   GRP_GPU                  a GPU index to use instead (several tasks on one node without
#                            gres): exported as CUDA_VISIBLE_DEVICES, ROCR_VISIBLE_DEVICES and
#                            GPU_DEVICE_ORDINAL, so NVIDIA's and AMD's OpenCL show only that GPU
#   GRP_BIN                  gpu-reduce-prof (default: on PATH)
#   GRP_OUT                  output folder (default: ./profiles)
#   GRP_RUN_ARGS             the sweep (default: -k reduce6,reduce_vec4 -l 128,256 -n 2^22,2^26)
#   GRP_DEVICE               `run -d` device (default: the runtime's first device, i.e. the one
#                            GPU left visible)
set -euo pipefail

bin=${GRP_BIN:-gpu-reduce-prof}
out=${GRP_OUT:-profiles}
node=${SLURMD_NODENAME:-$(hostname -s)}
task=${SLURM_ARRAY_TASK_ID:-0}
read -r -a run_args <<<"${GRP_RUN_ARGS:--k reduce6,reduce_vec4 -l 128,256 -n 2^22,2^26}"

if [[ -n ${GRP_GPU:-} ]]; then
  export CUDA_VISIBLE_DEVICES=$GRP_GPU ROCR_VISIBLE_DEVICES=$GRP_GPU GPU_DEVICE_ORDINAL=$GRP_GPU
fi
# The physical index for the file name: Slurm's allocation when there is one, else what the
# runtime was told to show (first entry: one GPU per task).
gpus=${GRP_GPU:-${SLURM_STEP_GPUS:-${SLURM_JOB_GPUS:-${CUDA_VISIBLE_DEVICES:-${ROCR_VISIBLE_DEVICES:-0}}}}}
gpu=${gpus%%,*}
mkdir -p "$out"
file=$out/profile-$node-gpu$gpu-$task.json

args=("${run_args[@]}" -q -o "$file" --force)
[[ -n ${GRP_DEVICE:-} ]] && args+=(-d "$GRP_DEVICE")
echo "task $task on $node, GPU $gpu (CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-unset}," \
     "ROCR_VISIBLE_DEVICES=${ROCR_VISIBLE_DEVICES:-unset}): $file"
rc=0
"$bin" run "${args[@]}" || rc=$?
# 1: a result verified wrong; the profile is written and the report shows it.
if [[ $rc -ne 0 && $rc -ne 1 ]]; then exit "$rc"; fi
echo "wrote $file"
