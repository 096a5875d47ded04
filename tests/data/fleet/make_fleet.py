#!/usr/bin/env python3
"""The fleet fixture: four cards of one model as the merged shards of one sweep, made from
tests/data/compare/base.json (a real profile's 6 cases, 10 rounds each). Every card times the
two anchors (reduce0/float and reduce6/int); the other 4 cases go one to each card. Card 2 is
6 % slower; every card's rounds get their own 0.3 % noise (seeded), so the fit has a residual.
    python3 tests/data/fleet/make_fleet.py   # writes tests/data/fleet/four_cards.json
docs/fleet.md shows report's and compare's fleet view of it (scripts/transcripts.py)."""
import copy
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
base = json.load(open(os.path.join(HERE, "..", "compare", "base.json")))
SLOWDOWN = [1.0, 1.0, 1.06, 1.0]


def key_text(k):
    return f"{k['kernel']}/{k['type']}/{k['layout']}/n={k['n']}/local={k['local_size']}"


cases = base["cases"]
anchors = [key_text(cases[0]["key"]), key_text(cases[5]["key"])]
others = [c for c in cases if key_text(c["key"]) not in anchors]
rng = random.Random(49)
p = copy.deepcopy(base)
p["schema_version"] = "2.15.0"
p["devices"], p["runs"], p["cases"] = [], [], []
for card, slow in enumerate(SLOWDOWN):
    d = copy.deepcopy(base["devices"][0])
    d["uuid"] = f"0a0a0a0a-0000-0000-0000-00000000000{card}"
    d["pci_bus"] = f"0000:{0x41 + card:02x}:00.0"
    p["devices"].append(d)
    run = copy.deepcopy(base["runs"][0])
    run["id"] = f"f1ee7{card:011x}"
    run["shard"] = {"index": card + 1, "count": 4, "source": "slurm", "plan_sha256": "c" * 64,
                    "planned_cases": 6, "cases": 3, "anchors": anchors}
    p["runs"].append(run)
    mine = [c for c in cases if key_text(c["key"]) in anchors] + [others[card]]
    for c in mine:
        c = copy.deepcopy(c)
        c["device"] = card
        for r in c["rounds"]:
            r["run"] = card
            f = slow * (1 + rng.gauss(0, 0.003))
            r["samples_ns"] = [round(s * f) for s in r["samples_ns"]]
            r["median_ns"] = r["median_ns"] * f if r.get("median_ns") else r.get("median_ns")
        p["cases"].append(c)
json.dump(p, open(os.path.join(HERE, "four_cards.json"), "w"), indent=1)
