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

/* The conditions' queries (cli/grp/core/machine/nvml_facts.cpp): an H200's settings; MIG
 * answers "not supported" (3), the persistence mode "no permission" (4), and there is no
 * nvmlDeviceGetVbiosVersion, as in an older library. */
static void put_text(char* buf, unsigned len, const char* text) {
    strncpy(buf, text, len);
}
int nvmlDeviceGetBoardPartNumber(nvml_device d, char* buf, unsigned len) {
    (void)d;
    put_text(buf, len, "692-2G520-0280-000");
    return 0;
}
int nvmlSystemGetDriverVersion(char* buf, unsigned len) {
    put_text(buf, len, "580.159.04");
    return 0;
}
int nvmlSystemGetCudaDriverVersion_v2(int* v) { *v = 13000; return 0; }
int nvmlDeviceGetPowerManagementLimit(nvml_device d, unsigned* mw) { (void)d; *mw = 700000; return 0; }
int nvmlDeviceGetEnforcedPowerLimit(nvml_device d, unsigned* mw) { (void)d; *mw = 650000; return 0; }
int nvmlDeviceGetEccMode(nvml_device d, int* current, int* pending) {
    (void)d;
    *current = *pending = 1;
    return 0;
}
int nvmlDeviceGetPersistenceMode(nvml_device d, int* mode) { (void)d; (void)mode; return 4; }
int nvmlDeviceGetMigMode(nvml_device d, unsigned* current, unsigned* pending) {
    (void)d; (void)current; (void)pending;
    return 3;
}
int nvmlDeviceGetComputeMode(nvml_device d, int* mode) { (void)d; *mode = 3; return 0; }
int nvmlDeviceGetApplicationsClock(nvml_device d, int type, unsigned* mhz) {
    (void)d;
    *mhz = type == 1 ? 1980 : 3201;
    return 0;
}
int nvmlDeviceGetDefaultApplicationsClock(nvml_device d, int type, unsigned* mhz) {
    (void)d;
    *mhz = type == 1 ? 1980 : 3201;
    return 0;
}
int nvmlDeviceGetCurrPcieLinkGeneration(nvml_device d, unsigned* v) { (void)d; *v = 1; return 0; }
int nvmlDeviceGetCurrPcieLinkWidth(nvml_device d, unsigned* v) { (void)d; *v = 16; return 0; }
int nvmlDeviceGetMaxPcieLinkGeneration(nvml_device d, unsigned* v) { (void)d; *v = 5; return 0; }
int nvmlDeviceGetMaxPcieLinkWidth(nvml_device d, unsigned* v) { (void)d; *v = 16; return 0; }
