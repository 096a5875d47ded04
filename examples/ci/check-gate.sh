#!/usr/bin/env bash
# CI correctness and work gate on the Oclgrind simulator, built on `gpu-reduce-prof check`:
# runs on any hosted runner (no GPU, no quiet machine needed) and is deterministic.
#   1. check the candidate's kernels: a race, an invalid access or a barrier not reached by the
#      whole group makes the job fail, with the source line;
#   2. with --base (the base revision's spec, e.g. from `git worktree add base origin/main`):
#      check it too and compare the work counts: a candidate that loads, stores or executes more
#      than the base beyond --work-threshold fails (more-work); identical code is same-work;
#   3. append both to $GITHUB_STEP_SUMMARY when that is set.
#
# Usage: examples/ci/check-gate.sh --binary PATH --kernels SPEC [--base SPEC]
#                                  [--work-threshold PCT] [-- extra check options]
# Needs the Debian/Ubuntu package oclgrind. Exit codes: 0 pass, 1 unsafe, wrong or more-work,
# others: an error of the tool (2 usage, 3 no simulator, 4 kernel build, 5 bad spec).
set -euo pipefail

binary="" kernels="" base="" threshold=1 extra=()
die() { echo "check-gate: $*" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --binary) binary=$2; shift 2 ;;
    --kernels) kernels=$2; shift 2 ;;
    --base) base=$2; shift 2 ;;
    --work-threshold) threshold=$2; shift 2 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown option '$1' (see --help)" ;;
  esac
done
[[ -n $binary && -n $kernels ]] || die "--binary and --kernels are required (see --help)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
summary() { [[ -n ${GITHUB_STEP_SUMMARY:-} ]] && cat >>"$GITHUB_STEP_SUMMARY" || cat >/dev/null; }

status=0
"$binary" check -k "$kernels" -q -o "$work/candidate.json" "${extra[@]}" >"$work/candidate.txt" ||
  status=$?
cat "$work/candidate.txt"
{ echo "### gpu-reduce-prof check: $([[ $status == 0 ]] && echo PASS || echo FAIL)"
  echo; echo '```'; cat "$work/candidate.txt"; echo '```'; } | summary
if [[ $status != 0 && $status != 1 ]]; then
  echo "check-gate: check failed with exit $status" >&2
  exit "$status"
fi
if [[ -n $base ]]; then
  "$binary" check -k "$base" -q -o "$work/base.json" "${extra[@]}" >/dev/null || [[ $? == 1 ]] ||
    die "checking the base revision's spec failed"
  work_status=0
  "$binary" compare "$work/base.json" "$work/candidate.json" --work-threshold "$threshold" ||
    work_status=$?
  "$binary" compare "$work/base.json" "$work/candidate.json" --work-threshold "$threshold" \
    --markdown | summary || true
  [[ $work_status == 0 ]] || status=1
fi
echo "check-gate: $([[ $status == 0 ]] && echo PASS || echo FAIL)"
exit "$status"
