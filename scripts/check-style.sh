#!/usr/bin/env bash
# The style and the map, checked (scripts/dev.sh test runs this first, so CI fails on them):
#   1. clang-format: every tracked C++ file formatted as .clang-format says (no diff).
#   2. the map (scripts/check-paths.py, rules in its docstring): every *.cpp/*.hpp/*.md a comment
#      or document names exists where the text puts it, every function paired with a file is
#      defined there, names in comments exist in the code, docs/architecture.md names every
#      source and its layer table allows every include; every relative markdown link and
#      anchor resolves (scripts/check-doc-links.py); every block of tool output in README.md
#      and docs/ is generated (scripts/transcripts.py; CTest cli.transcripts_match_the_tool
#      compares it with the binary) or marked measured (scripts/transcripts.py --markers).
#   3. the sizes (scripts/check-sizes.py): every function in cli/ at most 50 lines, every file
#      at most 400, every header + source pair at most 500; all files, every time (< 1 s).
#   4. clang-tidy (.clang-tidy) on the sources changed since the commit in .ci/tidy-base, with
#      the build's compile_commands.json (for a unity build, one configured without batches in
#      BUILD/tidy-db); `scripts/check-style.sh --tidy-all` checks every source and, when clean,
#      moves .ci/tidy-base to HEAD. Needs a configured build folder
#      (argument 1 or $GRP_BUILD_DIR, default build); without one this step says so and fails.
# Exit 1 on any finding, naming the file and what to run to fix it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

tidy_all=0
if [[ ${1:-} == --tidy-all ]]; then
  tidy_all=1
  shift
fi
build=${1:-${GRP_BUILD_DIR:-build}}
status=0

mapfile -t cxx < <(git ls-files '*.cpp' '*.hpp')
if ! clang-format --dry-run --Werror "${cxx[@]}" 2>/tmp/grp-format.$$; then
  grep -oE '^[^ :]+\.[ch]pp:[0-9]+:[0-9]+: ' /tmp/grp-format.$$ | cut -d: -f1 | sort -u |
    sed 's/^/  not formatted: /' >&2
  echo "clang-format: run 'clang-format -i FILE' on the files above" >&2
  status=1
fi
rm -f /tmp/grp-format.$$

python3 scripts/check-paths.py || status=1
python3 scripts/check-doc-links.py || status=1
python3 scripts/transcripts.py --markers || status=1
python3 scripts/check-sizes.py || status=1

if [[ $tidy_all == 1 ]]; then
  mapfile -t tidy < <(git ls-files 'cli/*.cpp')
else
  base=$(cat .ci/tidy-base)
  if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    echo "clang-tidy: .ci/tidy-base names $base, which this clone lacks: checking every source" >&2
    mapfile -t tidy < <(git ls-files 'cli/*.cpp')
  else
    mapfile -t tidy < <(git diff --name-only --diff-filter=AMR "$base" -- 'cli/*.cpp')
  fi
fi
if ((${#tidy[@]})); then
  if [[ ! -f $build/compile_commands.json ]]; then
    echo "clang-tidy: no $build/compile_commands.json (configure the build first)" >&2
    exit 1
  fi
  # A unity build's database names its batches, not the sources: tidy reads one configured
  # (not built) without batches, so each source is also checked to compile on its own.
  db=$build
  if grep -qE '^CMAKE_UNITY_BUILD:[A-Z]*=ON' "$build/CMakeCache.txt" 2>/dev/null; then
    db=$build/tidy-db
    cmake -S . -B "$db" -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=OFF \
      -DGRP_BUILD_TESTS=OFF >/dev/null
  fi
  echo "clang-tidy: ${#tidy[@]} source(s)" >&2
  if ! printf '%s\n' "${tidy[@]}" |
      xargs -P "$(nproc)" -n 4 clang-tidy -p "$db" --quiet --warnings-as-errors='*' \
        >/tmp/grp-tidy.$$ 2>&1; then
    grep -E 'warning:|error:' /tmp/grp-tidy.$$ >&2 || cat /tmp/grp-tidy.$$ >&2
    echo "clang-tidy: findings above" >&2
    status=1
  elif [[ $tidy_all == 1 && $status == 0 ]]; then
    git rev-parse HEAD >.ci/tidy-base
    echo "clang-tidy: every source clean; .ci/tidy-base is now HEAD (commit it)" >&2
  fi
  rm -f /tmp/grp-tidy.$$
fi
exit $status
