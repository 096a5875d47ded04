#!/usr/bin/env bash
# The final job of the CI matrix: every matrix job uploaded profile-<device>-run<k>.json; this
# merges each device's runs into one baseline (merge: every run's rounds kept, so compare sees
# the run-to-run spread), then writes one report and one compare over the devices.
#   collect.sh PROFILE_DIR OUT_DIR
# Writes OUT_DIR/<device>.json (merged), OUT_DIR/report.html, OUT_DIR/summary.md (for the job
# summary) and OUT_DIR/compare.txt. Devices differ, so raw-time differences are cross-device
# and never fail; the exit code is compare's under --fail-on (default: wrong), 2 on usage.
set -euo pipefail
bin=${GRP_BIN:-gpu-reduce-prof}
in=${1:?usage: collect.sh PROFILE_DIR OUT_DIR}
out=${2:?usage: collect.sh PROFILE_DIR OUT_DIR}
fail_on=${GRP_FAIL_ON:-wrong}
shopt -s nullglob
files=("$in"/profile-*-run*.json)
[[ ${#files[@]} -gt 0 ]] || { echo "collect: no profile-<device>-run<k>.json in $in" >&2; exit 2; }
mkdir -p "$out"

devices=()
for f in "${files[@]}"; do
  d=$(basename "$f"); d=${d#profile-}; d=${d%-run*.json}
  [[ " ${devices[*]} " == *" $d "* ]] || devices+=("$d")
done
merged=()
for d in "${devices[@]}"; do
  runs=("$in"/profile-"$d"-run*.json)
  "$bin" merge "${runs[@]}" -o "$out/$d.json" --force
  merged+=("$out/$d.json")
done
"$bin" report "${merged[@]}" -o "$out/report.html" --markdown "$out/summary.md" --force
if [[ ${#merged[@]} -lt 2 ]]; then
  echo "collect: one device (${devices[0]}): merged and reported, nothing to compare"
  exit 0
fi
rc=0
"$bin" compare "${merged[@]}" --fail-on "$fail_on" >"$out/compare.txt" 2>&1 || rc=$?
cat "$out/compare.txt"
exit "$rc"
