#!/usr/bin/env bash
# Configures (once) and builds the sanitizer build: clang-14 with AddressSanitizer,
# UndefinedBehaviorSanitizer (any finding aborts) and libFuzzer coverage, at -O1 with asserts
# on; the unit tests themselves at -O0 (GRP_TESTS_O0: they compile a third faster, and this
# build was CI's longest step). The same build runs the test suite under the sanitizers (dev.sh
# test) and the fuzzers (fuzz.sh). Line tables only (-gline-tables-only): reports keep file:line,
# and the build takes less of CI's 35 minutes than full debug info; the heavy headers are
# precompiled (GRP_PCH); the tool's sources compile in batches of 16 (a unity build: 8 -> 4 min
# on 2 cores; the tests stay one file each, tests/CMakeLists.txt). Usage: scripts/sanitizer-build.sh BUILD-DIR [TARGET...]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=$1; shift
scripts/install-packages.sh clang-14 libclang-rt-14-dev cmake make git ocl-icd-opencl-dev \
  opencl-clhpp-headers libcli11-dev libvalijson-dev nlohmann-json3-dev libgtest-dev
if [[ ! -f $build/CMakeCache.txt ]]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DGRP_FUZZ=ON -DGRP_PCH=ON \
    -DGRP_TESTS_O0=ON -DGRP_BUILD_OCL_TESTS=OFF -DCMAKE_UNITY_BUILD=ON \
    -DCMAKE_UNITY_BUILD_BATCH_SIZE=16 >/dev/null
fi
if (($#)); then
  cmake --build "$build" -j"$(nproc)" --target "$@"
else
  cmake --build "$build" -j"$(nproc)"
fi
