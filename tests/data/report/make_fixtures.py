#!/usr/bin/env python3
"""Writes the report test fixtures (profiles that follow cli/grp/model/profile/profile.hpp).

Deterministic (seeded), so re-running it reproduces the committed files. The numbers are
invented but shaped like a real GPU run: bandwidth rises with the local size and flattens near
the peak, the layouts differ, wg-probe has a knee at 32. Run: python3 make_fixtures.py
"""
import json
import math
import random

SIZES = {"int": 4, "uint": 4, "float": 4, "double": 8}


def device(name, index=0, peak=1800.0, simd=32):
    return {
        "index": index, "platform_index": 0, "device_index": index,
        "platform": {"name": "Fixture CL", "vendor": "Fixture", "version": "OpenCL 3.0"},
        "name": name, "vendor": "Fixture Corp", "type": "gpu",
        "device_version": "OpenCL 3.0", "driver_version": "555.42", "opencl_c_version": "OpenCL C 1.2",
        "uuid": None, "compute_units": 132, "max_clock_mhz": 1980, "max_work_group_size": 1024,
        "max_work_item_sizes": [1024, 1024, 64], "local_mem_type": "local",
        "local_mem_bytes": 49152, "global_mem_bytes": 85899345920, "global_cache_bytes": 52428800,
        "global_cacheline_bytes": 128, "max_alloc_bytes": 21474836480,
        "preferred_work_group_multiple": 32, "subgroups": True, "max_sub_groups": 32,
        "fp64": True, "timer_resolution_ns": 1, "extensions": ["cl_khr_fp64"],
        "peak": {"read_gbps": peak, "copy_gbps": peak * 0.93, "bytes": 1 << 30,
                 "read_median_ns": 1e9 * (1 << 30) / (peak * 1e9),
                 "copy_median_ns": 2e9 * (1 << 30) / (peak * 0.93e9)},
        "simd_width_estimate": simd,
    }


def percentile(sorted_v, q):
    pos = q * (len(sorted_v) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_v) - 1)
    return sorted_v[lo] + (sorted_v[hi] - sorted_v[lo]) * (pos - lo)


def summary(samples):
    s = sorted(samples)
    n = len(s)
    mean = sum(s) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in s) / (n - 1)) if n > 1 else 0.0
    med = percentile(s, 0.5)
    return {"count": n, "min_ns": float(s[0]), "max_ns": float(s[-1]), "median_ns": med,
            "mean_ns": mean, "stddev_ns": sd, "p5_ns": percentile(s, 0.05),
            "p95_ns": percentile(s, 0.95), "cv": sd / mean,
            "rse_median": 1.2533 * sd / math.sqrt(n) / med}


