#!/usr/bin/env bash
# Over-decomposition as the queue (#69 item 3): a fleet of 4 cards, one of them twice as slow,
# takes one sweep either as 4 static shards (one per card) or as 32 shards pulled from a queue
# by whichever card is free (what a job array of 32 tasks run 4 at a time, `sbatch
# --array=0-31%4`, or a Kubernetes Indexed Job with parallelism 4 and completions 32 does).
# On PoCL the 4 cards are 4 worker processes on this host, made 4 cards by the fault layer
# (card=pci:B: each reports its own PCI bus, so merge tells them apart) and card 4 made twice
# as slow (card=slow:2: every launch lasts twice as long in its event stamps and on the wall
# clock). Each shard runs as a scheduler would start it: `run --shard auto` with
# GRP_SHARD_INDEX and GRP_SHARD_COUNT. Per layout and repetition: the makespan, the ideal (every
# card busy to the end at the rate it showed: the shards' estimated cost, from --dry-run,
# over the sum of the cards' rates), their ratio, the shards each card took, and the merged
# profile's card levels from the anchors (the slow card named, the others not). The busy
# card-seconds, summed over the cards, show what each shard's fixed cost (a process, its device
# set-up, builds, the anchors again) adds when the sweep is cut finer.
#   bench/fleet_queue.sh BINARY FAULT-LIBRARY
# Environment: OUT (default ./fleet-queue), REPS (2), SHARDS (the over-decomposed counts: "32";
# e.g. "8 16 32"), CARDS (4), SWEEP (below).
set -euo pipefail
bin=$(realpath "$1") lib=$(realpath "$2")
out=$(realpath -m "${OUT:-fleet-queue}")
reps=${REPS:-2} cards=${CARDS:-4}
read -r -a many <<<"${SHARDS:-32}"
read -r -a sweep <<<"${SWEEP:--k reduce1,reduce2,reduce3,reduce4,reduce5,reduce6 -t int,float -n 2^16,2^22 -l 64,128,256}"
fixed=(--rounds 3 --samples 10 --extra-rounds 0 --warmup 1 --no-peak --host-repeats 0
  --sensors off --settle 0 -q --force)
mkdir -p "$out"
log=$out/fleet_queue.txt

# The estimated cost of each shard of N (dry run): "estimated cost of its share: X s".
costs_of() {
  local n=$1 k
  for k in $(seq 1 "$n"); do
    "$bin" run "${sweep[@]}" "${fixed[@]}" --dry-run --shard "$k/$n" 2>&1 |
      sed -n 's/.*estimated cost of its share: \([0-9.]*\) s.*/\1/p'
  done >"$out/cost-$n.txt"
}

# One card: pulls the next shard index from the queue until none is left; logs
# "card shard start end" per shard.
card() {
  local c=$1 n=$2 dir=$3 k
  local fault="card=pci:$((64 + c))"
  [[ $c == "$cards" ]] && fault="$fault,card=slow:2"
  while :; do
    k=$(flock "$dir/queue.lock" bash -c 'k=$(cat "$0"); echo $((k + 1)) >"$0"; echo "$k"' "$dir/next")
    ((k <= n)) || break
    local t0=$EPOCHREALTIME
    GRP_FAULT=$fault LD_PRELOAD=$lib GRP_SHARD_INDEX=$k GRP_SHARD_COUNT=$n \
      "$bin" run "${sweep[@]}" "${fixed[@]}" --shard auto -o "$dir/shard-$k.json" \
      >/dev/null 2>>"$dir/stderr.txt"
    echo "$c $k $t0 $EPOCHREALTIME" >>"$dir/times.txt"
  done
}

layout() { # N REP
  local n=$1 rep=$2 c
  local dir=$out/$n-$rep
  rm -rf "$dir" && mkdir -p "$dir" && echo 1 >"$dir/next"
  for c in $(seq 1 "$cards"); do card "$c" "$n" "$dir" & done
  wait
  "$bin" merge "$dir"/shard-*.json -o "$dir/merged.json" --force >/dev/null 2>"$dir/merge.txt"
  python3 - "$dir" "$out/cost-$n.txt" "$n" "$cards" >>"$log" <<'PY'
import json, sys
d, costs, n, cards = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
cost = [float(x) for x in open(costs).read().split()]
rows = [l.split() for l in open(d + "/times.txt")]
busy, work, took = {}, {}, {}
for c, k, t0, t1 in rows:
    busy[c] = busy.get(c, 0) + float(t1) - float(t0)
    work[c] = work.get(c, 0) + cost[int(k) - 1]
    took[c] = took.get(c, 0) + 1
span = max(float(r[3]) for r in rows) - min(float(r[2]) for r in rows)
ideal = sum(cost) / sum(work[c] / busy[c] for c in busy)
p = json.load(open(d + "/merged.json"))
levels = []
for m in p["fleet"]["models"]:
    for c in m["cards"]:
        levels.append("%s %+.1f%% [%+.1f, %+.1f]%s" % (
            c["pci_bus"][5:7], 100 * (c["level"] - 1), 100 * (c["low"] - 1),
            100 * (c["high"] - 1), " OUTLIER" if c["outlier"] else ""))
print("%2d shards: makespan %6.1f s, ideal %6.1f s, ratio %.2f; busy %6.1f card-s; shards per "
      "card %s; cases %d complete %s; levels %s" % (
          n, span, ideal, span / ideal, sum(busy.values()),
          [took.get(str(c), 0) for c in range(1, cards + 1)], len(p["cases"]),
          p.get("complete", True), "; ".join(levels)))
PY
}

{
  echo "# $(date -u +%FT%TZ) $(uname -n), $(nproc) CPUs, $("$bin" --version 2>&1 | head -1)"
  echo "# $cards cards (card $cards: card=slow:2), sweep ${sweep[*]}"
  echo "# load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >>"$log"
costs_of "$cards"
for n in "${many[@]}"; do costs_of "$n"; done
for rep in $(seq 1 "$reps"); do
  layout "$cards" "$rep"
  for n in "${many[@]}"; do layout "$n" "$rep"; done
done
echo "# load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$log"
cat "$log"
