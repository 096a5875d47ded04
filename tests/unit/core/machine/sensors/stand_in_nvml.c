/* A stand-in NVML for the sensor tests (tests/unit/core/machine/sensors/hostile_sysfs_test.cpp): one
 * GPU whose name and UUID fill the caller's buffer to its last byte with no terminating NUL, as a
 * hostile or broken driver might. Every other query answers a fixed value. */
#include <string.h>

typedef void* nvml_device;

int nvmlInit_v2(void) { return 0; }
int nvmlShutdown(void) { return 0; }
int nvmlDeviceGetCount_v2(unsigned* n) { *n = 1; return 0; }
int nvmlDeviceGetHandleByIndex_v2(unsigned i, nvml_device* d) {
    static int one;
    *d = &one;
    return i == 0 ? 0 : 1;
}
int nvmlDeviceGetUUID(nvml_device d, char* buf, unsigned len) {
    (void)d;
    memset(buf, 'A', len);
    return 0;
}
int nvmlDeviceGetName(nvml_device d, char* buf, unsigned len) {
    (void)d;
    memset(buf, 'N', len);
    return 0;
}
int nvmlDeviceGetClockInfo(nvml_device d, int which, unsigned* v) {
    (void)d;
    *v = which == 1 ? 1500 : 2600;
    return 0;
}
