#!/usr/bin/env bash
# Builds a git history of a kernel for bisect: COMMITS commits after a first (good) one, the
# kernel's spin (its work per work-item, tests/data/bisect/work.cl) raised by PCT percent from
# commit STEP on (0: never, an A/A history); at commit BROKEN (0: none) the kernel does not
# compile. Each commit also changes a notes file, so commits differ where the kernel does not.
# Prints nothing; tags the first commit `good`, the last `bad`, and each commit `cI`.
# Usage: make_history.sh DIR COMMITS STEP PCT [BROKEN [SPIN]]
set -euo pipefail
dir=$1 commits=$2 step=$3 pct=$4 broken=${5:-0} spin=${6:-200000}
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$dir"
mkdir -p "$dir/kernels"
cd "$dir"
git init -q .
git config user.email bisect@example.invalid
git config user.name "bisect fixture"
spec() { # SPIN
  printf '{"source": "work.cl", "kernels": [{"name": "work_sum",\n'
  printf '  "args": ["input", "output", "n", {"const": "uint", "value": %s}],\n' "$1"
  printf '  "local_size": {"fixed": 1}, "grid": {"max_groups": 1}, "types": ["int"],\n'
  printf '  "finish": "host"}]}\n'
}
for i in $(seq 0 "$commits"); do
  s=$spin
  if [[ $step -gt 0 && $i -ge $step ]]; then
    s=$((spin * (100 + pct) / 100))
  fi
  spec "$s" >kernels/work.json
  cp "$here/work.cl" kernels/work.cl
  if [[ $broken -gt 0 && $i -eq $broken ]]; then
    echo "this line does not compile" >>kernels/work.cl
  fi
  echo "commit $i" >notes.txt
  git add -A
  GIT_AUTHOR_DATE="2026-01-01T00:00:$(printf %02d $((i % 60)))Z" \
    git commit -q -m "change $i$([[ $i -eq $step ]] && echo " (spin $s)")"
  git tag "c$i"
done
git tag good HEAD~"$commits"
git tag bad HEAD
