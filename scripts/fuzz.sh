#!/usr/bin/env bash
# Builds the libFuzzer harnesses (tests/fuzz, clang + ASan + UBSan) and runs each for SECONDS on
# a seed corpus made from tests/data, the built-in kernels and the baselines. Exit status 1 when
# any harness finds a crash, a leak, a sanitizer report, a timeout or an out-of-memory; the
# input that did it is kept in BUILD/fuzz/findings/ (replay: BUILD/fuzz/fuzz_X FILE).
#   scripts/fuzz.sh 60            # CI (scripts/dev.sh test runs this)
#   scripts/fuzz.sh 600           # a longer hunt; the corpus in BUILD/fuzz/corpus/ grows
#   FUZZ_JOBS=1 scripts/fuzz.sh 60 spec profile   # some harnesses, one at a time
# BUILD is $GRP_ASAN_BUILD_DIR, default build-asan (shared with dev.sh's sanitizer tests).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds=${1:-60}
shift || true
harnesses=("$@")
if ((${#harnesses[@]} == 0)); then
  harnesses=(spec data profile compare merge shards report_html report_markdown scenarios check
             sysfs sequential)
fi
build=${GRP_ASAN_BUILD_DIR:-build-asan}
jobs=${FUZZ_JOBS:-$(nproc)}

# GRP_FUZZ_PREBUILT=1: the harnesses in BUILD/fuzz are used as they are (a machine without the
# compilers, such as a borrowed one the build was copied to).
if [[ -z ${GRP_FUZZ_PREBUILT:-} ]]; then
  scripts/sanitizer-build.sh "$build" "${harnesses[@]/#/fuzz_}"
fi

fuzz=$build/fuzz
seeds=$fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds" "$fuzz/findings"
for h in "${harnesses[@]}"; do mkdir -p "$seeds/$h" "$fuzz/corpus/$h"; done
copy_seeds() { # HARNESS FILES...
  local h=$1; shift
  [[ -d $seeds/$h ]] || return 0
  for f in "$@"; do
    local size; size=$(stat -c %s "$f")
    ((size <= 131072)) && cp "$f" "$seeds/$h/$(echo "$f" | tr / _)"
  done
  return 0
}
profiles=(tests/data/compare/*.json tests/data/report/*.json tests/data/validate/*.json
          profiles/baselines/*.json)
specs=(kernels/*.json tests/data/kernels/*.json examples/*/*.json)
copy_seeds spec "${specs[@]}"
copy_seeds profile "${profiles[@]}"
copy_seeds report_html "${profiles[@]}"
copy_seeds report_markdown "${profiles[@]}"
copy_seeds compare "${profiles[@]}"
copy_seeds merge "${profiles[@]}" tests/data/gates/*.json
# compare, merge and the reports also take two profiles, split at a NUL byte.
for pair in "base rerun" "base slower10" "base missing" "base other_device" "noisy base"; do
  set -- $pair
  for h in compare merge report_html report_markdown; do
    [[ -d $seeds/$h ]] || continue
    { cat "tests/data/compare/$1.json"; printf '\0'; cat "tests/data/compare/$2.json"; } \
      >"$seeds/$h/pair_$1_$2.json"
  done
done

if [[ -d $seeds/merge ]]; then # a merge of runs split over files; a resume of a short run
  for pair in "gates/split_base gates/split_cand" "gates/base_no_id gates/base_other_id" \
              "compare/duet_controlled compare/duet_biased" "gates/run_index_wraps compare/base"; do
    set -- $pair
    { cat "tests/data/$1.json"; printf '\0'; cat "tests/data/$2.json"; } \
      >"$seeds/merge/pair_${1//\//_}_${2//\//_}.json"
  done
fi
if [[ -d $seeds/shards ]]; then # the fleet fixture whole, and as its four shards (NUL-joined)
  cp tests/data/fleet/four_cards.json "$seeds/shards/merged.json"
  python3 - "$seeds/shards" tests/data/fleet/four_cards.json <<'PY'
import copy, json, sys
out, merged = sys.argv[1], json.load(open(sys.argv[2]))
shards = []
for i, run in enumerate(merged["runs"]):
    s = copy.deepcopy(merged)
    s["runs"] = [run]
    s["cases"] = [c for c in s["cases"] if any(r["run"] == i for r in c["rounds"])]
    for c in s["cases"]:
        c["rounds"] = [dict(r, run=0) for r in c["rounds"] if r["run"] == i]
    shards.append(json.dumps(s))
open(f"{out}/four_shards", "w").write("\0".join(shards))
open(f"{out}/three_of_four", "w").write("\0".join(shards[:3]))
PY
fi
if [[ -d $seeds/scenarios ]]; then # every scenario summary the fixtures hold
  python3 - "$seeds/scenarios" "${profiles[@]}" <<'PY'
import json, sys
for i, path in enumerate(sys.argv[2:]):
    try:
        s = json.load(open(path)).get("scenarios")
    except (ValueError, AttributeError, UnicodeDecodeError):
        continue
    if isinstance(s, dict) and s:
        open(f"{sys.argv[1]}/{i}.json", "w").write(json.dumps(s))
PY
fi
if [[ -d $seeds/sequential ]]; then # settings.sequential records, a NUL, --budget's value
  i=0
  for seed in '{"spending":"obrien-fleming","alpha":0.01,"max_processes":8,"looks":[3,4],"stopped":"interrupted"}|8' \
              '{"spending":"pocock","alpha":0.01,"max_processes":5,"looks":[3,4,5],"stopped":"budget"}|5,3min' \
              '{"spending":"obrien-fleming","alpha":0.01,"max_processes":10,"looks":[3],"stopped":"decided"}|90s' \
              '{"spending":"obrien-fleming","alpha":0.9,"max_processes":5,"looks":[1],"stopped":"decided"}|5' \
              '{"spending":"obrien-fleming","alpha":0.4,"max_processes":5,"looks":[5],"stopped":"decided"}|5' \
              '{"spending":"obrien-fleming","alpha":0.01,"max_processes":8,"looks":[3,4,5,6],"stopped":"interrupted"}|8'; do
    printf '%s\0%s' "${seed%|*}" "${seed##*|}" >"$seeds/sequential/record_$((i++))"
  done
fi
if [[ -d $seeds/data ]]; then # --data values; file: values as raw bytes after the first line
  i=0
  for v in random iota ones const:2.5 const:1e38 const:-1 const:1.5 const:4294967295 \
           const:-2147483648 const:3.4e38 const:nan const:inf const:0x1p-149; do
    printf '%s' "$v" >"$seeds/data/value_$((i++))"
  done
  python3 - "$seeds/data" <<'PY'
import struct, sys
d = sys.argv[1]
for name, vals in {"floats": [1.5, -2.0, 3.4e38, 3.4e38, 1e-45], "doubles": [1e308, 1e308, -0.0],
                   "specials": [float("inf"), float("nan"), -1.0, 2.0]}.items():
    fmt = "f" if name != "doubles" else "d"
    open(f"{d}/file_{name}", "wb").write(b"file:in.bin\n" + b"\x00" + struct.pack(f"<{len(vals)}{fmt}", *vals))
open(f"{d}/file_ints", "wb").write(b"file:x\n" + struct.pack("<6i", 2**31 - 1, 2**31 - 1, -2**31, 5, -5, 0))
PY
fi

if [[ -d $seeds/check ]]; then # Oclgrind's recorded log, a NUL, its recorded counts
  { cat tests/data/sim/oclgrind.log; printf '\0'; cat tests/data/sim/counts.txt; } \
    >"$seeds/check/recorded"
  { printf '\0'; cat tests/data/sim/counts.txt; } >"$seeds/check/counts_only"
fi
if [[ -d $seeds/sysfs ]]; then # fake sysfs trees: the files of one tree, NUL-separated
  printf '%s\0' 2400000 2600000 3500000 3 262143000000 262143328850 5 coretemp 48000 51500 \
    1000000 49000 5 -5000 F D >"$seeds/sysfs/tree"
  printf '%s\0' -2400000 F 12abc -1 5000000 X 7 k10temp -5000 99999999999999999999 1000 F 3000 \
    >"$seeds/sysfs/hostile"
fi

dict_of() { # HARNESS: JSON's dictionary, plus the harness's own words (tests/fuzz/HARNESS.dict)
  local own=tests/fuzz/$1.dict out=$fuzz/$1.dict
  cat tests/fuzz/json.dict >"$out"
  [[ -f $own ]] && cat "$own" >>"$out"
  echo "$out"
}
run_one() { # HARNESS: fuzzes for $seconds; prints one summary line; non-zero on a finding
  local h=$1 log=$fuzz/fuzz_$1.log
  set +e
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "$fuzz/fuzz_$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=262144 -dict="$(dict_of "$h")" -print_final_stats=1 \
    -artifact_prefix="$fuzz/findings/${h}-" "$fuzz/corpus/$h" "$seeds/$h" >"$log" 2>&1
  local rc=$?
  set -e
  # A crash leaves no final stats: the greps find nothing, which must not end the function
  # (set -e) before it names the finding.
  local execs; execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  local cov; cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || true)
  if ((rc == 0)); then
    echo "fuzz_$h: ${execs:-?} executions in ${seconds}s, coverage ${cov:-?}, no findings"
  else
    echo "fuzz_$h: FINDING (exit $rc) after ${execs:-?} executions; log $log:"
    grep -E "^==[0-9]+==ERROR|SUMMARY|runtime error|Test unit written|deadly signal|timeout" \
      "$log" | head -8
  fi
  return $rc
}
export -f run_one dict_of
export fuzz seconds seeds
printf '%s\n' "${harnesses[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' || exit 1
