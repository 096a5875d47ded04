#!/usr/bin/env python3
"""Writes the compare fixtures in this folder: small, deterministic profiles (schema 1.0.0) whose
timing samples are drawn from seeded distributions, so that every expected verdict follows from
how the file was made. Re-run after changing it and commit the output:

    python3 tests/data/compare/make_fixtures.py

base.json            device "Test GPU A"; six cases, 30 samples each, about 1 % noise
identical.json       base.json with the very same samples
rerun.json           same medians as base, fresh 1 % noise: every case "same"
slower10.json        every median 10 % higher, 1 % noise: every case "slower" (exit 1)
slower3.json         every median 3 % higher, 1 % noise: significant but under the 5 %
                     threshold, so "same" (exit 0); "slower" with --threshold 2
noisy.json           samples spread evenly (shuffled) from 0.5x to 1.7x the base median, so the
                     median is 10 % higher but with a CV of ~0.3 the U test cannot tell it
                     from noise (p ~ 0.3): "unknown" (exit 0)
wrong.json           same timing; reduce6/float verifies wrong: "wrong" (exit 1)
other_device.json    device "Test GPU B" (other UUID, driver), half the peak bandwidth, every
                     case 2x the time (the same fraction of peak) except reduce6/int at 2.4x:
                     raw "slower" but cross-device (exit 0); with --normalize peak or
                     --normalize reduce0 only reduce6/int is "slower" (exit 1)
missing.json         reduce6/int absent, a reduce7 case added: missing + added
disjoint.json        other kernels only: no case in common
truncated.json       base.json cut in the middle: not valid JSON (exit 5)
future_schema.json   base.json claiming schema 2.0.0 (exit 5)
"""
import copy
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
N = 1 << 20
LOCAL = 256
SAMPLES = 30
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


def case(kernel, typ, samples, peak_gbps, status="ok"):
    s = summarize(samples)
    nbytes = N * 4
    gbps = nbytes / s["median_ns"]
    ref = float(N) * 0.5
    return {
        "key": {"kernel": kernel, "type": typ, "layout": "flat", "n": N, "local_size": LOCAL},
        "device": 0, "scenario": None, "status": status,
        "reason": "result 524800 differs from reference 524288 by 9.8e-04 (tolerance 1.2e-05)"
        if status == "wrong" else None,
        "build_options": f"-D T={typ} -D blockSize={LOCAL} -D nIsPow2=1", "finish": "passes",
        "passes": [{"n": N, "global_size": N // 2, "local_size": LOCAL, "groups": N // 512},
                   {"n": N // 512, "global_size": 1024, "local_size": LOCAL, "groups": 1}],
        "warmup": 3, "samples_ns": samples, "launch_overhead_ns": [5000] * len(samples),
        "flagged_samples": 0, "flags": [], "noise_target_met": True, "summary": s,
        "bytes": nbytes, "bytes_counted": "input read once", "gbps": gbps,
        "elements_per_s": N / s["median_ns"] * 1e9, "pct_of_peak": gbps / peak_gbps * 100,
        "result": [524800.0 if status == "wrong" else ref], "reference": [ref],
        "abs_error": 512.0 if status == "wrong" else 0.0,
        "rel_error": 9.765625e-4 if status == "wrong" else 0.0, "tolerance": 1.2e-5, "extra": {},
    }


def profile(dev, cases, sha):
    return {
        "schema_version": "1.0.0", "complete": True,
        "tool": {"name": "gpu-reduce-prof", "version": "0.1.0", "git_sha": sha,
                 "argv": ["gpu-reduce-prof", "run", "-k", "reduce0,reduce3,reduce6"]},
        "host": {"hostname": "fixture-host", "os": "Linux", "started_at": "2024-01-01T00:00:00Z",
                 "finished_at": "2024-01-01T00:01:00Z"},
        "settings": {"samples": SAMPLES}, "devices": [dev], "kernels": [], "cases": cases,
        "scenarios": {},
    }


def sweep(seed, scale=lambda k, t: 1.0, noisy=False, peak=500.0, wrong=None, drop=None,
          add=None, dev=None, sha="aaaaaaaaaaaa"):
    rng = random.Random(seed)
    cases = []
    for kernel, typ, med in CASES:
        m = med * scale(kernel, typ)
        samples = spread(rng, med) if noisy else draw(rng, m, 0.01)
        if (kernel, typ) != drop:
            cases.append(case(kernel, typ, samples, peak,
                              "wrong" if (kernel, typ) == wrong else "ok"))
    for kernel, typ, med in add or []:
        cases.append(case(kernel, typ, draw(rng, med, 0.01), peak))
    return profile(dev or device("Test GPU A", "0a0a0a0a-0000-0000-0000-00000000000a", "1.0",
                                 peak), cases, sha)


def write(name, obj):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(json.dumps(obj, indent=1) + "\n")


def main():
    base = sweep(1)
    write("base.json", base)
    write("identical.json", base)
    write("rerun.json", sweep(2, sha="bbbbbbbbbbbb"))
    write("slower10.json", sweep(3, scale=lambda k, t: 1.10, sha="cccccccccccc"))
    write("slower3.json", sweep(4, scale=lambda k, t: 1.03, sha="dddddddddddd"))
    write("noisy.json", sweep(5, noisy=True, sha="eeeeeeeeeeee"))
    write("wrong.json", sweep(6, wrong=("reduce6", "float"), sha="ffffffffffff"))
    dev_b = device("Test GPU B", "0b0b0b0b-0000-0000-0000-00000000000b", "2.0", 250.0)
    write("other_device.json",
          sweep(7, scale=lambda k, t: 2.4 if (k, t) == ("reduce6", "int") else 2.0, peak=250.0,
                dev=dev_b))
    write("missing.json", sweep(8, drop=("reduce6", "int"), add=[("reduce7", "float", 19000)]))
    disjoint = sweep(9)
    for c in disjoint["cases"]:
        c["key"]["kernel"] = c["key"]["kernel"].replace("reduce", "user_reduce")
    write("disjoint.json", disjoint)
    text = json.dumps(base, indent=1)
    with open(os.path.join(HERE, "truncated.json"), "w") as f:
        f.write(text[: len(text) // 3])
    future = copy.deepcopy(base)
    future["schema_version"] = "2.0.0"
    write("future_schema.json", future)


if __name__ == "__main__":
    main()
