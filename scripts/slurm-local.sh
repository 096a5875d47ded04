#!/usr/bin/env bash
# A one-node Slurm on localhost in a temporary folder, to run examples/slurm/shard-array.sbatch
# under a real scheduler: munged and slurmctld/slurmd on ports of their own, then a 2-task
# array of a tiny sweep on the CPU's OpenCL device, one task cancelled mid-run (scancel) and
# resubmitted with the command merge prints, and the merge checked whole (issue #69 items 1-2).
#   scripts/slurm-local.sh GPU_REDUCE_PROF [OUT_DIR]
# Needs root (slurmd runs jobs as their user and is started here as root) and the Debian
# packages slurm-wlm and munge (apt-get install slurm-wlm munge: about 3.5 MB). Exits 77 with the
# reason where it cannot run (no root, a package missing). CTest example.slurm_real_array runs it
# (in CI too: the test command installs the packages as root); docs/fleet.md has its measured
# seconds. Everything it starts is stopped when it exits.
set -euo pipefail
bin=$(realpath "${1:?usage: slurm-local.sh GPU_REDUCE_PROF [OUT_DIR]}")
repo=$(cd "$(dirname "$0")/.." && pwd)
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }
[[ $(id -u) == 0 ]] || skip "not root: slurmd must start as root"
for tool in munged slurmctld slurmd sbatch squeue scontrol; do
  command -v $tool >/dev/null || skip "$tool missing (apt-get install slurm-wlm munge)"
done
t=$(mktemp -d /tmp/grp-slurm.XXXXXX)
out=${2:-$t/shards}
keep=${2:+1} # an OUT_DIR given: the folder of logs kept
pids=()
ok=0
stop() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if ((ok)) && [[ -z $keep ]]; then rm -rf "$t"; else echo "logs: $t"; fi
}
trap stop EXIT
start=$SECONDS
mkdir -p "$t"/{state,spool,munge} "$out"
chmod 711 "$t/munge"
dd if=/dev/urandom of="$t/munge/key" bs=1024 count=1 status=none
chmod 400 "$t/munge/key"
munged --key-file="$t/munge/key" --socket="$t/munge/socket" --pid-file="$t/munge/pid" \
  --log-file="$t/munge/log" --seed-file="$t/munge/seed" --force --foreground \
  >"$t/munged.out" 2>&1 &
pids+=($!)
cpus=$(nproc)
cat >"$t/slurm.conf" <<EOF
ClusterName=grp-local
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
AuthInfo=socket=$t/munge/socket
CredType=cred/munge
StateSaveLocation=$t/state
SlurmdSpoolDir=$t/spool
SlurmctldPidFile=$t/slurmctld.pid
SlurmdPidFile=$t/slurmd.pid
SlurmctldLogFile=$t/slurmctld.log
SlurmdLogFile=$t/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
SchedulerParameters=sched_interval=1
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$t/slurm.conf
until [[ -S $t/munge/socket ]]; do
  ((SECONDS - start < 30)) || fail "munged did not start: $(tail -1 "$t/munge/log")"
  sleep 0.1
done
slurmctld -D -i -f "$SLURM_CONF" >"$t/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$t/slurmd.out" 2>&1 &
pids+=($!)
until sinfo -h -o %t 2>/dev/null | grep -qx idle; do
  ((SECONDS - start < 60)) || fail "the node is not idle after 60 s: $(sinfo 2>&1 | tail -1)"
  sleep 0.5
done
echo "slurm up in $((SECONDS - start)) s"
export GRP_BIN=$bin GRP_OUT=$out GRP_SLURM_DIR=$repo/examples/slurm
fast="-k reduce2,reduce3 -t int -n 4096 -l 8 --rounds 2 --samples 3 --warmup 1 --no-peak --host-repeats 0 --sensors off --settle 0"
# The array's rounds 6 s apart, so that task 1 is still measuring when it is seen running and
# cancelled; the resubmission runs without (--round-spacing is not in the plan's hash).
export GRP_RUN_ARGS="$fast --round-spacing 6"
cd "$repo"
# A CPU-only cluster has no GPU gres: --gres=none on the command line overrides the script's.
wait_for() {
  local until=$((SECONDS + 120))
  while [[ -n $(squeue -h -j "$1" 2>/dev/null) ]]; do
    ((SECONDS < until)) || fail "job $1 still queued or running after 120 s"
    sleep 0.5
  done
}
jid=$(sbatch --parsable --gres=none --cpus-per-task=1 --array=0-1 -o "$t/task-%a.log" \
  examples/slurm/shard-array.sbatch)
# Task 1 lost as a preemption or an operator loses it: scancel once its profiler is running.
until=$((SECONDS + 60))
until pgrep -f -- "-o $out/shard-1.json" >/dev/null; do
  ((SECONDS < until)) || fail "task 1 of job $jid never started its run"
  sleep 0.2
done
sleep 1
scancel "${jid}_1"
wait_for "$jid"
echo "array done at $((SECONDS - start)) s, task 1 cancelled mid-run"
[[ ! -e $out/shard-1.json ]] || fail "the cancelled task wrote its shard: cancelled too late?"
export GRP_RUN_ARGS=$fast
rc=0
"$bin" merge "$out"/shard-*.json -o "$t/x.json" 2>"$t/merge.err" || rc=$?
[[ $rc == 11 ]] || { cat "$t/merge.err" "$t"/task-*.log; fail "merge of a lost shard: exit $rc"; }
resubmit=$(grep -A1 "Resubmit them as slurm made them:" "$t/merge.err" | tail -1)
[[ $resubmit == *"GRP_SHARD_COUNT=2 sbatch --array=1 "*shard-array.sbatch ]] ||
  { cat "$t/merge.err"; fail "no Slurm resubmission printed"; }
echo "resubmitting:$resubmit"
again=$(eval "${resubmit/sbatch /sbatch --parsable --gres=none --cpus-per-task=1 -o $t/again.log }")
wait_for "$again"
"$bin" merge "$out"/shard-*.json -o "$out/sweep.json" --force 2>"$t/merge.err" ||
  { cat "$t/merge.err" "$t/again.log"; fail "merge after the resubmission: exit $?"; }
grep -q "from 2 of 2 shards" "$t/merge.err" || { cat "$t/merge.err"; fail "not whole"; }
ok=1
echo "slurm-local: ok in $((SECONDS - start)) s (merged: $out/sweep.json)"
