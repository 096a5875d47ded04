#!/usr/bin/env python3
"""What each NVML query the sensors make costs (the device tool's H200: the energy counter 3 ms, the
rest ~1.4 us): 300 calls each after one untimed, median, p90 and max. Usage: python3 bench/nvml_cost.py"""
import ctypes, time
t0=time.perf_counter(); lib=ctypes.CDLL("libnvidia-ml.so.1"); t1=time.perf_counter()
print("dlopen %.1f ms"%((t1-t0)*1e3))
t0=time.perf_counter(); rc=lib.nvmlInit_v2(); t1=time.perf_counter(); print("init rc=%d %.1f ms"%(rc,(t1-t0)*1e3))
h=ctypes.c_void_p(); lib.nvmlDeviceGetHandleByIndex_v2(0, ctypes.byref(h))
u=ctypes.c_uint(); ull=ctypes.c_ulonglong()
calls={
 "clock_sm": lambda: lib.nvmlDeviceGetClockInfo(h,1,ctypes.byref(u)),
 "clock_mem": lambda: lib.nvmlDeviceGetClockInfo(h,2,ctypes.byref(u)),
 "temperature": lambda: lib.nvmlDeviceGetTemperature(h,0,ctypes.byref(u)),
 "power": lambda: lib.nvmlDeviceGetPowerUsage(h,ctypes.byref(u)),
 "reasons": lambda: lib.nvmlDeviceGetCurrentClocksEventReasons(h,ctypes.byref(ull)),
 "energy": lambda: lib.nvmlDeviceGetTotalEnergyConsumption(h,ctypes.byref(ull)),
 "noop_ctypes": lambda: None,
}
for name,f in calls.items():
    f()
    ts=[]
    for i in range(300):
        a=time.perf_counter(); f(); ts.append(time.perf_counter()-a)
    ts.sort()
    print("%-12s median %.1f us  p90 %.1f us  max %.1f us"%(name, ts[150]*1e6, ts[270]*1e6, ts[-1]*1e6))
