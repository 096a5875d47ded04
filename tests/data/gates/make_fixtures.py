#!/usr/bin/env python3
"""Writes the fixtures of the input gates (issue #31, item 4) from the compare fixtures
(tests/data/compare/make_fixtures.py). Re-run after changing either and commit the output:

    python3 tests/data/gates/make_fixtures.py

split_base.json      duet.json's reduce6 cases and the rounds of its first process only: one
                     invocation that timed reduce6 alone
split_cand.json      duet.json's reduce6_slow cases and the rounds of its second process only
                     (another run id): a separate invocation that timed reduce6_slow alone.
                     `merge split_base.json split_cand.json` holds both kernels, but they never
                     shared a round: `compare --pair reduce6=reduce6_slow` on it must refuse
run_index_wraps.json base.json with a second run; one round names run 2^32 + 1, which read as
                     32 bits is run 1 (another process): every reader must refuse it
run_not_listed.json  base.json (one run) with a round of run 1: every reader must refuse it
base_other_id.json   base.json with another run id, the very same rounds (a copy whose id was
                     changed): merged with base.json it is one run, not two
base_no_id.json      base.json with an empty run id (as an upgraded 0.1 profile has)
"""
import copy
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
COMPARE = os.path.join(HERE, "..", "compare")


def read(name):
    with open(os.path.join(COMPARE, name)) as f:
        return json.load(f)


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def split(duet, kernel, run, run_id):
    """The cases of `kernel` with the rounds of process `run` only, as a run of its own."""
    out = copy.deepcopy(duet)
    out["runs"] = [dict(out["runs"][run], id=run_id)]
    out["settings"].pop("duet", None)
    out["cases"] = []
    for case in duet["cases"]:
        if case["key"]["kernel"] != kernel:
            continue
        case = copy.deepcopy(case)
        case["rounds"] = [dict(r, run=0) for r in case["rounds"] if r["run"] == run]
        case["rounds_planned"] = len(case["rounds"])
        out["cases"].append(case)
    out["kernels"] = [k for k in out["kernels"] if k["name"] == kernel]
    return out


def with_round_run(base, run, second_run):
    out = copy.deepcopy(base)
    if second_run:
        out["runs"].append(dict(out["runs"][0], id="bbbbbbbbbbbb"))
    out["cases"][2]["rounds"][3]["run"] = run
    return out


def main():
    duet = read("duet.json")
    base = read("base.json")
    write("split_base.json", split(duet, "reduce6", 0, "5p1175ba5e00"))
    write("split_cand.json", split(duet, "reduce6_slow", 1, "5p117ca9d000"))
    write("run_index_wraps.json", with_round_run(base, (1 << 32) + 1, True))
    write("run_not_listed.json", with_round_run(base, 1, False))
    other = copy.deepcopy(base)
    other["runs"][0]["id"] = "cccccccccccc"
    write("base_other_id.json", other)
    no_id = copy.deepcopy(base)
    no_id["runs"][0]["id"] = ""
    write("base_no_id.json", no_id)


if __name__ == "__main__":
    main()
