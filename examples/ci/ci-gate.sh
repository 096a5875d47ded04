#!/usr/bin/env bash
# CI performance gate for OpenCL reduction kernels, built on gpu-reduce-prof:
#   1. build gpu-reduce-prof (skipped with --binary),
#   2. a duet (--mode duet: your spec's kernels timed beside the base revision's in one
#      invocation, with two A/A controls) or a small sweep into a candidate profile (skipped
#      with --candidate),
#   3. judge the duet, or compare the sweep with a baseline (committed, or made here with
#      --update-baseline),
#   4. append the markdown comparison to $GITHUB_STEP_SUMMARY when that is set,
#   5. exit 1 on a regression (what counts is --fail-on), 8 when timing judged no case
#      (UNDECIDED: a gate that decided nothing is not a pass), 9 when a duet's A/A control
#      was not `same` (BIASED), 0 otherwise.
#
# Usage: examples/ci/ci-gate.sh [options] [-- extra compare options]
#   (arguments after -- go to compare; the sweep's own run options are --run-args)
#   --baseline FILE     baseline profile (default profiles/baselines/pocl-ci.json)
#   --binary PATH       use this gpu-reduce-prof instead of building one
#   --build-dir DIR     where to build (default build-ci)
#   --candidate FILE    compare this profile instead of running the sweep
#   --output FILE       where the sweep writes the candidate (default BUILD_DIR/ci-candidate.json;
#                       with --binary and no --build-dir, ./ci-candidate.json in the current
#                       folder, not the folder of the script); a duet's profile likewise
#                       (ci-duet.json)
#   --device DEV        device for the sweep (default: gpu-reduce-prof's default device)
#   --kernels LIST      what to sweep: built-in names or your spec files (default below)
#   --run-args "ARGS"   the sweep's own `gpu-reduce-prof run` options, one string split on
#                       spaces, as the Action's run-args (default "-l 64,256 -n 2^20,2^22 -t
#                       float --seed 1"); keep them equal for the baseline and the candidate
#   --mode MODE         auto (default), duet or baseline. A duet needs one spec file tracked
#                       by git in --kernels and a base revision: it times both revisions in
#                       the same rounds, so machine load cancels (the mode for shared and CPU
#                       runners, and the default whenever it applies); baseline compares with
#                       a stored profile of earlier runs
#   --budget SPEC       the duet's most processes and/or time (run --budget: 10, 120s,
#                       12,3min; default run's: 10 processes, 30,170s on a CPU device): it
#                       adds processes from 3 on until every candidate case is decided; a duet left
#                       undecided prints this script's command again with the budget its
#                       plan says decides every case
#   --base-ref REF      the duet's base revision (default origin/$GITHUB_BASE_REF in a pull
#                       request, else HEAD~1)
#   --fail-on LIST      what fails the gate (default: compare's, slower,wrong,unmeasured)
#   --threshold PCT     the smallest change that matters (default 5)
#   --update-baseline   measure the baseline here instead of comparing: --runs sweeps, merged
#   --runs N            sweeps merged into a baseline (default 3), each an invocation of
#                       `run --gate`, itself 3 processes: the baseline's spread from
#                       one invocation to the next is measured, not assumed
#
# Timing is only comparable on the machine the baseline was made on. compare knows the machine
# (profiles record a hashed machine id, CPU, OS, driver): against a baseline from another host
# it labels every case cross-machine and reports, but does not fail, raw-time slowdowns; the
# gate says so. So: make the baseline on the runner that gates (--update-baseline, e.g. from
# the base branch in the same job, or kept in the runner's cache), and timing is gated; on a
# pool of ever-changing hosts the same policy still gates results (wrong, unmeasured) and shows
# timing for information. Exit codes: 0 pass, 1 regression, 8 undecided, others: an error of the tool
# (2 usage, 3 OpenCL, 4 kernel build, 5 bad profile, 7 nothing measured).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
baseline=$root/profiles/baselines/pocl-ci.json
binary=""
build_dir=$root/build-ci
build_dir_given=0
candidate=""
output=""
device=""
kernels=reduce6,reduce_vec4
fail_on=""
threshold=5
update=0
runs=3
mode=auto
base_ref=""
extra=()
budget=()

# The sweep: small enough for a CPU OpenCL device in CI, large enough to leave the caches'
# noise floor. Change it (--run-args) together with the baseline (--update-baseline).
sweep=(-l 64,256 -n 2^20,2^22 -t float --seed 1)
# This script's own command line, for the "to decide" line of an undecided duet.
gate_argv=("$0" "$@")

die() { echo "ci-gate: $*" >&2; exit 2; }

