#!/usr/bin/env python3
"""NVML read through ctypes beside a run, independently of gpu-reduce-prof (issue #30).

  nvml_probe.py trace SECONDS OUT.csv   # t, SM MHz, mem MHz, W, energy mJ, reasons every 5 ms
  nvml_probe.py interval                # how often the energy counter and power reading change
  nvml_probe.py cost                    # how long each NVML call takes
"""
import ctypes
import sys
import time

nvml = ctypes.CDLL("libnvidia-ml.so.1")
nvml.nvmlInit_v2()
dev = ctypes.c_void_p()
nvml.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(dev))
reasons_fn = getattr(nvml, "nvmlDeviceGetCurrentClocksEventReasons", None) or \
    nvml.nvmlDeviceGetCurrentClocksThrottleReasons


def read():
    sm, mem, mw = ctypes.c_uint(), ctypes.c_uint(), ctypes.c_uint()
    mj, rs = ctypes.c_ulonglong(), ctypes.c_ulonglong()
    nvml.nvmlDeviceGetClockInfo(dev, 1, ctypes.byref(sm))
    nvml.nvmlDeviceGetClockInfo(dev, 2, ctypes.byref(mem))
    nvml.nvmlDeviceGetPowerUsage(dev, ctypes.byref(mw))
    nvml.nvmlDeviceGetTotalEnergyConsumption(dev, ctypes.byref(mj))
    reasons_fn(dev, ctypes.byref(rs))
    return time.monotonic(), sm.value, mem.value, mw.value / 1000, mj.value, rs.value


def trace(seconds, path):
    end = time.monotonic() + seconds
    with open(path, "w") as f:
        f.write("t,sm_mhz,mem_mhz,power_w,energy_mj,reasons\n")
        while time.monotonic() < end:
            f.write("%.4f,%d,%d,%.1f,%d,%#x\n" % read())
            time.sleep(0.005)


def interval():
    changes_e, changes_p = [], []
    last = read()
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        r = read()
        if r[4] != last[4]:
            changes_e.append(r[0])
        if r[3] != last[3]:
            changes_p.append(r[0])
        last = r
    for name, ch in (("energy counter", changes_e), ("power reading", changes_p)):
        gaps = [b - a for a, b in zip(ch, ch[1:])]
        if gaps:
            gaps.sort()
            print("%s: %d changes in 2 s, median gap %.1f ms, min %.1f ms" %
                  (name, len(ch), 1000 * gaps[len(gaps) // 2], 1000 * gaps[0]))
        else:
            print("%s: %d changes in 2 s" % (name, len(ch)))
    print("idle now: SM %d MHz, mem %d MHz, %.1f W, reasons %#x" % (last[1], last[2], last[3], last[5]))


def cost():
    calls = {
        "clock": lambda: nvml.nvmlDeviceGetClockInfo(dev, 1, ctypes.byref(ctypes.c_uint())),
        "temperature": lambda: nvml.nvmlDeviceGetTemperature(dev, 0, ctypes.byref(ctypes.c_uint())),
        "power": lambda: nvml.nvmlDeviceGetPowerUsage(dev, ctypes.byref(ctypes.c_uint())),
        "energy": lambda: nvml.nvmlDeviceGetTotalEnergyConsumption(dev, ctypes.byref(ctypes.c_ulonglong())),
        "reasons": lambda: reasons_fn(dev, ctypes.byref(ctypes.c_ulonglong())),
    }
    for name, f in calls.items():
        times = []
        for _ in range(200):
            t = time.perf_counter()
            f()
            times.append(time.perf_counter() - t)
        times.sort()
        print("%-12s median %.1f us, p95 %.1f us (200 calls, ctypes included)" %
              (name, times[100] * 1e6, times[190] * 1e6))


if sys.argv[1] == "cost":
    cost()
elif sys.argv[1] == "trace":
    trace(float(sys.argv[2]), sys.argv[3])
else:
    interval()
