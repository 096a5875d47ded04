#!/usr/bin/env bash
# One entry point for newcomers and CI: installs the Debian packages that are missing (as root,
# or through sudo), configures and builds, then either runs the main job or the whole test suite.
#   scripts/dev.sh run [RUN-OPTIONS...]   # gpu-reduce-prof run on the default device
#   scripts/dev.sh test [CTEST-OPTIONS...] # every test, with CTest
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
  # The report test renders the HTML in headless Chromium, as a user would see it.
  packages+=(chromium python3)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "dev.sh: installing ${missing[*]}" >&2
  sudo=""
  if [[ $(id -u) != 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

build=${GRP_BUILD_DIR:-build}
if [[ ! -f $build/CMakeCache.txt ]]; then
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j"$(nproc)"

if [[ $mode == run ]]; then
  exec "$build/gpu-reduce-prof" run "$@"
fi
# Every OpenCL test gets its own PoCL cache folder (tests/pocl-isolate.sh and
# grp_isolate_pocl_caches), and nothing is kept between tests.
export POCL_KERNEL_CACHE=0
exec ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