while [[ $# -gt 0 ]]; do
  case $1 in
    --baseline) baseline=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    --build-dir) build_dir=$2; build_dir_given=1; shift 2 ;;
    --candidate) candidate=$2; shift 2 ;;
    --output) output=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --kernels) kernels=$2; shift 2 ;;
    --fail-on) fail_on=$2; shift 2 ;;
    --threshold) threshold=$2; shift 2 ;;
    --update-baseline) update=1; shift ;;
    --runs) runs=$2; shift 2 ;;
    --mode) mode=$2; shift 2 ;;
    --base-ref) base_ref=$2; shift 2 ;;
    --budget) budget=(--budget "$2"); shift 2 ;;
    --run-args) read -r -a sweep <<<"$2"; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/{/^#/p}' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive count, got '$runs'"
case $mode in auto|duet|baseline) ;; *) die "--mode is auto, duet or baseline, got '$mode'" ;; esac
if [[ -z $base_ref ]]; then
  base_ref=${GITHUB_BASE_REF:+origin/$GITHUB_BASE_REF}
  base_ref=${base_ref:-HEAD~1}
fi

# duet_spec: the one spec file of --kernels when git tracks it and knows the base revision
# (its path from the repository's top on stdout); nothing otherwise.
duet_spec() {
  [[ $kernels != *,* && $kernels == *.json && -f $kernels ]] || return 1
  local dir top rel
  dir=$(cd "$(dirname "$kernels")" && pwd)
  top=$(git -C "$dir" rev-parse --show-toplevel 2>/dev/null) || return 1
  rel=${dir#"$top"}/$(basename "$kernels")
  rel=${rel#/}
  git -C "$top" cat-file -e "$base_ref:$rel" 2>/dev/null || return 1
  printf '%s\n%s\n' "$top" "$rel"
}
if [[ $mode != baseline && $update -eq 0 && -z $candidate ]]; then
  if spec_at=$(duet_spec); then
    mode=duet
  elif [[ $mode == duet ]]; then
    die "--mode duet needs one spec file in --kernels that git tracks at $base_ref" \
        "(got '$kernels')"
  else
    mode=baseline
  fi
fi

if [[ -z $binary ]]; then
  echo "::group::build gpu-reduce-prof"
  cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release -DGRP_BUILD_TESTS=OFF
  cmake --build "$build_dir" -j "$(nproc 2>/dev/null || echo 2)"
  echo "::endgroup::"
  binary=$build_dir/gpu-reduce-prof
  out_dir=$build_dir
else
  out_dir=$PWD # a binary built elsewhere: the outputs belong to the caller's folder
  [[ $build_dir_given == 1 ]] && out_dir=$build_dir
fi
[[ -x $binary ]] || die "no gpu-reduce-prof at '$binary'"

# run_tool WHAT RUN-ARGS...: gpu-reduce-prof run on the chosen device. Exit 1 means some case
# verified wrong: still a profile, and compare reports it as 'wrong'; any other failure ends
# the gate with its code.
run_tool() {
  local what=$1
  shift
  local args=("$@")
  [[ -n $device ]] && args+=(-d "$device")
  echo "+ gpu-reduce-prof run ${args[*]}"
  local rc=0
  "$binary" run "${args[@]}" >/dev/null || rc=$?
  if [[ $rc -ne 0 && $rc -ne 1 ]]; then
    echo "ci-gate: the $what failed (exit $rc)" >&2
    exit "$rc"
  fi
}

run_sweep() { # run_sweep OUTPUT
  run_tool sweep -k "$kernels" "${sweep[@]}" --gate -q -o "$1" --force
}

# run_duet OUTPUT: the base revision's folder of the spec, from git, timed beside the work
# tree's kernels in one invocation (run --duet: two A/A controls, processes added from 3 until
# decided, --budget at most).
run_duet() {
  local top rel
  top=$(sed -n 1p <<<"$spec_at")
  rel=$(sed -n 2p <<<"$spec_at")
  base_tree=$(mktemp -d)
  trap 'rm -rf "$base_tree"' EXIT
  git -C "$top" archive "$base_ref" -- "$(dirname "$rel")" | tar -x -C "$base_tree"
  echo "ci-gate: the duet's base is $rel at $base_ref"
  run_tool duet -k "$kernels" --duet "$base_tree/$rel" "${sweep[@]}" "${budget[@]}" -q -o "$1" \
    --force
}

# pass_line WHAT COMPARE-OUTPUT: the gate's PASS, with the count of cases compare's PASS left
# undecided (exit 0 judged some cases, not every one): one vocabulary with compare's headline.
pass_line() {
  local undecided
  undecided=$(grep -oE '[0-9]+ of [0-9]+ undecided' <<<"$2" | head -n 1 || true)
  local named="named in the headline of compare above"
  echo "ci-gate: PASS ($1)${undecided:+; $undecided, $named}"
}

# decide_line COMPARE-OUTPUT: "ci-gate: to decide: <this script's command> --budget N" when
# compare's plan names the N processes that decide every undecided case; nothing otherwise.
decide_line() {
  local n words=() skip=0 w
  n=$(grep -oE '[0-9]+ processes decide every undecided case' <<<"$1" | head -n 1 | cut -d' ' -f1 ||
    true)
  [[ -n $n ]] || return 0
  for w in "${gate_argv[@]}"; do
    if [[ $skip -eq 1 ]]; then skip=0; continue; fi
    if [[ $w == --budget ]]; then skip=1; continue; fi
    if [[ $w == -- ]]; then words+=(--budget "$n"); n=""; fi
    words+=("$w")
  done
  [[ -n $n ]] && words+=(--budget "$n")
  printf 'ci-gate: to decide: %s\n' "$(printf '%q ' "${words[@]}" | sed 's/ $//')"
}

if [[ $mode == duet ]]; then
  duet=${output:-$out_dir/ci-duet.json}
  mkdir -p "$(dirname "$duet")"
  run_duet "$duet"
  policy=(--threshold "$threshold" "${extra[@]}")
  [[ -n $fail_on ]] && policy+=(--fail-on "$fail_on")
  rc=0
  out=$("$binary" compare "$duet" "${policy[@]}" 2>&1) || rc=$?
  # compare's own "to decide" re-runs `run --duet` on this gate's temporary copy of the base,
  # gone when the gate ends: the gate's command with the plan's budget stands in for it.
  decide=$(decide_line "$out")
  grep -v "^ *to decide: " <<<"$out" || true
  if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
    "$binary" compare "$duet" "${policy[@]}" --markdown 2>/dev/null |
      while IFS= read -r line; do
        if [[ $line == *"**plan**: to decide: "* ]]; then
          # shellcheck disable=SC2016 # the backquotes are markdown's code span
          [[ -n $decide ]] && printf '  - **plan**: `%s`\n' "${decide#ci-gate: to decide: }"
        else
          printf '%s\n' "$line"
        fi
      done >>"$GITHUB_STEP_SUMMARY" || true
  fi
  [[ -n $decide ]] && echo "$decide"
  case $rc in
    0) pass_line "duet against $base_ref" "$out" ;;
    1) echo "ci-gate: FAIL: slower than $base_ref in the duet" >&2 ;;
    8) echo "ci-gate: UNDECIDED: the duet decided no case (exit 8);" \
            "$([[ -n $decide ]] && echo "the to-decide line above re-runs this gate with the budget that decides" || echo "the notes of compare above say why")" >&2 ;;
    9) echo "ci-gate: BIASED: an A/A control of the duet was not same (exit 9): the machine" \
            "treated identical kernels differently; nothing is judged" >&2 ;;
    *) echo "ci-gate: compare failed (exit $rc)" >&2 ;;
  esac
  exit "$rc"
