#!/usr/bin/env bash
# The long fuzzing hunt of issue #31: every libFuzzer harness of tests/fuzz for SECONDS (default
# 600), all at once (FUZZ_JOBS, default: one per harness), on the seeds of scripts/fuzz.sh and
# the corpus BUILD/fuzz/corpus/ grown by earlier hunts. Writes a header (date, git, machine,
# load) and scripts/fuzz.sh's line per harness to RESULT (default: stdout); exit 1 on a finding.
#   bench/fuzz_hunt.sh 600 bench/results/fuzz-hunt.txt
# GRP_FUZZ_PREBUILT=1 uses the harnesses in BUILD/fuzz as they are (a machine without clang, as
# the GPU machine: the build is copied there). BUILD is $GRP_ASAN_BUILD_DIR, default build-asan.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
seconds=${1:-600}
result=${2:-/dev/stdout}
build=${GRP_ASAN_BUILD_DIR:-build-asan}
harnesses=(spec data profile compare merge shards report_html report_markdown scenarios check sysfs
           sequential)
export FUZZ_JOBS=${FUZZ_JOBS:-${#harnesses[@]}}

corpus_sizes() {
  for h in "${harnesses[@]}"; do
    printf '%s %s  ' "$h" "$(find "$build/fuzz/corpus/$h" -type f 2>/dev/null | wc -l)"
  done
}
{
  echo "Fuzzing hunt (issue #31): ${#harnesses[@]} harnesses, ${seconds} s each, $FUZZ_JOBS at once"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); git: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "corpus before: $(corpus_sizes)"
} >"$result"
set +e
scripts/fuzz.sh "$seconds" "${harnesses[@]}" >>"$result" 2>&1
rc=$?
set -e
{
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "corpus after: $(corpus_sizes)"
  echo "exit: $rc ($( ((rc == 0)) && echo 'no findings' || echo 'FINDINGS: see above'))"
} >>"$result"
exit $rc
