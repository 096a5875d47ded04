#!/usr/bin/env bash
# Which kernel of a duet is favoured, and by what: one grid-stride sum (bench/gate/gridstride_slow.cl)
# as the whole duet, `run -k NEW --duet BASE -l 64 -n 2^20 RUN_ARGS`, so base:NAME,
# control:NAME, NAME and twin:NAME are four instances of identical code. Variants, in turn:
#   same  base and candidate from one spec file          (the kernel named gs)
#   apart base and candidate from identical files in two folders (gs)
#   a     as same, the kernel named a (sorts before base:a: the case order by name changes)
# Each invocation prints compare --pair base:NAME=NAME's changes: the candidate against the base,
# and the two A/A controls (control against base, twin against candidate).
#   bench/duet_roles.sh BIN [WRAPPER]    # WRAPPER: e.g. .device/nvidia-opencl.sh
# Environment: SECONDS_BUDGET (default 300), VARIANTS (default "same apart a"), RUN_ARGS (default
# "--runs 8 --rounds 48"), OUT (default ./duet-roles).
set -euo pipefail
bin=$(realpath "$1")
wrap=${2:+$(realpath "$2")}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-duet-roles}
read -r -a variants <<<"${VARIANTS:-same apart a}"
read -r -a extra <<<"${RUN_ARGS:---runs 8 --rounds 48}"
mkdir -p "$out"
spec() { # spec DIR NAME
  mkdir -p "$1"
  cp "$root/bench/gate/gridstride_slow.cl" "$1/"
  printf '{"spec_version": 1, "source": "gridstride_slow.cl", "kernels": [{"name": "%s",
 "entry": "gridstride_slow", "args": ["input", "output", "n", "local"], "build_options": "-D EXTRA=0",
 "grid": {"elems_per_item": 1, "max_groups": "8*cu"}, "local_size": {"pow2": true, "max": 1024},
 "local_mem": {"elems_per_item": 1}, "types": ["float"], "finish": "passes"}]}\n' "$2" >"$1/s.json"
}
spec "$out/one" gs
spec "$out/two" gs
spec "$out/a" a
echo "# $(date -u +%FT%TZ) $(uname -n); load average $(cut -d' ' -f1-3 /proc/loadavg)"
start=$(date +%s)
i=1
while (($(date +%s) - start < ${SECONDS_BUDGET:-300})); do
  for v in "${variants[@]}"; do
    case $v in
      same) cand=$out/one/s.json base=$out/one/s.json name=gs ;;
      apart) cand=$out/one/s.json base=$out/two/s.json name=gs ;;
      a) cand=$out/a/s.json base=$out/a/s.json name=a ;;
      *) echo "unknown variant $v" >&2; exit 2 ;;
    esac
    ${wrap:+"$wrap"} "$bin" run -k "$cand" --duet "$base" -l 64 -n 2^20 "${extra[@]}" -q \
      --force -o "$out/p.json" >/dev/null 2>>"$out/stderr.txt" || true
    ${wrap:+"$wrap"} "$bin" compare --pair "base:$name=$name" "$out/p.json" --json 2>/dev/null |
      python3 -c '
import json, sys
out = []
for comp in json.load(sys.stdin)["comparisons"]:
    who = comp["candidate"].split(":", 1)[1]
    for c in comp["cases"]:
        change, verdict = 100 * (c.get("change") or 0), c["verdict"][:4]
        out.append(f"{who}={change:+.2f}%({verdict})")
seed = json.load(open(sys.argv[1]))["settings"]["order_seed"]
print(sys.argv[2], sys.argv[3], seed, " ".join(out))' "$out/p.json" "$v" "$i" || true
  done
  i=$((i + 1))
done
echo "# $(($(date +%s) - start)) s; load average $(cut -d' ' -f1-3 /proc/loadavg)"
