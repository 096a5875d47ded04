#!/usr/bin/env python3
"""Writes the compare fixtures in this folder: small, deterministic profiles (schema 2.0.0) whose
timing comes in rounds drawn from seeded distributions, so that every expected verdict follows
from how the file was made. Re-run after changing it and commit the output:

    python3 tests/data/compare/make_fixtures.py

Each case has 10 rounds of 5 samples; a round's level varies by `ROUND_NOISE` (1 %) around the
case's median, its samples by 0.5 % around the round's level.

base.json            device "Test GPU A" on host "fixture-host"; six cases
identical.json       base.json with the very same rounds
rerun.json           same medians as base, fresh noise: every case "same" (exit 0)
slower10.json        every round 10 % slower: every case "slower" (exit 1)
slower2.json         every round 2 % slower: the 99 % interval lies within +-5 %, so "same"
                     (exit 0); "slower" with --threshold 1
noisy.json           rounds spread from 0.5x to 1.7x the base median (shuffled), 10 % slower in
                     the middle: "inconclusive" (exit 0; 1 with --fail-on inconclusive)
wrong.json           same timing; reduce6/float verifies wrong: "wrong" (exit 1)
flagged.json         reduce6/int's every sample flagged by the timestamp checks: "unmeasured"
                     (exit 1: it must not pass silently)
other_device.json    device "Test GPU B" (other UUID, driver), half the peak bandwidth, every
                     case 2x the time (the same fraction of peak) except reduce6/int at 2.4x:
                     raw "slower" but cross-device (exit 0); with --normalize peak or
                     --normalize reduce0 only reduce6/int is "slower" (exit 1)
other_host.json      the same device model (another card) on host "other-host", every
                     case 10 % slower: raw "slower" but cross-machine (exit 0); exit 1 with
                     --allow-cross-machine
missing.json         reduce6/int absent, a reduce7 case added: missing + added
disjoint.json        other kernels only: no case in common
cold.json            base's cases timed from a flushed cache (run --cache cold, schema 2.6):
                     compare refuses base (warm) against it (exit 2)
runs/run1..4.json    four runs of base whose levels differ by -6, +2, -2, +6 % from run to
                     run, rounds tight (0.3 %): merged with --base they are a baseline whose
                     run-to-run spread is measured
runs/shifted.json    one more run, 8 % above base: against run1 alone it looks "slower" (the
                     single-run assumption), against the four merged runs it is not
runs/six_processes.json  one invocation of 6 processes of 2 rounds (run --runs 6 --rounds 12):
                     compare warns that the gate was calibrated with 3 of 3-4
moderation/*.json    three runs per file, 4 rounds each, tight rounds (0.3 %); the bases are
                     merged from three invocations (a source per run), the candidates one
                     invocation of three processes:
  apart_base.json    every case has its own run levels (2 % sd, independent between cases)
  apart_slower.json  the same, reduce3/float 8 % slower: with 4 df alone "inconclusive"
                     (--moderate off); the other cases' spread (prior df > 0) makes it "slower"
  together_base.json, together_slower.json: the same, but one run level moves every case of
                     the run alike: the cases lend each other nothing (prior df 0), so the
                     verdict is the unmoderated one
v1_base.json         base as gpu-reduce-prof 0.1 wrote it (schema 1.0.0): one burst per case,
                     so timing comparisons with it are "inconclusive"
truncated.json       base.json cut in the middle: not valid JSON (exit 5)
future_schema.json   base.json claiming schema 3.0.0 (exit 5)
"""
import copy
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
N = 1 << 20
LOCAL = 256
SAMPLES = 30  # of a schema 1.x burst
ROUNDS = 10
PER_ROUND = 5
ROUND_NOISE = 0.01
# (kernel, type, median ns on device A): plausible times for 4 MiB on a mid-range GPU.
CASES = [
    ("reduce0", "float", 61000), ("reduce0", "int", 60000),
    ("reduce3", "float", 33000), ("reduce3", "int", 32500),
    ("reduce6", "float", 21000), ("reduce6", "int", 20500),
]


def percentile(sorted_v, q):
    pos = q * (len(sorted_v) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_v) - 1)
    return sorted_v[lo] + (sorted_v[hi] - sorted_v[lo]) * (pos - lo)


