#!/usr/bin/env bash
# Whether a device runs device-side enqueue (issue #64's review of the judge): prints what the
# tool reads (platforms --json: device_version, opencl_c_version, device_enqueue) and what `run`
# does with a parent that sums in a child kernel: a build error (exit 4) where the device cannot
# run children, a skip with the reason where it can. Output: bench/results/device-enqueue.txt.
#   bench/device_enqueue/probe.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
set -u
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
${wrap:+"$wrap"} "$bin" platforms --json | python3 -c '
import json, sys
for d in json.load(sys.stdin):
    print("%s | %s | %s | device_enqueue %s" % (d["name"], d["device_version"],
          d["opencl_c_version"], d.get("device_enqueue")))'
${wrap:+"$wrap"} "$bin" run -k "$here/child.json" -n 1024 -l 1 --runs 1 --rounds 1 --min-samples 1 \
  --max-time 0 --no-peak --force -o /tmp/child-probe.json >/tmp/child-probe.log 2>&1
rc=$?
grep -v "^ignoring debug info" /tmp/child-probe.log | tail -6
echo "run exit $rc"
