#!/usr/bin/env bash
# CI performance gate for OpenCL reduction kernels, built on gpu-reduce-prof:
#   1. build gpu-reduce-prof (skipped with --binary),
#   2. run a small sweep into a candidate profile (skipped with --candidate),
#   3. compare it with a baseline committed under profiles/baselines/,
#   4. append the markdown comparison to $GITHUB_STEP_SUMMARY when that is set,
#   5. exit 1 on a regression (what counts is --fail-on), 0 otherwise.
#
# Usage: examples/ci/ci-gate.sh [options] [-- extra compare options]
#   --baseline FILE     baseline profile (default profiles/baselines/pocl-ci.json)
#   --binary PATH       use this gpu-reduce-prof instead of building one
#   --build-dir DIR     where to build (default build-ci)
#   --candidate FILE    compare this profile instead of running the sweep
#   --output FILE       where the sweep writes the candidate (default BUILD_DIR/ci-candidate.json)
#   --device DEV        device for the sweep (default: gpu-reduce-prof's default device)
#   --fail-on LIST      what fails the gate (default slower,wrong; see 'compare --help')
#   --threshold PCT     minimum change that counts (default 5)
#   --update-baseline   run the sweep and write it to the baseline instead of comparing
#
# The sweep is defined once, below, so that the baseline and every candidate are made alike.
# A baseline is only comparable on the machine it was made on: on shared CI runners, whose CPUs
# and GPUs change from run to run, gate on results (--fail-on wrong,missing) and read the timing
# table as information; gate on timing (--fail-on slower,wrong) on a dedicated runner whose
# baseline was made there. Exit codes: 0 pass, 1 regression, others: an error of the tool
# (2 usage, 3 OpenCL, 4 kernel build, 5 bad profile).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
baseline=$root/profiles/baselines/pocl-ci.json
binary=""
build_dir=$root/build-ci
candidate=""
output=""
device=""
fail_on=slower,wrong
threshold=5
update=0
extra=()

# The sweep: small enough for a CPU OpenCL device in CI, large enough to leave the caches' noise
# floor. Change it together with the baseline (--update-baseline).
sweep=(-k reduce0,reduce3,reduce6 -l 64,256 -n 2^20 -t float,int --samples 20 --seed 1)

die() { echo "ci-gate: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    --candidate) candidate=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --fail-on) fail_on=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --update-baseline) update=1; shift ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,25p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done

if [[ -z $binary ]]; then
  echo "::group::build gpu-reduce-prof"
  cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DGRP_BUILD_TESTS=OFF
  cmake --build "$build_dir" -j "$(nproc 2>/dev/null || echo 2)"
  echo "::endgroup::"
  binary=$build_dir/gpu-reduce-prof
fi
[[ -x $binary ]] || die "no gpu-reduce-prof at '$binary'"

run_sweep() { # run_sweep OUTPUT
  local args=("${sweep[@]}" -o "$1" --force)
  [[ -n $device ]] && args+=(-d "$device")
  echo "+ gpu-reduce-prof run ${args[*]}"
  local rc=0
  "$binary" run "${args[@]}" || rc=$?
  # 1 means some case verified wrong: still a profile, and compare reports it as 'wrong'.
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    echo "ci-gate: the sweep failed (exit $rc)" >&2
    exit "$rc"
  fi
}

if [[ $update -eq 1 ]]; then
  mkdir -p "$(dirname "$baseline")"
  run_sweep "$baseline"
  echo "ci-gate: wrote the baseline $baseline; commit it"
  exit 0
fi

[[ -f $baseline ]] || die "no baseline at '$baseline'; make one with --update-baseline"
if [[ -z $candidate ]]; then
  candidate=${output:-$build_dir/ci-candidate.json}
  mkdir -p "$(dirname "$candidate")"
  run_sweep "$candidate"
fi

policy=(--fail-on "$fail_on" --threshold "$threshold" "${extra[@]}")
rc=0
"$binary" compare "$baseline" "$candidate" "${policy[@]}" || rc=$?
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  "$binary" compare "$baseline" "$candidate" "${policy[@]}" --markdown \
    >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
fi
case $rc in
  0) echo "ci-gate: PASS (fail on $fail_on)" ;;
  1) echo "ci-gate: FAIL: regression against $(basename "$baseline") (fail on $fail_on)" >&2 ;;
  *) echo "ci-gate: compare failed (exit $rc)" >&2 ;;
esac
exit "$rc"
