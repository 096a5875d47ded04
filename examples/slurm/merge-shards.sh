#!/usr/bin/env bash
# After a sharded sweep: the shards merged into one profile (merge checks they are one plan and
# names a missing shard), then its report with the fleet view (each card's level from the
# anchors). With a shard missing the rest is merged and reported all the same, marked
# incomplete, and the script exits 11 (merge's code for it):
#   merge-shards.sh SHARD_DIR [OUT_DIR]
# writes OUT_DIR/sweep.json, OUT_DIR/report.html and OUT_DIR/summary.md. OUT_DIR defaults to
# SHARD_DIR.
set -euo pipefail
bin=${GRP_BIN:-gpu-reduce-prof}
dir=${1:?usage: merge-shards.sh SHARD_DIR [OUT_DIR]}
out=${2:-$dir}
shopt -s nullglob
shards=("$dir"/shard-*.json)
[[ ${#shards[@]} -gt 0 ]] || { echo "merge-shards: no shard-*.json in $dir" >&2; exit 2; }
mkdir -p "$out"
rc=0
"$bin" merge "${shards[@]}" -o "$out/sweep.json" --force || rc=$?
if ((rc == 11)); then # shards missing (named above, with their commands): the rest is still
  # worth a report, marked incomplete, and the job still fails
  "$bin" merge "${shards[@]}" --allow-missing -o "$out/sweep.json" --force 2>/dev/null
elif ((rc != 0)); then
  exit $rc
fi
"$bin" report "$out/sweep.json" -o "$out/report.html" --markdown "$out/summary.md" --force
echo "wrote $out/sweep.json, $out/report.html, $out/summary.md"
exit $rc
