#!/usr/bin/env bash
# One report and one compare over every profile in a folder (the array's output):
#   collect.sh PROFILE_DIR [OUT_DIR]
# writes OUT_DIR/report.html (every profile: throughput overlaid per kernel family, each
# against the first), OUT_DIR/summary.md and OUT_DIR/compare.txt (compare's matrix: a row per
# case, a column per profile, each change against the first). Different nodes are different
# machines: compare labels their raw-time changes cross-machine. Here
# compare gates on results only (--fail-on wrong; GRP_FAIL_ON to change): a slow node is a
# finding to read in the report, not a failure. OUT_DIR defaults to PROFILE_DIR.
set -euo pipefail
bin=${GRP_BIN:-gpu-reduce-prof}
dir=${1:?usage: collect.sh PROFILE_DIR [OUT_DIR]}
out=${2:-$dir}
shopt -s nullglob
profiles=("$dir"/profile-*.json)
[[ ${#profiles[@]} -gt 0 ]] || { echo "collect: no profile-*.json in $dir" >&2; exit 2; }
mkdir -p "$out"
echo "collect: ${#profiles[@]} profiles"
"$bin" report "${profiles[@]}" -o "$out/report.html" --markdown "$out/summary.md" --force
rc=0
"$bin" compare "${profiles[@]}" --fail-on "${GRP_FAIL_ON:-wrong}" >"$out/compare.txt" 2>&1 || rc=$?
cat "$out/compare.txt"
case $rc in
  0|1) exit "$rc" ;;
  *) echo "collect: compare failed (exit $rc)" >&2; exit "$rc" ;;
esac
