#!/usr/bin/env bash
# When the post-merge history gate fails (history-gate.sh, exit 1): bisect the failing step's
# range with gpu-reduce-prof bisect (docs/bisect.md) and post the first bad commit to the job
# summary ($GITHUB_STEP_SUMMARY when set) and stdout.
#   1. read the findings: `history --git-ref DATA_REF --json` (or --history-json FILE, the same
#      document saved by an earlier step);
#   2. take the first failing step (or break) whose two ends are commits, and the `bisect`
#      command history printed for it, with -k SPEC filled in;
#   3. run it (the state and every duet's profile in --state, for an artifact upload) and exit
#      with its status: 0 an answer (a first bad commit, or not slower), 8 undecided; 0 also
#      when nothing fails (nothing to bisect).
#
# Usage: examples/ci/bisect-on-failure.sh --binary BIN --kernel SPEC [options] [-- bisect options]
#   --kernel SPEC       the spec's path in the repository (history cannot know it)
#   --repo DIR          the repository of the measured code (default .)
#   --branch REF        the first-parent line (default HEAD)
#   --data-ref NAME     the branch that keeps the profiles (default perf-data)
#   --history-json FILE history's --json output instead of running history here
#   --state DIR         bisect's state folder (default bisect-state)
set -euo pipefail
bin=gpu-reduce-prof spec="" repo=. branch=HEAD data=perf-data hjson="" state=bisect-state
while [[ $# -gt 0 ]]; do
  case $1 in
    --binary) bin=$2; shift 2 ;;
    --kernel) spec=$2; shift 2 ;;
    --repo) repo=$2; shift 2 ;;
    --branch) branch=$2; shift 2 ;;
    --data-ref) data=$2; shift 2 ;;
    --history-json) hjson=$2; shift 2 ;;
    --state) state=$2; shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "bisect-on-failure: unknown option $1 (--help lists them)" >&2; exit 2 ;;
  esac
done
[[ -n $spec ]] || { echo "bisect-on-failure: --kernel SPEC is required" >&2; exit 2; }
state=$(realpath -m "$state")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -z $hjson ]]; then
  hjson=$work/history.json
  "$bin" history --git-ref "$data" --repo "$repo" --branch "$branch" --json >"$hjson" || true
fi
# The command history printed for the first failing step, as argv lines, -k SPEC filled in.
python3 - "$hjson" "$spec" >"$work/argv" <<'PY'
import json, shlex, sys
doc = json.load(open(sys.argv[1]))
for f in doc.get("findings", []):
    if f.get("fails") and f.get("bisect_command"):
        argv = shlex.split(f["bisect_command"])[1:]  # without the program's name
        argv[argv.index("SPEC")] = sys.argv[2]
        print("\n".join(argv))
        break
PY
if [[ ! -s $work/argv ]]; then
  echo "bisect-on-failure: no failing step between two commits: nothing to bisect"
  exit 0
fi
mapfile -t args <"$work/argv"
args+=(--repo "$repo" --state "$state" "$@")
echo "bisect-on-failure: gpu-reduce-prof ${args[*]}"
rc=0
"$bin" "${args[@]}" --json >"$work/bisect.json" || rc=$?
[[ $rc == 0 || $rc == 8 ]] || { echo "bisect-on-failure: bisect exit $rc" >&2; exit $rc; }
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  "$bin" bisect --resume --state "$state" --markdown >>"$GITHUB_STEP_SUMMARY"
fi
python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["answer"])' "$work/bisect.json"
echo "bisect-on-failure: exit $rc"
exit $rc
