#!/usr/bin/env bash
# Installs gpu-reduce-prof and PoCL (the CPU OpenCL device) for the action, on Debian or Ubuntu:
#   install.sh --deb PATH.deb            the package (`cpack -G DEB` in a build of the tool)
#   install.sh --source DIR [--prefix P] builds a source checkout with cmake and installs it
#                                        into P (default /usr/local)
# Either way the OpenCL runtime comes from the distribution: pocl-opencl-icd and the ICD loader.
# Runs apt-get through sudo when not root. Prints the installed binary's path last.
set -euo pipefail

deb=""
source_dir=""
prefix=/usr/local
while [[ $# -gt 0 ]]; do
  case $1 in
    --deb) deb=$2; shift 2 ;;
    --source) source_dir=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    *) echo "install: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[[ -n $deb || -n $source_dir ]] || { echo "install: give --deb FILE or --source DIR" >&2; exit 2; }

sudo=""
[[ $(id -u) -eq 0 ]] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
runtime=(pocl-opencl-icd ocl-icd-libopencl1 clinfo python3)
if [[ -n $deb ]]; then
  # apt resolves the package's own dependencies from the distribution.
  $sudo apt-get install -y -qq --no-install-recommends "${runtime[@]}" "$(realpath "$deb")"
  command -v gpu-reduce-prof
  exit 0
fi
build=(ca-certificates git cmake make g++ ocl-icd-opencl-dev opencl-clhpp-headers libcli11-dev
       libvalijson-dev nlohmann-json3-dev)
$sudo apt-get install -y -qq --no-install-recommends "${runtime[@]}" "${build[@]}"
work=${RUNNER_TEMP:-/tmp}/gpu-reduce-prof-build
cmake -S "$source_dir" -B "$work" -DCMAKE_BUILD_TYPE=Release -DGRP_BUILD_TESTS=OFF
cmake --build "$work" -j "$(nproc 2>/dev/null || echo 2)"
$sudo cmake --install "$work" --prefix "$prefix"
if [[ ! -x $prefix/bin/gpu-reduce-prof ]]; then
  # A checkout from before the tool had install rules: the binary alone is enough here.
  $sudo install -D -m 755 "$work/gpu-reduce-prof" "$prefix/bin/gpu-reduce-prof"
fi
echo "$prefix/bin/gpu-reduce-prof"
