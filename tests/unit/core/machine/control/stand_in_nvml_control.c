/* A stateful stand-in NVML for the control and cool-down tests (tests/cli/control.sh,
 * tests/unit/core/machine/control/control_test.cpp): one GPU whose locked clocks and power
 * limit live in the file GRP_STAND_IN_NVML_STATE (one "key=value" a line: sm_locked,
 * mem_locked, power_limit_mw), so that the run, its watchdog and the test see one state. A
 * set call is refused with GRP_STAND_IN_NVML_FAIL=no_permission (NVML_ERROR_NO_PERMISSION, 4)
 * or not_supported (3). The temperature steps through GRP_STAND_IN_NVML_TEMPS ("95,92,70": one
 * value per call, the last one kept); the slowdown threshold is 90 degrees Celsius. Never a
 * real GPU's settings: nothing here calls a driver. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef void* nvml_device;

static char sm_locked[160] = "none", mem_locked[160] = "none";
static unsigned power_limit_mw = 700000;

static const char* env(const char* name) {
    const char* v = getenv(name);
    return v ? v : "";
}

static void load(void) {
    FILE* f = fopen(env("GRP_STAND_IN_NVML_STATE"), "r");
    char line[128];
    if (!f) {
        return;
    }
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (strncmp(line, "sm_locked=", 10) == 0) {
            snprintf(sm_locked, sizeof sm_locked, "%s", line + 10);
        } else if (strncmp(line, "mem_locked=", 11) == 0) {
            snprintf(mem_locked, sizeof mem_locked, "%s", line + 11);
        } else if (strncmp(line, "power_limit_mw=", 15) == 0) {
            power_limit_mw = (unsigned)strtoul(line + 15, NULL, 10);
        }
    }
    fclose(f);
}

static void save(void) {
    char tmp[4096];
    FILE* f;
    snprintf(tmp, sizeof tmp, "%s.tmp", env("GRP_STAND_IN_NVML_STATE"));
    f = fopen(tmp, "w");
    if (!f) {
        return;
    }
    fprintf(f, "sm_locked=%s\nmem_locked=%s\npower_limit_mw=%u\n", sm_locked, mem_locked,
            power_limit_mw);
    fclose(f);
    rename(tmp, env("GRP_STAND_IN_NVML_STATE"));
}

/* 0, or the refusal GRP_STAND_IN_NVML_FAIL asks of every set call. */
static int refusal(void) {
    if (strcmp(env("GRP_STAND_IN_NVML_FAIL"), "no_permission") == 0) {
        return 4;
    }
    return strcmp(env("GRP_STAND_IN_NVML_FAIL"), "not_supported") == 0 ? 3 : 0;
}

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }
int nvmlDeviceGetCount_v2(unsigned* n) { *n = 1; return 0; }
int nvmlDeviceGetHandleByIndex_v2(unsigned i, nvml_device* d) {
    static int one;
    *d = &one;
    return i == 0 ? 0 : 2;
}
int nvmlDeviceGetHandleByUUID(const char* uuid, nvml_device* d) {
    static int one;
    *d = &one;
    return strstr(uuid, "0123abcd") ? 0 : 6; /* NVML_ERROR_NOT_FOUND */
}
int nvmlDeviceGetUUID(nvml_device d, char* buf, unsigned len) {
    (void)d;
    snprintf(buf, len, "GPU-0123abcd-0000-1111-2222-333344445555");
    return 0;
}
int nvmlDeviceGetMaxClockInfo(nvml_device d, int which, unsigned* v) {
    (void)d;
    *v = which == 1 ? 1980 : 2619;
    return 0;
}
int nvmlDeviceSetGpuLockedClocks(nvml_device d, unsigned lo, unsigned hi) {
    (void)d;
    if (refusal()) {
        return refusal();
    }
    load();
    if (lo == 0xffffff01U) {
        snprintf(sm_locked, sizeof sm_locked, "base");
    } else {
        snprintf(sm_locked, sizeof sm_locked, "%u-%u", lo, hi);
    }
    save();
    return 0;
}
int nvmlDeviceResetGpuLockedClocks(nvml_device d) {
    (void)d;
    if (refusal()) {
        return refusal();
    }
    load();
    snprintf(sm_locked, sizeof sm_locked, "none");
    save();
    return 0;
}
int nvmlDeviceSetMemoryLockedClocks(nvml_device d, unsigned lo, unsigned hi) {
    (void)d;
    if (refusal()) {
        return refusal();
    }
    load();
    snprintf(mem_locked, sizeof mem_locked, "%u-%u", lo, hi);
    save();
    return 0;
}
int nvmlDeviceResetMemoryLockedClocks(nvml_device d) {
    (void)d;
    if (refusal()) {
        return refusal();
    }
    load();
    snprintf(mem_locked, sizeof mem_locked, "none");
    save();
    return 0;
}
int nvmlDeviceGetPowerManagementLimit(nvml_device d, unsigned* mw) {
    (void)d;
    load();
    *mw = power_limit_mw;
    return 0;
}
int nvmlDeviceSetPowerManagementLimit(nvml_device d, unsigned mw) {
    (void)d;
    if (refusal()) {
        return refusal();
    }
    load();
    power_limit_mw = mw;
    save();
    return 0;
}
int nvmlDeviceGetTemperature(nvml_device d, int sensor, unsigned* c) {
    static unsigned calls;
    const char* p = env("GRP_STAND_IN_NVML_TEMPS");
    unsigned i;
    (void)d;
    (void)sensor;
    *c = 40;
    for (i = 0; *p; ++i) {
        *c = (unsigned)strtoul(p, (char**)&p, 10);
        if (i == calls || *p != ',') {
            break;
        }
        ++p;
    }
    ++calls;
    return 0;
}
int nvmlDeviceGetTemperatureThreshold(nvml_device d, int which, unsigned* c) {
    (void)d;
    *c = which == 1 ? 90 : 95;
    return 0;
}