def summarize(samples):
    s = sorted(samples)
    n = len(s)
    mean = sum(s) / n
    sd = (sum((x - mean) ** 2 for x in s) / (n - 1)) ** 0.5 if n > 1 else 0.0
    med = percentile(s, 0.5)
    return {"count": n, "min_ns": s[0], "max_ns": s[-1], "median_ns": med, "mean_ns": mean,
            "stddev_ns": sd, "p5_ns": percentile(s, 0.05), "p95_ns": percentile(s, 0.95),
            "cv": sd / mean, "rse_median": 1.2533 * sd / n ** 0.5 / med}


def draw(rng, median, noise):
    """SAMPLES integer ns around `median` with gaussian noise (relative sd `noise`)."""
    return [max(1, int(round(median * (1.0 + rng.gauss(0.0, noise))))) for _ in range(SAMPLES)]


def spread(rng, median):
    """SAMPLES evenly spaced from 0.5x to 1.7x `median` (their median is 1.1x), shuffled."""
    out = [int(round(median * (0.5 + 1.2 * (i + 0.5) / SAMPLES))) for i in range(SAMPLES)]
    rng.shuffle(out)
    return out


def device(name, uuid, driver, peak_gbps):
    return {
        "index": 0, "platform_index": 0, "device_index": 0,
        "platform": {"name": "Test Platform", "vendor": "gpu-reduce-prof tests",
                     "version": "OpenCL 3.0"},
        "name": name, "vendor": "Test Vendor", "type": "gpu", "device_version": "OpenCL 3.0",
        "driver_version": driver, "opencl_c_version": "OpenCL C 1.2", "uuid": uuid,
        "compute_units": 40, "max_clock_mhz": 1800, "max_work_group_size": 1024,
        "max_work_item_sizes": [1024, 1024, 64], "local_mem_type": "local",
        "local_mem_bytes": 65536, "global_mem_bytes": 8 << 30, "global_cache_bytes": 4 << 20,
        "global_cacheline_bytes": 128, "max_alloc_bytes": 2 << 30,
        "preferred_work_group_multiple": 32, "subgroups": True, "max_sub_groups": 32,
        "fp64": True, "timer_resolution_ns": 1, "extensions": ["cl_khr_device_uuid"],
        "peak": {"read_gbps": peak_gbps, "copy_gbps": peak_gbps * 0.9, "bytes": 256 << 20,
                 "read_median_ns": (256 << 20) / peak_gbps,
                 "copy_median_ns": 2 * (256 << 20) / (peak_gbps * 0.9)},
        "simd_width_estimate": 32,
    }


def rounds_around(rng, median, round_noise=ROUND_NOISE, levels=None, flagged=False):
    """ROUNDS rounds: each a level (median x (1 + gauss(round_noise)), or x each of `levels`)
    and PER_ROUND samples 0.5 % around it."""
    out = []
    for r in range(ROUNDS):
        level = median * (levels[r] if levels else 1.0 + rng.gauss(0.0, round_noise))
        samples = [] if flagged else [max(1, int(round(level * (1.0 + rng.gauss(0.0, 0.005)))))
                                      for _ in range(PER_ROUND)]
        out.append({"run": 0, "started_s": 0.5 * r, "warmup": 2, "cpu_wait": 0.0,
                    "flagged": PER_ROUND if flagged else 0,
                    "median_ns": percentile(sorted(samples), 0.5) if samples else None,
                    "samples_ns": samples, "pass_sum_ns": [int(x * 0.95) for x in samples],
                    "overhead_ns": [5000] * len(samples)})
    return out