def case(rng, kernel, type_, n, local, time_ns, bytes_, peak, *, layout="flat", scenario=None,
         status="ok", reason=None, extra=None, noise=0.03, samples=30):
    c = {"key": {"kernel": kernel, "type": type_, "layout": layout, "n": n, "local_size": local},
         "device": 0, "scenario": scenario, "status": status, "reason": reason,
         "build_options": f"-D T={type_} -D blockSize={local}", "finish": "passes",
         "passes": [{"n": n, "global_size": n // 2, "local_size": local, "groups": n // 2 // local}],
         "warmup": 3, "samples_ns": [], "launch_overhead_ns": [], "flagged_samples": 0,
         "flags": [], "noise_target_met": True, "summary": None, "bytes": bytes_,
         "bytes_counted": "input read once", "gbps": None, "elements_per_s": None,
         "pct_of_peak": None, "result": [], "reference": [], "abs_error": None,
         "rel_error": None, "tolerance": None, "extra": extra or {}}
    if status in ("skipped", "failed"):
        return c
    smp = [int(time_ns * (1 + abs(rng.gauss(0, noise)))) for _ in range(samples)]
    c["samples_ns"] = smp
    c["launch_overhead_ns"] = [int(5000 + rng.random() * 1000) for _ in range(samples)]
    c["summary"] = summary(smp)
    med = c["summary"]["median_ns"]
    c["gbps"] = bytes_ / med
    c["elements_per_s"] = n / med * 1e9
    c["pct_of_peak"] = c["gbps"] / peak * 100
    ref = float(n)
    c["result"] = [ref if status == "ok" else ref * 0.75]
    c["reference"] = [ref]
    c["abs_error"] = abs(c["result"][0] - ref)
    c["rel_error"] = c["abs_error"] / ref
    c["tolerance"] = 1e-5
    return c


def sweep_cases(rng, peak, speed=1.0, kernel_names=None):
    cases = []
    n = 1 << 24
    ladder = kernel_names or ["reduce0", "reduce2", "reduce3", "reduce5", "reduce6"]
    eff = {"reduce0": 0.25, "reduce1": 0.35, "reduce2": 0.5, "reduce3": 0.7, "reduce5": 0.85,
           "reduce6": 0.93}
    for k in ladder:
        for local in (32, 64, 128, 256, 512, 1024):
            ramp = min(1.0, 0.55 + 0.1 * math.log2(local / 32 + 1))
            gbps = peak * eff.get(k, 0.6) * ramp * speed
            bytes_ = n * 4
            cases.append(case(rng, k, "float", n, local, bytes_ / gbps, bytes_, peak))
    # A lock-step kernel that is wrong at one size, and one skipped size.
    cases.append(case(rng, "reduce4_lockstep", "float", n, 64, n * 4 / (peak * 0.8), n * 4, peak,
                      status="wrong", reason="result 12582912 differs from 16777216 by 25%"))
    cases.append(case(rng, "reduce4_lockstep", "float", n, 32, 0, n * 4, peak, status="skipped",
                      reason="local size 32 is below the kernel's minimum 64"))
    for local in (64, 128, 256):
        for layout, stride, eff_l in (("aos12", 12, 0.45), ("aos16", 16, 0.62), ("soa", 12, 0.9)):
            bytes_ = (1 << 22) * stride
            gbps = peak * eff_l * speed * (0.8 + 0.1 * math.log2(local / 64 + 1))
            cases.append(case(rng, "layout_tree", "float", 1 << 22, local, bytes_ / gbps, bytes_,
                              peak, layout=layout))
    return cases


def scenario_cases(rng, peak):
    cases = []
    total = 256 * 1024
    for local in (1, 2, 4, 8, 16, 32, 64, 128, 256):
        items_per_s = 2.0e9 * min(local, 32) / 32
        t = total / items_per_s * 1e9
        c = case(rng, "wg-probe/sin_div", "float", total, local, t, 0, peak, scenario="wg-probe",
                 extra={"items_per_s": items_per_s})
        c["gbps"] = None
        c["pct_of_peak"] = None
        cases.append(c)
    for local, wrong in ((64, 0), (128, 3), (256, 37)):
        for kernel, w in (("barrier/with_barrier", 0), ("barrier/no_barrier", wrong)):
            status = "ok" if w == 0 else "race-observed"
            cases.append(case(rng, kernel, "int", 8192, local, 20000, 8192 * 4, peak,
                              scenario="barrier", status=status,
                              extra={"runs": 100, "wrong_runs": w, "wrong_fraction": w / 100,
                                     "example_wrong": 8000 if w else None}))
    for dataset, n, vals in (("const_1.1", 1 << 20, (1153421.8, 1165568.5, 1153433.6, 1153433.6)),
                             ("random_0_1", 1 << 20, (524301.1, 524177.9, 524301.3, 524301.25))):
        exact = vals[3]
        names = ("device_tree", "host_sequential_float", "host_pairwise_float", "exact")
        values = dict(zip(names, vals))
        rel = {k: abs(v - exact) / exact for k, v in values.items() if k != "exact"}
        c = case(rng, "precision/" + dataset, "float", n, 256, 50000, n * 4, peak,
                 scenario="precision",
                 extra={"dataset": dataset, "values": values, "rel_errors": rel})
        cases.append(c)
    for local in (64, 256):
        cases.append(case(rng, "subgroup_reduce", "float", 1 << 24, local, 60000, (1 << 24) * 4,
                          peak, scenario="subgroups",
                          extra={"sub_group_size": 32, "uses": "sub_group_reduce_add"}))
    return cases


def profile(name, cases, peak, started="2025-11-22T09:00:00Z", scenarios=None, kernels=None):
    return {
        "schema_version": "1.0.0", "complete": True,
        "tool": {"name": "gpu-reduce-prof", "version": "0.1.0", "git_sha": "fixture",
                 "argv": ["gpu-reduce-prof", "run", "-o", "p.json"]},
        "host": {"hostname": "fixture-host", "os": "Linux 6.1", "started_at": started,
                 "finished_at": started.replace("09:00", "09:04")},
        "settings": {"samples": 30, "warmup": 3, "max_noise": 0.02},
        "devices": [device(name, peak=peak)],
        "kernels": kernels if kernels is not None else [
            {"name": k, "entry": k, "path": "builtin:reduce.cl", "sha256": "ab" * 32, "spec": {}}
            for k in ("reduce0", "reduce2", "reduce3", "reduce4_lockstep", "reduce5", "reduce6")
        ] + [{"name": "layout_tree", "entry": "layout_tree", "path": "builtin:layouts.cl",
              "sha256": "cd" * 32, "spec": {}}],
        "cases": cases,
        "scenarios": scenarios or {},
    }


def write(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=1)
        f.write("\n")


def main():
    rng = random.Random(7)
    peak = 1800.0
    scen = {"wg-probe": {"knee": 32, "kernel": "wg-probe/sin_div", "total_items": 262144},
            "barrier": {"wrong_runs_without_barrier": 40, "runs": 300},
            "precision": {"datasets": 2},
            "subgroups": {"supported": True, "sub_group_sizes": [32]}}
    main_cases = sweep_cases(rng, peak) + scenario_cases(rng, peak)
    write("sweep.json", profile("Fixture GPU 9000", main_cases, peak, scenarios=scen))
    # The same sweep, a little faster, on a second run (for the comparison view).
    rng2 = random.Random(11)
    write("sweep_b.json", profile("Fixture GPU 9000", sweep_cases(rng2, peak, speed=1.06), peak,
                                  started="2025-11-23T09:00:00Z"))
    # A CPU run at one local size (PoCL's default run): eight kernels at local 8, two sizes; the
    # report draws bars, not points piled up at x = 8 (tests/cli/report.cmake, 3 profiles).
    rng4 = random.Random(5)
    cpu_peak = 40.0
    cpu_cases = []
    for n in (1 << 20, 1 << 22):
        for i, k in enumerate(("reduce0", "reduce1", "reduce2", "reduce3", "reduce4_lockstep",
                               "reduce5", "reduce6", "reduce_single")):
            gbps = cpu_peak * (0.3 + 0.08 * i)
            cpu_cases.append(case(rng4, k, "float", n, 8, n * 4 / gbps, n * 4, cpu_peak,
                                  samples=10))
    cpu = profile("pthread-Fixture CPU", cpu_cases, cpu_peak, started="2025-11-24T09:00:00Z")
    cpu["devices"][0].update({"type": "cpu", "compute_units": 16, "max_work_group_size": 4096,
                              "preferred_work_group_multiple": 8, "subgroups": False})
    write("one_local.json", cpu)
    # Untrusted strings everywhere a profile carries text.
    evil = "<script>alert(1)</script>\"'"
    rng3 = random.Random(3)
    hostile_cases = [case(rng3, evil, "float", 1 << 20, local, 4e5 / (1 + local / 256),
                          (1 << 20) * 4, 900.0) for local in (64, 128, 256)]
    hostile_cases.append(case(rng3, evil, "float", 1 << 20, 512, 0, (1 << 20) * 4, 900.0,
                              status="failed", reason="<b>bold</b> & <img src=x onerror=alert(3)>"))
    hostile_cases.append(case(rng3, "k2", "float", 1024, 64, 1000, 4096, 900.0,
                              scenario="<svg onload=alert(4)>",
                              extra={"<i>key</i>": "<script>alert(5)</script>"}))
    # Scenario facts of the wrong types: the report must still render (and not throw).
    hostile_cases.append(case(rng3, "precision/x", "float", 1024, 64, 1000, 4096, 900.0,
                              scenario="precision",
                              extra={"values": {"<b>m</b>": "not a number"}, "rel_errors": 5,
                                     "dataset": ["<i>x</i>"]}))
    hostile_cases.append(case(rng3, "wg-probe", "float", 1024, 64, 1000, 0, 900.0,
                              scenario="wg-probe", extra={"items_per_s": "fast", "knee": "big"}))
    hostile_cases.append(case(rng3, "barrier/without", "int", 1024, 64, 1000, 4096, 900.0,
                              scenario="barrier",
                              extra={"runs": "many", "wrong_runs": None, "example_wrong": {}}))
    hp = profile("<img src=x onerror=alert(2)>", hostile_cases, 900.0,
                 scenarios={"<svg onload=alert(4)>": {"</table>": "<iframe>"},
                            "wg-probe": {"knee": "big", "knee_is_lower_bound": "yes",
                                         "devices": [1, {"device": "0"}, {"device": 0,
                                                                          "knee": -3}]},
                            "barrier": {"devices": [{"device": 99, "x": "<b>y</b>"}]}},
                 kernels=[{"name": evil, "entry": "e", "path": "</title><script>alert(6)</script>.cl",
                           "sha256": "ef" * 32, "spec": {}}])
    hp["host"]["hostname"] = "<marquee>host</marquee>"
    write("hostile.json", hp)
    with open("not_json.json", "w", encoding="utf-8") as f:
        f.write('{"schema_version": "1.0.0", "devices": [\n')


if __name__ == "__main__":
    main()
