#!/usr/bin/env bash
# After each merge to the main branch: keep the new profile on a branch of its own and judge the
# whole history (gpu-reduce-prof history, docs/history.md): steps, drifts and kernels that
# turned wrong, with the commits to bisect, appended to $GITHUB_STEP_SUMMARY when set.
#   1. commit PROFILE to DATA_REF (created as an orphan branch when missing) under runs/, through
#      a temporary worktree, so the checkout the job runs in is never touched;
#   2. push it to --remote when given (what a CI job does; tests leave it out);
#   3. run `history --git-ref DATA_REF --branch BRANCH` and exit with its status: 0 nothing
#      fails, 1 a step, drift, break or expired waiver fails, 8 no series could be judged yet.
#
# Usage: examples/ci/history-gate.sh --binary BIN --profile NEW.json [options] [-- history options]
#   --repo DIR        the repository of the measured code (default .)
#   --branch REF      the first-parent line that orders the points (default HEAD)
#   --data-ref NAME   the branch that keeps the profiles (default perf-data)
#   --remote NAME     push DATA_REF there after committing (default: no push)
#   --waivers FILE    known steps that do not fail (history --waivers)
set -euo pipefail
bin=gpu-reduce-prof repo=. branch=HEAD data=perf-data remote="" waivers="" profile=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --binary) bin=$2; shift 2 ;;
    --profile) profile=$2; shift 2 ;;
    --repo) repo=$2; shift 2 ;;
    --branch) branch=$2; shift 2 ;;
    --data-ref) data=$2; shift 2 ;;
    --remote) remote=$2; shift 2 ;;
    --waivers) waivers=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "history-gate: unknown option $1 (--help lists them)" >&2; exit 2 ;;
  esac
done
[[ -f $profile ]] || { echo "history-gate: --profile FILE is required (got '$profile')" >&2; exit 2; }
profile=$(realpath "$profile")
sha=$(git -C "$repo" rev-parse --short=12 "$branch")
work=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$work/tree" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
if git -C "$repo" rev-parse --verify -q "refs/heads/$data" >/dev/null; then
  git -C "$repo" worktree add -q "$work/tree" "$data"
else
  git -C "$repo" worktree add -q --detach "$work/tree"
  git -C "$work/tree" checkout -q --orphan "$data"
  git -C "$work/tree" rm -rq --cached . >/dev/null 2>&1 || true
  git -C "$work/tree" clean -fdq
fi
mkdir -p "$work/tree/runs"
cp "$profile" "$work/tree/runs/$sha-$(date -u +%Y%m%dT%H%M%SZ).json"
git -C "$work/tree" add runs
git -C "$work/tree" -c user.name="${GIT_AUTHOR_NAME:-gpu-reduce-prof}" \
  -c user.email="${GIT_AUTHOR_EMAIL:-gpu-reduce-prof@localhost}" commit -q -m "profile of $sha"
[[ -z $remote ]] || git -C "$work/tree" push -q "$remote" "HEAD:$data"
args=(history --git-ref "$data" --repo "$repo" --branch "$branch" ${waivers:+--waivers "$waivers"} "$@")
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  "$bin" "${args[@]}" --markdown >>"$GITHUB_STEP_SUMMARY" || true
fi
rc=0
"$bin" "${args[@]}" || rc=$?
echo "history-gate: exit $rc"
exit $rc