fi

if [[ $update -eq 1 ]]; then
  mkdir -p "$(dirname "$baseline")"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  files=()
  for i in $(seq 1 "$runs"); do
    run_sweep "$tmp/run$i.json"
    files+=("$tmp/run$i.json")
  done
  "$binary" merge "${files[@]}" -o "$baseline" --force
  echo "ci-gate: wrote the baseline $baseline ($runs sweeps on $(uname -n)); commit or cache it"
  exit 0
fi

[[ -f $baseline ]] || die "no baseline at '$baseline'; make one with --update-baseline"
if [[ -z $candidate ]]; then
  candidate=${output:-$out_dir/ci-candidate.json}
  mkdir -p "$(dirname "$candidate")"
  run_sweep "$candidate"
fi

policy=(--threshold "$threshold" "${extra[@]}")
[[ -n $fail_on ]] && policy+=(--fail-on "$fail_on")
rc=0
out=$("$binary" compare "$baseline" "$candidate" "${policy[@]}" 2>&1) || rc=$?
printf '%s\n' "$out"
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  "$binary" compare "$baseline" "$candidate" "${policy[@]}" --markdown \
    >>"$GITHUB_STEP_SUMMARY" 2>/dev/null || true
fi
if grep -q "warning: cross-machine" <<<"$out"; then
  echo "ci-gate: the baseline was made on another machine: timing is shown, not gated." \
       "Make a baseline on this runner (--update-baseline) to gate it." >&2
fi
policy_text=${fail_on:-compare\'s default}
case $rc in
  0) pass_line "fail on $policy_text" "$out" ;;
  1) echo "ci-gate: FAIL: regression against $(basename "$baseline") (fail on $policy_text)" >&2 ;;
  8) if grep -q "one run on each side cannot support" <<<"$out"; then
       echo "ci-gate: NOT GATED: baseline and candidate are one run each (exit 8); make them" \
            "with run --gate, as this script's own sweeps are, or merge 3 runs into the baseline" >&2
     else
       echo "ci-gate: UNDECIDED: timing judged no case, so this gate decided nothing (exit 8);" \
            "time base and candidate in one invocation as a duet (docs/compare.md)" >&2
     fi ;;
  *) echo "ci-gate: compare failed (exit $rc)" >&2 ;;
esac
exit "$rc"