def case(kernel, typ, rounds, peak_gbps, status="ok"):
    samples = [x for r in rounds for x in r["samples_ns"]]
    s = summarize(samples) if samples else None
    nbytes = N * 4
    gbps = nbytes / s["median_ns"] if s else None
    ref = float(N) * 0.5
    flagged = sum(r["flagged"] for r in rounds)
    return {
        "key": {"kernel": kernel, "type": typ, "layout": "flat", "n": N, "local_size": LOCAL,
                "op": "sum", "params": {}},
        "device": 0, "scenario": None, "status": status,
        "reason": "result 524800 differs from reference 524288 by 512 (tolerance 1.2e-05)"
        if status == "wrong" else None,
        "build_options": f"-D T={typ} -D blockSize={LOCAL} -D nIsPow2=1", "finish": "passes",
        "passes": [{"n": N, "global_size": N // 2, "local_size": LOCAL, "groups": N // 512},
                   {"n": N // 512, "global_size": 1024, "local_size": LOCAL, "groups": 1}],
        "timing": "span", "rounds_planned": ROUNDS, "rounds": rounds,
        "flags": ["duration under timer resolution (1 ns)"] if flagged else [],
        "noise_target_met": True, "summary": s,
        "bytes": nbytes, "bytes_counted": "input read once", "gbps": gbps,
        "elements_per_s": N / s["median_ns"] * 1e9 if s else None,
        "pct_of_peak": gbps / peak_gbps * 100 if s else None, "above_peak": False,
        "result": [524800.0 if status == "wrong" else ref], "reference": [ref],
        "abs_error": 512.0 if status == "wrong" else 0.0,
        "rel_error": 9.765625e-4 if status == "wrong" else 0.0,
        "tolerance": None if typ == "int" else 1.2e-5,
        "verification": {"data": "random (seed 1)", "exact_ok": None if typ == "int" else True,
                         "exact_data": "fixture", "exact_launches": 1, "exact_failure": None,
                         "launches_checked": 51, "wrong_launches": 51 if status == "wrong" else 0,
                         "example_wrong": 524800.0 if status == "wrong" else None,
                         "input_checks": 11, "input_modified": False, "in_place": False},
        "notes": [], "extra": {},
    }


def host(name="fixture-host", machine="0123456789abcdef"):
    return {"hostname": name, "os": "Linux 6.1.0 x86_64", "os_release": "Debian GNU/Linux 12",
            "cpu_model": "Fixture CPU", "cpu_cores": 16, "memory_bytes": 64 << 30,
            "machine_id": machine, "load_start": [0.1, 0.1, 0.1], "load_end": [0.2, 0.1, 0.1],
            "env": {}, "started_at": "2024-01-01T00:00:00Z", "finished_at": "2024-01-01T00:01:00Z"}


def profile(dev, cases, sha, h=None):
    h = h or host()
    kernels = [{"name": k, "entry": k, "path": "builtin:reduce.cl", "sha256": "5" * 64,
                "spec": {}} for k in sorted({c["key"]["kernel"] for c in cases})]
    dev = copy.deepcopy(dev)
    dev["phases_s"] = {"sampling": 1.0}
    dev["peak"]["read_shape"] = "stream_read"
    return {
        "schema_version": "2.0.0", "complete": True, "incomplete_reason": None,
        "tool": {"name": "gpu-reduce-prof", "version": "0.2.0", "git_sha": sha,
                 "argv": ["gpu-reduce-prof", "run", "-k", "reduce0,reduce3,reduce6"]},
        "host": h, "runs": [{"id": sha, "source": "", "git_sha": sha, "tool_version": "0.2.0",
                             "host": h}],
        "settings": {"rounds": ROUNDS}, "devices": [dev], "kernels": kernels, "cases": cases,
        "scenarios": {},
    }


def sweep(seed, scale=lambda k, t: 1.0, noisy=False, peak=500.0, wrong=None, drop=None,
          add=None, dev=None, sha="aaaaaaaaaaaa", flagged=None, h=None, levels=None,
          round_noise=ROUND_NOISE):
    rng = random.Random(seed)
    cases = []
    for kernel, typ, med in CASES:
        m = med * scale(kernel, typ)
        if noisy:
            lv = [0.5 + 1.2 * (i + 0.5) / ROUNDS for i in range(ROUNDS)]
            rng.shuffle(lv)
            rounds = rounds_around(rng, med, levels=lv)
        else:
            rounds = rounds_around(rng, m, round_noise, levels=levels,
                                   flagged=(kernel, typ) == flagged)
        if (kernel, typ) != drop:
            cases.append(case(kernel, typ, rounds, peak,
                              "wrong" if (kernel, typ) == wrong else "ok"))
    for kernel, typ, med in add or []:
        cases.append(case(kernel, typ, rounds_around(rng, med), peak))
    return profile(dev or device("Test GPU A", "0a0a0a0a-0000-0000-0000-00000000000a", "1.0",
                                 peak), cases, sha, h)


def multi_run_sweep(seed, together, slow=None, factor=1.0, sha="1a1a1a1a1a1a", merged=False,
                    runs=3, per_run=4):
    """`runs` runs (3) of `per_run` rounds (4) per case; run levels gauss(2 %), one per run for
    every case when `together`, else one per run and case; `slow` (kernel, type) scaled by
    `factor`. `merged`: each run tagged with a source of its own, as `merge` writes invocations."""
    rng = random.Random(seed)
    shared = [1.0 + rng.gauss(0.0, 0.02) for _ in range(runs)]
    cases = []
    for kernel, typ, med in CASES:
        m = med * (factor if (kernel, typ) == slow else 1.0)
        rounds = []
        for run in range(runs):
            level = shared[run] if together else 1.0 + rng.gauss(0.0, 0.02)
            for r in rounds_around(rng, m * level, 0.003)[:per_run]:
                r["run"] = run
                rounds.append(r)
        cases.append(case(kernel, typ, rounds, 500.0))
    p = profile(device("Test GPU A", "0a0a0a0a-0000-0000-0000-00000000000a", "1.0", 500.0),
                cases, sha)
    p["runs"] = [dict(p["runs"][0], id=f"{sha}-{run}",
                      source=f"sweep{run + 1}.json" if merged else "") for run in range(runs)]
    p["settings"] = {"rounds": runs * per_run}
    return p


def v1_profile(seed):
    """base as schema 1.0.0 wrote it: one burst of SAMPLES samples per case."""
    rng = random.Random(seed)
    cases = []
    for kernel, typ, med in CASES:
        samples = draw(rng, med, 0.01)
        c = case(kernel, typ, [], 500.0)
        for k in ("timing", "rounds_planned", "rounds", "above_peak", "verification", "notes"):
            del c[k]
        del c["key"]["op"], c["key"]["params"]
        c.update({"warmup": 3, "samples_ns": samples, "launch_overhead_ns": [5000] * SAMPLES,
                  "flagged_samples": 0, "summary": summarize(samples), "tolerance": 1.2e-5,
                  "gbps": N * 4 / summarize(samples)["median_ns"]})
        cases.append(c)
    dev = device("Test GPU A", "0a0a0a0a-0000-0000-0000-00000000000a", "1.0", 500.0)
    return {"schema_version": "1.0.0", "complete": True,
            "tool": {"name": "gpu-reduce-prof", "version": "0.1.0", "git_sha": "0" * 12,
                     "argv": ["gpu-reduce-prof", "run"]},
            "host": {"hostname": "fixture-host", "os": "Linux",
                     "started_at": "2024-01-01T00:00:00Z", "finished_at": "2024-01-01T00:01:00Z"},
            "settings": {"samples": SAMPLES}, "devices": [dev], "kernels": [], "cases": cases,
            "scenarios": {}}


def duet_profile(seed, factors, spikes, runs_id):
    """The duets' shared shape: the kernels of `factors` (name -> factor) in the same rounds of
    one invocation of 3 processes x 10 rounds. Every round's level swings (gauss 10 %, shared by
    all kernels, as a loaded machine or a clock change does); each kernel adds its own 0.5 %
    jitter; `spikes` (name -> rounds) doubles rounds a kernel's partner missed. `runs_id`: the
    run ids' stem."""
    rng = random.Random(seed)
    levels = [1.0 + rng.gauss(0.0, 0.10) for _ in range(30)]
    cases = []
    for kernel, factor in factors.items():
        rounds = []
        for i, level in enumerate(levels):
            spike = 2.0 if i in spikes.get(kernel, ()) else 1.0
            at = 21000 * level * factor * spike * (1.0 + rng.gauss(0.0, 0.005))
            samples = [max(1, int(round(at * (1.0 + rng.gauss(0.0, 0.002)))))
                       for _ in range(PER_ROUND)]
            rounds.append({"run": i // 10, "started_s": 0.5 * (i % 10), "warmup": 2,
                           "cpu_wait": 0.0, "flagged": 0,
                           "median_ns": percentile(sorted(samples), 0.5), "samples_ns": samples,
                           "pass_sum_ns": [int(x * 0.95) for x in samples],
                           "overhead_ns": [5000] * len(samples)})
        cases.append(case(kernel, "float", rounds, 500.0))
    out = profile(device("Test GPU A", "0a0a0a0a-0000-0000-0000-00000000000a", "1.0", 500.0),
                  cases, runs_id * 6)
    out["runs"] = [dict(out["runs"][0], id=f"{runs_id * 2}{i}") for i in range(3)]
    return out


def duet(seed):
    """`compare --pair`: reduce6 and two copies in one invocation; two rounds of reduce6_same
    are doubled by a burst its partner missed. reduce6_slow is 10 % slower."""
    out = duet_profile(seed, {"reduce6": 1.0, "reduce6_same": 1.0, "reduce6_slow": 1.10},
                       {"reduce6_same": (4, 17)}, "de")
    out["settings"]["rounds"] = 30
    return out


def controlled_duet(seed, control, candidate, twin=None):
    """A duet from `run --duet`: base:reduce6, its A/A control control:reduce6 and the candidate
    reduce6, the triple recorded in settings.duet; the control reads `control` x the base (1.0:
    an unbiased experiment), the candidate `candidate` x. With `twin`, the candidate's own
    control twin:reduce6 (a later version's duet) reads `twin` x the candidate."""
    scales = {"base:reduce6": 1.0, "control:reduce6": control, "reduce6": candidate}
    pair = {"base": "base:reduce6", "candidate": "reduce6", "control": "control:reduce6"}
    if twin is not None:
        scales["twin:reduce6"] = candidate * twin
        pair["twin"] = "twin:reduce6"
    out = duet_profile(seed, scales, {}, "df")
    out["settings"]["rounds"] = 10
    out["settings"]["duet"] = {"base": "base/reduce6.json", "pairs": [pair]}
    return out


def write(name, obj):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(json.dumps(obj, indent=1) + "\n")


def main():
    base = sweep(1)
    write("base.json", base)
    write("identical.json", base)
    write("rerun.json", sweep(2, sha="bbbbbbbbbbbb"))
    write("slower10.json", sweep(3, scale=lambda k, t: 1.10, sha="cccccccccccc"))
    write("slower2.json", sweep(4, scale=lambda k, t: 1.02, sha="dddddddddddd"))
    write("noisy.json", sweep(5, noisy=True, sha="eeeeeeeeeeee"))
    write("wrong.json", sweep(6, wrong=("reduce6", "float"), sha="ffffffffffff"))
    write("flagged.json", sweep(10, flagged=("reduce6", "int"), sha="abababababab"))
    dev_b = device("Test GPU B", "0b0b0b0b-0000-0000-0000-00000000000b", "2.0", 250.0)
    write("other_device.json",
          sweep(7, scale=lambda k, t: 2.4 if (k, t) == ("reduce6", "int") else 2.0, peak=250.0,
                dev=dev_b))
    dev_c = device("Test GPU A", "0c0c0c0c-0000-0000-0000-00000000000c", "1.0", 500.0)
    write("other_host.json", sweep(11, scale=lambda k, t: 1.10, sha="cdcdcdcdcdcd", dev=dev_c,
                                   h=host("other-host", "fedcba9876543210")))
    write("missing.json", sweep(8, drop=("reduce6", "int"), add=[("reduce7", "float", 19000)]))
    disjoint = sweep(9)
    for c in disjoint["cases"]:
        c["key"]["kernel"] = c["key"]["kernel"].replace("reduce", "user_reduce")
    write("disjoint.json", disjoint)
    cold = sweep(12)
    for c in cold["cases"]:
        c["key"]["cache"] = "cold"
    cold["schema_version"] = "2.6.0"
    cold["devices"][0]["cache_flush_bytes"] = 256 << 20
    write("cold.json", cold)
    os.makedirs(os.path.join(HERE, "runs"), exist_ok=True)
    for i, shift in enumerate((0.94, 1.02, 0.98, 1.06), start=1):
        write(f"runs/run{i}.json", sweep(20 + i, scale=lambda k, t, s=shift: s,
                                         round_noise=0.003, sha=f"{i}" * 12))
    write("runs/shifted.json", sweep(30, scale=lambda k, t: 1.08 * 0.94, round_noise=0.003,
                                     sha="9" * 12))
    write("runs/six_processes.json", multi_run_sweep(42, False, runs=6, per_run=2))
    os.makedirs(os.path.join(HERE, "moderation"), exist_ok=True)
    for name, together in (("apart", False), ("together", True)):
        write(f"moderation/{name}_base.json", multi_run_sweep(40, together, merged=True))
        write(f"moderation/{name}_slower.json",
              multi_run_sweep(41, together, ("reduce3", "float"), 1.08, sha="2b2b2b2b2b2b"))
    only_ref = copy.deepcopy(base)  # --normalize reduce0 would leave nothing to compare
    only_ref["cases"] = [c for c in only_ref["cases"] if c["key"]["kernel"] == "reduce0"]
    only_ref["kernels"] = [k for k in only_ref["kernels"] if k["name"] == "reduce0"]
    write("reference_only.json", only_ref)
    write("duet.json", duet(50))
    write("duet_controlled.json", controlled_duet(51, 1.0, 1.10))
    write("duet_biased.json", controlled_duet(52, 1.08, 1.10))
    write("duet_twin_biased.json", controlled_duet(53, 1.0, 1.10, twin=0.93))
    write("v1_base.json", v1_profile(1))
    text = json.dumps(base, indent=1)
    with open(os.path.join(HERE, "truncated.json"), "w") as f:
        f.write(text[: len(text) // 3])
    future = copy.deepcopy(base)
    future["schema_version"] = "3.0.0"
    write("future_schema.json", future)


if __name__ == "__main__":
    main()
