#!/usr/bin/env bash
# What `platforms --json` records as each device's conditions (issue #66) on a machine with an
# NVIDIA GPU, checked: every fact a value or null with a reason, the NVML facts read on the GPU
# (at least its board name, power limit and driver version), and the key present. Read only:
# nothing here changes a setting of the machine.
#   bench/conditions-nvml.sh BIN [WRAPPER]     # WRAPPER: e.g. .device/nvidia-opencl.sh
# Prints each device's facts (value, or null and why) and its key; exits 1 when a fact has
# neither, or when an NVIDIA GPU's NVML facts are all null.
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
echo "# $(date -u +%FT%TZ) $(uname -n); nvidia-smi: $(nvidia-smi --query-gpu=name,power.limit,ecc.mode.current,mig.mode.current --format=csv,noheader 2>&1 | head -1)"
${wrap:+"$wrap"} "$bin" platforms --json > conditions-platforms.json
python3 - conditions-platforms.json <<'PY'
import json, sys
devices = json.load(open(sys.argv[1]))
bad = 0
for d in devices:
    c = d["conditions"]
    print(f"{d['name']} ({d['type']}): key {c['key']} over {', '.join(c['key_facts'])}")
    for name, value in c["facts"].items():
        why = c["unknown"].get(name)
        print(f"  {name:32} {json.dumps(value) if value is not None else 'null: ' + str(why)}")
        if value is None and not why:
            bad += 1
            print(f"  ^ {name} is null without a reason")
    if "NVIDIA" in d.get("vendor", "") and "gpu" in d["type"]:
        read = [n for n in ("board_name", "power_limit_w", "driver_version") if c["facts"].get(n) is not None]
        if len(read) < 3:
            bad += 1
            print(f"  ^ NVML facts missing on an NVIDIA GPU (read: {read})")
sys.exit(1 if bad else 0)
PY
