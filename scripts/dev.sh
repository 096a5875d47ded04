#!/usr/bin/env bash
# One entry point for newcomers and CI: installs the Debian packages that are missing (as root,
# or through sudo), configures and builds, then either runs the main job or the whole test suite.
#   scripts/dev.sh run [RUN-OPTIONS...]   # gpu-reduce-prof run on the default device
#   scripts/dev.sh test [CTEST-OPTIONS...] # the style check; the device, CLI, report, example,
#                                          # package and style-script tests (Release); the unit
#                                          # and file CLI tests under ASan + UBSan; each fuzzer
#                                          # for 3 s
#                                          # (GRP_SKIP_SANITIZERS=1: every test on Release only)
# Idempotent: a second call installs nothing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=${1:-}
case $mode in
  run|test) shift ;;
  *) echo "usage: scripts/dev.sh run [gpu-reduce-prof run options] | test [ctest options]" >&2; exit 2 ;;
esac

packages=(cmake make g++ git ocl-icd-opencl-dev opencl-clhpp-headers libcli11-dev libvalijson-dev
          nlohmann-json3-dev pocl-opencl-icd libgtest-dev)
if [[ $mode == test ]]; then
  # The report test renders the HTML in headless Chromium, as a user would see it; the
  # sanitizer build and the fuzzers use clang and its runtime libraries; the style check uses
  # clang-format and clang-tidy.
  # `check` runs kernels on the Oclgrind simulator, with its plugin (liboclgrind-dev: access
  # metrics, cli/oclgrind/access_plugin.cpp). Mesa's OpenCL drivers (rusticl, Clover),
  # common on desktops, are installed too: the tests pin PoCL (tests/CMakeLists.txt:
  # grp_pin_ocl_vendors), so a machine with Mesa passes as one without, and tests/cli/rusticl.cmake
  # keeps rusticl tested. fish: the installed fish completion is sourced and queried.
  # python3-yaml: the Kubernetes example's manifest is checked (examples/kubernetes).
  # slurm-wlm, munge: a one-node Slurm runs the Slurm example's array (scripts/slurm-local.sh;
  # about 28 s to install, 8 s to start and run, measured on the 2-core VM).
  packages+=(chromium python3 python3-yaml clang-14 libclang-rt-14-dev clang-format clang-tidy
             oclgrind liboclgrind-dev mesa-opencl-icd fish slurm-wlm munge)
fi
scripts/install-packages.sh "${packages[@]}"

build=${GRP_BUILD_DIR:-build}
# A unity build: each library's sources compile in batches of 16, which halves a clean build on
# 2 cores (CI's targets: ~7.5 -> 3.9 min); an edit then recompiles its whole batch, so for
# day-to-day work configure a build of your own without it (CONTRIBUTING.md). Every changed
# source still compiles on its own: clang-tidy reads a compile database without batches
# (scripts/check-style.sh).
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
    -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 >/dev/null
fi
if [[ $mode == test ]]; then
  # Style and map first (scripts/check-style.sh): a formatting slip fails in seconds.
  scripts/check-style.sh "$build"
fi
if [[ $mode == run ]]; then
  # The tool alone: a first `run` does not wait for the ~100 test programs (they are test's).
  cmake --build "$build" -j"$(nproc)" --target gpu-reduce-prof
  exec "$build/gpu-reduce-prof" run "$@"
fi
# The Release build runs what needs OpenCL or the optimised binary: the device tests, the CLI,
# report, example and package tests. The unit tests run once, in the sanitizer build below
# (compiling them twice cost CI ~7 of its 35 minutes); with GRP_SKIP_SANITIZERS=1 they run here.
# Every OpenCL test gets its own PoCL cache folder (tests/pocl-isolate.sh and
# grp_isolate_pocl_caches), so no two tests share compiled kernels (processes compiling the same
# kernel into one cache at the same moment can race there). Inside a test the cache is on: its
# processes run one after another, and each would otherwise compile the same kernels again
# (example.ci_gate_update_baseline_merges_runs, six processes: 38.5 s without, 23.0 s with).
export POCL_KERNEL_CACHE=1
if [[ -n ${GRP_SKIP_SANITIZERS:-} ]]; then
  cmake --build "$build" -j"$(nproc)"
  exec ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
fi
cmake --build "$build" -j"$(nproc)" --target gpu-reduce-prof grp_docs grp_ocl_tests grp_parts_tests
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" \
  -L "browser|cli|example|ocl|package|parts|style" "$@"
# The unit tests and the file-handling CLI tests under AddressSanitizer +
# UndefinedBehaviorSanitizer (any finding fails the test), then every fuzzer for 3 s. One clang
# build serves both (build-asan).
# LeakSanitizer runs on our code; PoCL's and Mesa's own allocations that live until exit are
# suppressed (tests/lsan.supp says which and why). A process that exits with PoCL's threads still
# running skips the leak check (cli/lsan_threads.cpp): LeakSanitizer's tracer can crash among
# them (stops 55 and 77 failed CI on it); the commands that open no device keep it.
asan=${GRP_ASAN_BUILD_DIR:-build-asan}
scripts/sanitizer-build.sh "$asan"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=0
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# Under the sanitizers: every unit test and the CLI tests of the commands that read and write
# files (validate, report, compare, merge, platforms, the hardening inputs); the CLI tests that
# sweep kernels ran once above, and under ASan they would take CI past its 30 minutes; the
# style scripts' tests (label style, Python) ran once above. The transcripts ran once above too:
# they include `check`, which loads Oclgrind into the process, and LeakSanitizer reports
# Oclgrind 21.10's own InstructionCounter allocations (not ours) as leaks.
ctest --test-dir "$asan" --output-on-failure -j"$(nproc)" -LE "ocl|browser|example|package|style" \
  -E "cli\.(run_|scenario_|wg_limit|check_|transcripts_|redteam_)" "$@"
scripts/fuzz.sh 3
