#!/usr/bin/env bash
# The cool-down's NVML readings on a real NVIDIA GPU, read only: nothing here sets a clock or a
# power limit (no --clocks, no --power-limit; the shared GPU machines stay as they are). A margin
# of 100 degrees makes every round "too hot" (temperature >= slowdown - 100), so the first round
# waits --cool-down-max seconds: a cooldown_s of about that shows that the GPU was found through
# NVML (by PCI bus id or UUID) and that its temperature and slowdown threshold were read; later
# rounds do not wait (a GPU still that hot after a full wait idles there).
# A second run at the default margin shows what a normal run waits (nothing, on an idle GPU).
#   bench/cooldown_readonly.sh BIN            # e.g. .device/build/gpu-reduce-prof
# Environment: OUT (default ./cooldown-readonly).
set -euo pipefail
bin=$(realpath "$1")
out=${OUT:-cooldown-readonly}
mkdir -p "$out"
nvidia-smi -q -d TEMPERATURE | grep -Ei 'current temp|slowdown temp' || true
args=(-k reduce2 -t float -l 256 -n '2^24' --runs 1 --rounds 3 --no-peak --host-repeats 0 -q
      --force)
"$bin" run "${args[@]}" --cool-down 100 --cool-down-max 0.5 -o "$out/forced.json" 2>&1 | tail -3
"$bin" run "${args[@]}" -o "$out/default.json" 2>&1 | tail -3
for f in forced default; do
  python3 - "$out/$f.json" "$f" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for c in p["cases"]:
    waits = [r.get("conditions", {}).get("cooldown_s") for r in c["rounds"]]
    temps = [r.get("conditions", {}).get("temperature_c") for r in c["rounds"]]
    print(sys.argv[2], c["key"] if isinstance(c["key"], str) else c["key"].get("kernel"),
          "cooldown_s per round:", waits, "temperature_c:", temps)
PY
done
echo "expect: forced ~0.5 s in the first round only (a GPU still within the margin after a full wait is taken to idle there, so later rounds do not wait); default none"
