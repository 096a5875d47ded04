// A fault-injection layer for the tests, LD_PRELOADed in front of the OpenCL loader
// (libOpenCL.so.1): it defines the OpenCL entry points whose answers a test may falsify and
// forwards every call to the next definition, the loader's (dlsym with RTLD_NEXT), lying only
// where the environment variable GRP_FAULT asks. Its items, separated by commas:
//
//   stamps=scale:F         every profiling stamp's distance from the first one seen, times F
//   stamps=zero            every stamp 0
//   stamps=reversed        START and END swapped: END before START
//   stamps=jitter:PCT      the timer's rate wobbles within PCT % (0 to 99) from one 1 ms stretch
//                          to the next, so a launch lasts up to PCT % more or less; the order of
//                          the stamps is kept
//   stamps=slow:F:K        the launches of the kernel function K last F times longer (END moved
//                          away from START; the other stamps and other kernels' kept): a
//                          device that reads slowly in one kernel only (a low roof, #52)
//   stamps=out-of-order    every launch moved back to START half way through the previous
//                          launch: a later launch STARTs before an earlier one ENDs
//   profiling=refuse       a command queue asked for CL_QUEUE_PROFILING_ENABLE is refused:
//                          CL_INVALID_QUEUE_PROPERTIES
//   profiling=unavailable  clGetEventProfilingInfo: CL_PROFILING_INFO_NOT_AVAILABLE
//   enqueue=fail:N[:K]     the Nth clEnqueueNDRangeKernel of the process (or the Nth of the
//                          kernel function K): CL_OUT_OF_RESOURCES, nothing launched
//   build=fail[:N]         every clBuildProgram (or the Nth): CL_BUILD_PROGRAM_FAILURE, with
//                          a build log that says so
//   build=oor[:N]          every clBuildProgram (or the Nth): CL_OUT_OF_RESOURCES
//   context=fail:N[:D]     the Nth clCreateContext of the process (or the Nth on the device
//                          at place D of its platform's clGetDeviceIDs, from 0: one device of
//                          several fails, in whichever process opens it): CL_OUT_OF_HOST_MEMORY (a
//                          device lost between listing and use)
//   card=slow:F            a slower card (F >= 1): every launch lasts F times longer, in its
//                          stamps (END moved away from START) and on the wall clock (the enqueue
//                          waits for the launch, then sleeps F - 1 times its real span), so a
//                          fleet's scheduler sees it finish its work later (#69)
//   card=pci:B             another card: every device reports cl_khr_pci_bus_info, on bus B
//                          (0-255), so several processes on one host are several cards to merge
//   cpu=taken              another process seems to hold every CPU: the process's threads read
//                          as waiting for a CPU all the time (/proc/self/task/*/schedstat) and
//                          the machine's CPUs as busy (/proc/stat), so every round that
//                          gpu-reduce-prof measures long enough reads as disturbed, without
//                          loading the machine (fopen64 of those files answers made-up text)
//
// Several stamps items apply in the order written ("stamps=scale:2,stamps=jitter:5"). With
// GRP_FAULT_VERBOSE=1 every item says on stderr when it first fires, and how often it fired
// at exit. GRP_FAULT is read when the library is loaded into a process that has the OpenCL
// loader; an item it cannot read stops that process at once (exit 99), so a test never runs
// without the fault it asked for. A program without OpenCL (git, a shell) that inherits
// LD_PRELOAD is left alone. By hand, from a build folder:
//
//   export GRP_FAULT=stamps=scale:42 GRP_FAULT_VERBOSE=1
//   LD_PRELOAD=tests/libgrp_fault_inject.so ./gpu-reduce-prof run -k reduce2 -n 2^14 --no-peak
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS

#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <dlfcn.h>
#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

namespace {

enum class fault_kind {
    stamps_scale,
    stamps_zero,
    stamps_reversed,
    stamps_jitter,
    stamps_out_of_order,
    stamps_slow,
    profiling_refuse,
    profiling_unavailable,
    enqueue_fail,
    build_fail,
    build_oor,
    context_fail,
    card_slow,
    card_pci,
    cpu_taken,
};

struct fault_item {
    fault_kind kind;
    char text[64];   // as written in GRP_FAULT, for messages
    double arg;      // scale factor, jitter fraction
    long nth;        // enqueue=fail:N, build=...:N (0: every call)
    char kernel[32]; // enqueue=fail:N:K ("": any kernel)
    long seen;       // the calls counted for nth
    long device;     // context=fail:N:D's D (-1: any device)
    long fired;
    // State of a stamps transform: the first stamp it saw (scale, jitter), the last launch it
    // reported (out-of-order).
    bool have_origin;
    cl_ulong origin;
    bool have_last;
    cl_ulong last_start, last_end;
};

constexpr int max_items = 16;
constexpr int exit_bad_fault = 99;
constexpr cl_ulong jitter_stretch_ns = 1000000; // 1 ms

struct fault_config {
    fault_item items[max_items];
    int count;
    bool verbose;
};

fault_config g_config;
pthread_once_t g_once = PTHREAD_ONCE_INIT;
pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
long g_builds = 0;
long g_contexts = 0;

[[noreturn]] void bad_item(const char* item, const char* why) {
    std::fprintf(stderr, "grp_fault: cannot read GRP_FAULT item '%s': %s\n", item, why);
    _exit(exit_bad_fault);
}

bool read_count(const char* text, long& out) {
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 1) {
        return false;
    }
    out = v;
    return true;
}

bool read_number(const char* text, double& out) {
    char* end = nullptr;
    errno = 0;
    const double v = std::strtod(text, &end);
    if (errno != 0 || end == text || *end != '\0' || !std::isfinite(v)) {
        return false;
    }
    out = v;
    return true;
}

// slow:F:K's "F:K".
void read_slow_item(fault_item& f, const char* value) {
    f.kind = fault_kind::stamps_slow;
    const char* colon = std::strchr(value, ':');
    char factor[24] = "";
    const size_t digits = colon ? static_cast<size_t>(colon - value) : 0;
    if (!colon || digits >= sizeof factor || colon[1] == '\0' ||
        std::strlen(colon + 1) >= sizeof f.kernel) {
        bad_item(f.text, "stamps=slow takes slow:F:KERNEL");
    }
    std::memcpy(factor, value, digits);
    if (!read_number(factor, f.arg) || f.arg <= 0) {
        bad_item(f.text, "the slow factor must be a number above 0");
    }
    std::snprintf(f.kernel, sizeof f.kernel, "%s", colon + 1);
}

void read_stamps_item(fault_item& f, const char* value) {
    if (std::strncmp(value, "scale:", 6) == 0) {
        f.kind = fault_kind::stamps_scale;
        if (!read_number(value + 6, f.arg) || f.arg <= 0) {
            bad_item(f.text, "the scale factor must be a number above 0");
        }
    } else if (std::strcmp(value, "zero") == 0) {
        f.kind = fault_kind::stamps_zero;
    } else if (std::strcmp(value, "reversed") == 0) {
        f.kind = fault_kind::stamps_reversed;
    } else if (std::strncmp(value, "jitter:", 7) == 0) {
        f.kind = fault_kind::stamps_jitter;
        if (!read_number(value + 7, f.arg) || f.arg < 0 || f.arg >= 100) {
            bad_item(f.text, "the jitter must be a percentage from 0 to under 100");
        }
        f.arg /= 100;
    } else if (std::strncmp(value, "slow:", 5) == 0) {
        read_slow_item(f, value + 5);
    } else if (std::strcmp(value, "out-of-order") == 0) {
        f.kind = fault_kind::stamps_out_of_order;
    } else {
        bad_item(f.text,
                 "stamps= takes scale:F, zero, reversed, jitter:PCT, slow:F:K or out-of-order");
    }
}

void read_build_item(fault_item& f, const char* value) {
    const char* colon = std::strchr(value, ':');
    const size_t word = colon ? static_cast<size_t>(colon - value) : std::strlen(value);
    if (word == 4 && std::strncmp(value, "fail", 4) == 0) {
        f.kind = fault_kind::build_fail;
    } else if (word == 3 && std::strncmp(value, "oor", 3) == 0) {
        f.kind = fault_kind::build_oor;
    } else {
        bad_item(f.text, "build= takes fail, fail:N, oor or oor:N");
    }
    if (colon && !read_count(colon + 1, f.nth)) {
        bad_item(f.text, "N must be a count from 1");
    }
}

void read_enqueue_item(fault_item& f, const char* value) {
    f.kind = fault_kind::enqueue_fail;
    char count[24] = "";
    const char* colon =
        std::strncmp(value, "fail:", 5) == 0 ? std::strchr(value + 5, ':') : nullptr;
    const size_t digits = colon ? static_cast<size_t>(colon - value - 5) : std::strlen(value + 5);
    if (std::strncmp(value, "fail:", 5) != 0 || digits >= sizeof count ||
        (colon && (colon[1] == '\0' || std::strlen(colon + 1) >= sizeof f.kernel))) {
        bad_item(f.text, "enqueue= takes fail:N or fail:N:KERNEL");
    }
    std::memcpy(count, value + 5, digits);
    if (!read_count(count, f.nth)) {
        bad_item(f.text, "N must be a count from 1");
    }
    if (colon) {
        std::strcpy(f.kernel, colon + 1);
    }
}

// A place among a platform's devices: 0, 1, ... (read_count reads counts from 1).
bool read_place(const char* text, long& out) {
    char* end = nullptr;
    errno = 0;
    const long v = std::strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != '\0' || v < 0) {
        return false;
    }
    out = v;
    return true;
}

void read_context_item(fault_item& f, const char* value) {
    f.kind = fault_kind::context_fail;
    f.device = -1;
    char count[24] = "";
    const char* colon =
        std::strncmp(value, "fail:", 5) == 0 ? std::strchr(value + 5, ':') : nullptr;
    const size_t digits = colon ? static_cast<size_t>(colon - value - 5) : std::strlen(value + 5);
    if (std::strncmp(value, "fail:", 5) != 0 || digits >= sizeof count) {
        bad_item(f.text, "context= takes fail:N or fail:N:D (N a count from 1, D a place from 0)");
    }
    std::memcpy(count, value + 5, digits);
    if (!read_count(count, f.nth) || (colon && !read_place(colon + 1, f.device))) {
        bad_item(f.text, "context= takes fail:N or fail:N:D (N a count from 1, D a place from 0)");
    }
}

void read_card_item(fault_item& f, const char* value) {
    if (std::strncmp(value, "slow:", 5) == 0) {
        f.kind = fault_kind::card_slow;
        if (!read_number(value + 5, f.arg) || f.arg < 1) {
            bad_item(f.text, "card=slow:F takes a factor of 1 or more");
        }
    } else if (std::strncmp(value, "pci:", 4) == 0) {
        f.kind = fault_kind::card_pci;
        if (!read_place(value + 4, f.nth) || f.nth > 255) {
            bad_item(f.text, "card=pci:B takes a bus number from 0 to 255");
        }
    } else {
        bad_item(f.text, "card= takes slow:F or pci:B");
    }
}

void read_item(fault_item& f) {
    const char* eq = std::strchr(f.text, '=');
    if (!eq) {
        bad_item(f.text,
                 "an item is KEY=VALUE (stamps, profiling, enqueue, build, context, card or cpu)");
    }
    const size_t key = static_cast<size_t>(eq - f.text);
    const char* value = eq + 1;
    if (key == 6 && std::strncmp(f.text, "stamps", 6) == 0) {
        read_stamps_item(f, value);
    } else if (key == 9 && std::strncmp(f.text, "profiling", 9) == 0) {
        if (std::strcmp(value, "refuse") == 0) {
            f.kind = fault_kind::profiling_refuse;
        } else if (std::strcmp(value, "unavailable") == 0) {
            f.kind = fault_kind::profiling_unavailable;
        } else {
            bad_item(f.text, "profiling= takes refuse or unavailable");
        }
    } else if (key == 7 && std::strncmp(f.text, "enqueue", 7) == 0) {
        read_enqueue_item(f, value);
    } else if (key == 5 && std::strncmp(f.text, "build", 5) == 0) {
        read_build_item(f, value);
    } else if (key == 7 && std::strncmp(f.text, "context", 7) == 0) {
        read_context_item(f, value);
    } else if (key == 4 && std::strncmp(f.text, "card", 4) == 0) {
        read_card_item(f, value);
    } else if (key == 3 && std::strncmp(f.text, "cpu", 3) == 0) {
        if (std::strcmp(value, "taken") != 0) {
            bad_item(f.text, "cpu= takes taken");
        }
        f.kind = fault_kind::cpu_taken;
    } else {
        bad_item(f.text, "the keys are stamps, profiling, enqueue, build, context, card and cpu");
    }
}

void read_config() {
    const char* verbose = std::getenv("GRP_FAULT_VERBOSE");
    g_config.verbose = verbose && *verbose && std::strcmp(verbose, "0") != 0;
    const char* spec = std::getenv("GRP_FAULT");
    if (!spec) {
        return;
    }
    const char* at = spec;
    while (*at) {
        const char* comma = std::strchr(at, ',');
        const size_t len = comma ? static_cast<size_t>(comma - at) : std::strlen(at);
        if (len > 0) {
            if (g_config.count == max_items || len >= sizeof g_config.items[0].text) {
                bad_item(at, "too many items, or one too long");
            }
            fault_item& f = g_config.items[g_config.count++];
            std::memcpy(f.text, at, len);
            f.text[len] = '\0';
            read_item(f);
        }
        at += len + (comma ? 1 : 0);
    }
}

fault_config& config() {
    pthread_once(&g_once, read_config);
    return g_config;
}

fault_item* find(fault_kind kind) {
    auto& c = config();
    for (int i = 0; i < c.count; ++i) {
        if (c.items[i].kind == kind) {
            return &c.items[i];
        }
    }
    return nullptr;
}

// Counts a firing (under g_lock) and says so the first time when verbose.
void fired(fault_item& f, const char* what) {
    if (f.fired++ == 0 && g_config.verbose) {
        std::fprintf(stderr, "grp_fault: %s fired: %s\n", f.text, what);
    }
}

void fire(fault_item& f, const char* what) {
    pthread_mutex_lock(&g_lock);
    fired(f, what);
    pthread_mutex_unlock(&g_lock);
}

__attribute__((destructor)) void say_counts() {
    if (!g_config.verbose) {
        return;
    }
    for (int i = 0; i < g_config.count; ++i) {
        std::fprintf(stderr, "grp_fault: %s fired %ld time(s)\n", g_config.items[i].text,
                     g_config.items[i].fired);
    }
}

// Reads GRP_FAULT at load, in a process that has the OpenCL loader (the layer's own entry
// points are not the one looked up here).
__attribute__((constructor)) void read_at_load() {
    if (dlsym(RTLD_DEFAULT, "clGetPlatformIDs") != nullptr) {
        config();
    }
}

void* next_symbol(const char* name) {
    void* p = dlsym(RTLD_NEXT, name);
    if (!p) {
        std::fprintf(stderr, "grp_fault: no %s after this library: is libOpenCL.so.1 loaded?\n",
                     name);
        _exit(exit_bad_fault);
    }
    return p;
}

// The loader's definition of NAME, looked up once.
#define GRP_REAL(name)                                                                             \
    static const auto real = reinterpret_cast<decltype(&name)>(next_symbol(#name))

// ---- stamps ----------------------------------------------------------------------------------

constexpr int stamp_count = 4; // QUEUED, SUBMIT, START, END
constexpr cl_profiling_info stamp_names[stamp_count] = {
    CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT, CL_PROFILING_COMMAND_START,
    CL_PROFILING_COMMAND_END};

cl_ulong shifted(cl_ulong t, double by) {
    return by >= 0 ? t + static_cast<cl_ulong>(by) : t - static_cast<cl_ulong>(-by);
}

// Distances from the first stamp seen, times the factor.
void scale_stamps(fault_item& f, cl_ulong* s) {
    if (!f.have_origin) {
        f.have_origin = true;
        f.origin = s[0];
    }
    for (int i = 0; i < stamp_count; ++i) {
        const double d = s[i] >= f.origin ? static_cast<double>(s[i] - f.origin)
                                          : -static_cast<double>(f.origin - s[i]);
        s[i] = shifted(f.origin, d * f.arg);
    }
}

// A rate in [-1, 1] for a pair of stretches: a fixed hash, so runs are repeatable.
double wobble(cl_ulong pair) {
    std::uint64_t x = pair * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 31;
    x *= 0xBF58476D1CE4E5B9ULL;
    x ^= x >> 29;
    return static_cast<double>(x % 2000001) / 1e6 - 1;
}

// A monotone warp of the time line: in every pair of 1 ms stretches the clock runs fast by a
// random part of the jitter in one and as slow in the other, so the warp is back to zero at
// the end of each pair and no stamp overtakes another.
cl_ulong jitter_stamp(const fault_item& f, cl_ulong t) {
    if (t < f.origin) {
        return t;
    }
    const cl_ulong d = t - f.origin;
    const cl_ulong pair = d / (2 * jitter_stretch_ns), into = d % (2 * jitter_stretch_ns);
    const double rate = f.arg * wobble(pair);
    const cl_ulong back = into < jitter_stretch_ns ? into : 2 * jitter_stretch_ns - into;
    return shifted(t, std::floor(rate * static_cast<double>(back)));
}

void jitter_stamps(fault_item& f, cl_ulong* s) {
    if (!f.have_origin) {
        f.have_origin = true;
        f.origin = s[0];
    }
    for (int i = 0; i < stamp_count; ++i) {
        s[i] = jitter_stamp(f, s[i]);
    }
}

// Moves the whole launch so that it STARTs half way through the previous launch reported.
void disorder_stamps(fault_item& f, cl_ulong* s) {
    if (f.have_last && f.last_end > f.last_start) {
        const cl_ulong half = (f.last_end - f.last_start) / 2;
        const cl_ulong want = f.last_end - (half > 0 ? half : 1);
        const double by =
            want >= s[2] ? static_cast<double>(want - s[2]) : -static_cast<double>(s[2] - want);
        for (int i = 0; i < stamp_count; ++i) {
            s[i] = shifted(s[i], by);
        }
    }
    f.have_last = true;
    f.last_start = s[2];
    f.last_end = s[3];
}

bool is_stamps(fault_kind k) {
    return k == fault_kind::stamps_scale || k == fault_kind::stamps_zero ||
           k == fault_kind::stamps_reversed || k == fault_kind::stamps_jitter ||
           k == fault_kind::stamps_out_of_order || k == fault_kind::stamps_slow ||
           k == fault_kind::card_slow;
}

// The last launches of kernels a stamps=slow item names, by event (under g_lock): a handle
// reused by a later launch is forgotten when that launch is enqueued (note_launch).
struct slow_launch {
    cl_event event;
    const fault_item* item;
};
constexpr int slow_size = 256;
slow_launch g_slow[slow_size];
int g_slow_next = 0;

bool is_slow_launch(cl_event e, const fault_item& f) {
    for (const auto& l : g_slow) {
        if (e != nullptr && l.event == e && l.item == &f) {
            return true;
        }
    }
    return false;
}

// A launch of the kernel function `name`, its event `e`: remembered for the slow items naming it.
void note_launch(cl_event e, const char* name) {
    pthread_mutex_lock(&g_lock);
    for (auto& l : g_slow) {
        l.event = l.event == e ? nullptr : l.event;
    }
    for (int i = 0; i < g_config.count; ++i) {
        const fault_item& f = g_config.items[i];
        if ((f.kind == fault_kind::stamps_slow && std::strcmp(f.kernel, name) == 0) ||
            f.kind == fault_kind::card_slow) {
            g_slow[g_slow_next] = {e, &f};
            g_slow_next = (g_slow_next + 1) % slow_size;
        }
    }
    pthread_mutex_unlock(&g_lock);
}

void format_stamps(char* out, size_t size, const cl_ulong* s) {
    std::snprintf(out, size, "%llu %llu %llu %llu", static_cast<unsigned long long>(s[0]),
                  static_cast<unsigned long long>(s[1]), static_cast<unsigned long long>(s[2]),
                  static_cast<unsigned long long>(s[3]));
}

void transform_one(fault_item& f, cl_event e, cl_ulong* s) {
    switch (f.kind) {
    case fault_kind::stamps_slow:
    case fault_kind::card_slow:
        if (is_slow_launch(e, f) && s[3] > s[2]) {
            s[3] = shifted(s[2], static_cast<double>(s[3] - s[2]) * f.arg);
        }
        break;
    case fault_kind::stamps_scale:
        scale_stamps(f, s);
        break;
    case fault_kind::stamps_zero:
        s[0] = s[1] = s[2] = s[3] = 0;
        break;
    case fault_kind::stamps_reversed: {
        const cl_ulong start = s[2];
        s[2] = s[3];
        s[3] = start;
        break;
    }
    case fault_kind::stamps_jitter:
        jitter_stamps(f, s);
        break;
    case fault_kind::stamps_out_of_order:
        disorder_stamps(f, s);
        break;
    default:
        break;
    }
}

// Runs the stamps items over one launch's four stamps, in the order written (under g_lock). An
// item fires when it changed a stamp.
void transform_stamps(cl_event e, cl_ulong* s) {
    for (int i = 0; i < g_config.count; ++i) {
        fault_item& f = g_config.items[i];
        if (!is_stamps(f.kind)) {
            continue;
        }
        cl_ulong before[stamp_count];
        std::memcpy(before, s, sizeof before);
        transform_one(f, e, s);
        if (std::memcmp(before, s, sizeof before) != 0) {
            char was[88], now[88], what[224];
            format_stamps(was, sizeof was, before);
            format_stamps(now, sizeof now, s);
            std::snprintf(what, sizeof what, "QUEUED SUBMIT START END %s reported as %s", was, now);
            fired(f, what);
        }
    }
}

// The last launches transformed, so that the four queries of one launch see one answer. A
// launch is known by its event and its real stamps (a released event's handle may come back).
struct stamp_memo {
    cl_event event;
    cl_ulong real[stamp_count];
    cl_ulong told[stamp_count];
};
constexpr int memo_size = 64;
stamp_memo g_memo[memo_size];
int g_memo_next = 0;

void told_stamps(cl_event e, const cl_ulong* real, cl_ulong* told) {
    pthread_mutex_lock(&g_lock);
    for (const auto& m : g_memo) {
        if (m.event == e && std::memcmp(m.real, real, sizeof m.real) == 0) {
            std::memcpy(told, m.told, sizeof m.told);
            pthread_mutex_unlock(&g_lock);
            return;
        }
    }
    std::memcpy(told, real, stamp_count * sizeof(cl_ulong));
    transform_stamps(e, told);
    stamp_memo& m = g_memo[g_memo_next];
    g_memo_next = (g_memo_next + 1) % memo_size;
    m.event = e;
    std::memcpy(m.real, real, sizeof m.real);
    std::memcpy(m.told, told, sizeof m.told);
    pthread_mutex_unlock(&g_lock);
}

bool any_stamps_item() {
    auto& c = config();
    for (int i = 0; i < c.count; ++i) {
        if (is_stamps(c.items[i].kind)) {
            return true;
        }
    }
    return false;
}

int stamp_index(cl_profiling_info name) {
    for (int i = 0; i < stamp_count; ++i) {
        if (stamp_names[i] == name) {
            return i;
        }
    }
    return -1;
}

// ---- queues ----------------------------------------------------------------------------------

bool asks_profiling(const cl_queue_properties* props) {
    for (const cl_queue_properties* p = props; p && p[0] != 0; p += 2) {
        if (p[0] == CL_QUEUE_PROPERTIES && (p[1] & CL_QUEUE_PROFILING_ENABLE) != 0) {
            return true;
        }
    }
    return false;
}

cl_command_queue refuse_queue(const char* call, cl_int* errcode_ret) {
    fault_item* f = find(fault_kind::profiling_refuse);
    char what[160];
    std::snprintf(what, sizeof what,
                  "%s with CL_QUEUE_PROFILING_ENABLE returns CL_INVALID_QUEUE_PROPERTIES (%d)",
                  call, CL_INVALID_QUEUE_PROPERTIES);
    fire(*f, what);
    if (errcode_ret) {
        *errcode_ret = CL_INVALID_QUEUE_PROPERTIES;
    }
    return nullptr;
}

// ---- builds ----------------------------------------------------------------------------------

// Programs whose build this layer failed: their build log and status are this layer's.
struct failed_build {
    cl_program program;
    const char* log;
};
constexpr int failed_size = 64;
failed_build g_failed[failed_size];
int g_failed_next = 0;

// The log this layer gave the program's failed build; null when it did not fail it.
const char* injected_log_of(cl_program p) {
    pthread_mutex_lock(&g_lock);
    const char* log = nullptr;
    for (const auto& f : g_failed) {
        log = p != nullptr && f.program == p ? f.log : log;
    }
    pthread_mutex_unlock(&g_lock);
    return log;
}

void mark_build(cl_program p, const char* log) {
    pthread_mutex_lock(&g_lock);
    for (auto& f : g_failed) {
        f.program = f.program == p ? nullptr : f.program;
    }
    if (log) {
        g_failed[g_failed_next] = {p, log};
        g_failed_next = (g_failed_next + 1) % failed_size;
    }
    pthread_mutex_unlock(&g_lock);
}

// The build item that fails build number `n` of the process, if any.
fault_item* failing_build(long n) {
    const fault_kind kinds[] = {fault_kind::build_fail, fault_kind::build_oor};
    for (const fault_kind k : kinds) {
        fault_item* f = find(k);
        if (f && (f->nth == 0 || f->nth == n)) {
            return f;
        }
    }
    return nullptr;
}

// build=fail's log says what failed; build=oor's is empty, as a driver out of resources may leave
// it.
constexpr const char* fail_log =
    "grp_fault: build failure injected by GRP_FAULT (build=fail): no compiler ran\n";
constexpr const char* oor_log = "";

cl_int answer_text(const char* text, size_t size, void* value, size_t* size_ret) {
    const size_t need = std::strlen(text) + 1;
    if (value) {
        if (size < need) {
            return CL_INVALID_VALUE;
        }
        std::memcpy(value, text, need);
    }
    if (size_ret) {
        *size_ret = need;
    }
    return CL_SUCCESS;
}

// ---- launches -------------------------------------------------------------------------------

// The kernel's function name ("?" when the driver does not say).
void kernel_name(cl_kernel kernel, char* out, size_t size) {
    static const auto info =
        reinterpret_cast<decltype(&clGetKernelInfo)>(next_symbol("clGetKernelInfo"));
    if (info(kernel, CL_KERNEL_FUNCTION_NAME, size, out, nullptr) != CL_SUCCESS) {
        std::snprintf(out, size, "?");
    }
}

// ---- a slower card, another card -------------------------------------------------------------

double wall_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
}

// card=slow:F on the wall clock: waits for the launch, then sleeps F - 1 times its span (its
// real START..END, or the wall time since the enqueue began when the caller kept no event).
void slow_card_wait(fault_item& f, cl_command_queue queue, cl_event event, double began_ns) {
    static const auto wait =
        reinterpret_cast<decltype(&clWaitForEvents)>(next_symbol("clWaitForEvents"));
    static const auto finish = reinterpret_cast<decltype(&clFinish)>(next_symbol("clFinish"));
    static const auto stamp = reinterpret_cast<decltype(&clGetEventProfilingInfo)>(
        next_symbol("clGetEventProfilingInfo"));
    double span = 0;
    cl_ulong start = 0, end = 0;
    if (event != nullptr && wait(1, &event) == CL_SUCCESS &&
        stamp(event, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr) == CL_SUCCESS &&
        stamp(event, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr) == CL_SUCCESS &&
        end > start) {
        span = static_cast<double>(end - start);
    } else if (finish(queue) == CL_SUCCESS) {
        span = wall_ns() - began_ns;
    }
    const double sleep_ns = span * (f.arg - 1);
    if (sleep_ns >= 1) {
        timespec t{static_cast<time_t>(sleep_ns / 1e9),
                   static_cast<long>(std::fmod(sleep_ns, 1e9))};
        while (nanosleep(&t, &t) != 0 && errno == EINTR) {
        }
        fire(f, "a launch waited for and slept through on the wall clock");
    }
}

constexpr const char* pci_extension = "cl_khr_pci_bus_info";

// card=pci:B's CL_DEVICE_EXTENSIONS: the driver's, with cl_khr_pci_bus_info where it lacks it.
cl_int extensions_with_pci(cl_device_id device, size_t size, void* value, size_t* size_ret) {
    GRP_REAL(clGetDeviceInfo);
    size_t need = 0;
    if (const cl_int err = real(device, CL_DEVICE_EXTENSIONS, 0, nullptr, &need);
        err != CL_SUCCESS) {
        return err;
    }
    char* text = static_cast<char*>(std::calloc(need + std::strlen(pci_extension) + 2, 1));
    cl_int err =
        text ? real(device, CL_DEVICE_EXTENSIONS, need, text, nullptr) : CL_OUT_OF_HOST_MEMORY;
    if (err == CL_SUCCESS) {
        if (std::strstr(text, pci_extension) == nullptr) {
            std::strcat(text, text[0] != '\0' ? " " : "");
            std::strcat(text, pci_extension);
        }
        err = answer_text(text, size, value, size_ret);
    }
    std::free(text);
    return err;
}

cl_int pci_bus_of_card(fault_item& f, size_t size, void* value, size_t* size_ret) {
    cl_device_pci_bus_info_khr bus{};
    bus.pci_bus = static_cast<cl_uint>(f.nth);
    if (value) {
        if (size < sizeof bus) {
            return CL_INVALID_VALUE;
        }
        std::memcpy(value, &bus, sizeof bus);
    }
    if (size_ret) {
        *size_ret = sizeof bus;
    }
    fire(f, "the device reports PCI bus info");
    return CL_SUCCESS;
}

// ---- the CPU (cpu=taken) ----------------------------------------------------------------------

bool ends_with(const char* text, const char* suffix) {
    const size_t n = std::strlen(text), k = std::strlen(suffix);
    return n >= k && std::strcmp(text + n - k, suffix) == 0;
}

// Nanoseconds since the first call: the made-up counters grow with the wall clock.
unsigned long long taken_elapsed_ns() {
    static const auto start = [] {
        timespec t{};
        clock_gettime(CLOCK_MONOTONIC, &t);
        return t;
    }();
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<unsigned long long>(now.tv_sec - start.tv_sec) * 1000000000ULL +
           static_cast<unsigned long long>(now.tv_nsec) -
           static_cast<unsigned long long>(start.tv_nsec);
}

// A readable FILE holding `text`, on a real descriptor (std::ifstream reads through fileno()).
FILE* file_holding(const char* text) {
    const int fd = memfd_create("grp_fault", 0);
    if (fd < 0) {
        return nullptr;
    }
    const size_t size = std::strlen(text);
    if (write(fd, text, size) != static_cast<ssize_t>(size) || lseek(fd, 0, SEEK_SET) != 0) {
        close(fd);
        return nullptr;
    }
    return fdopen(fd, "r");
}

// The made-up file for `path` under cpu=taken, or null for a file left alone: a thread's
// schedstat waited all the time ("RUN WAIT SLICES"), and /proc/stat's "cpu" line is all busy
// ticks (user) of 64 CPUs at 100 Hz, so others used nearly all of it.
FILE* taken_cpu_file(const char* path) {
    if (dlsym(RTLD_DEFAULT, "clGetPlatformIDs") == nullptr) {
        return nullptr; // not gpu-reduce-prof (a shell, git): GRP_FAULT is not read there
    }
    fault_item* f = find(fault_kind::cpu_taken);
    const bool task =
        std::strncmp(path, "/proc/self/task/", 16) == 0 && ends_with(path, "/schedstat");
    if (f == nullptr || (!task && std::strcmp(path, "/proc/stat") != 0)) {
        return nullptr;
    }
    const unsigned long long ns = taken_elapsed_ns();
    char text[128];
    if (task) {
        std::snprintf(text, sizeof text, "0 %llu 1\n", ns);
    } else {
        std::snprintf(text, sizeof text, "cpu  %llu 0 0 0 0 0 0 0 0 0\n", ns / 10000000ULL * 64);
    }
    fire(*f, "the CPU reads as taken by another process");
    return file_holding(text);
}

} // namespace

// ---- the entry points --------------------------------------------------------------------------

// libstdc++'s std::ifstream opens through fopen64 (the /proc files gpu-reduce-prof reads).
extern "C" FILE* fopen64(const char* path, const char* mode) {
    static const auto real =
        reinterpret_cast<FILE* (*)(const char*, const char*)>(dlsym(RTLD_NEXT, "fopen64"));
    if (path != nullptr) {
        if (FILE* fake = taken_cpu_file(path)) {
            return fake;
        }
    }
    return real(path, mode);
}

cl_int CL_API_CALL clGetEventProfilingInfo(cl_event event, cl_profiling_info param_name,
                                           size_t param_value_size, void* param_value,
                                           size_t* param_value_size_ret) {
    GRP_REAL(clGetEventProfilingInfo);
    if (fault_item* f = find(fault_kind::profiling_unavailable)) {
        fire(*f, "clGetEventProfilingInfo returns CL_PROFILING_INFO_NOT_AVAILABLE (-7)");
        return CL_PROFILING_INFO_NOT_AVAILABLE;
    }
    const int index = stamp_index(param_name);
    if (index < 0 || !any_stamps_item()) {
        return real(event, param_name, param_value_size, param_value, param_value_size_ret);
    }
    cl_ulong stamps[stamp_count];
    for (int i = 0; i < stamp_count; ++i) {
        const cl_int err = real(event, stamp_names[i], sizeof stamps[i], &stamps[i], nullptr);
        if (err != CL_SUCCESS) {
            return err;
        }
    }
    cl_ulong told[stamp_count];
    told_stamps(event, stamps, told);
    if (param_value) {
        if (param_value_size < sizeof(cl_ulong)) {
            return CL_INVALID_VALUE;
        }
        std::memcpy(param_value, &told[index], sizeof(cl_ulong));
    }
    if (param_value_size_ret) {
        *param_value_size_ret = sizeof(cl_ulong);
    }
    return CL_SUCCESS;
}

cl_command_queue CL_API_CALL clCreateCommandQueue(cl_context context, cl_device_id device,
                                                  cl_command_queue_properties properties,
                                                  cl_int* errcode_ret) {
    GRP_REAL(clCreateCommandQueue);
    if (find(fault_kind::profiling_refuse) && (properties & CL_QUEUE_PROFILING_ENABLE) != 0) {
        return refuse_queue("clCreateCommandQueue", errcode_ret);
    }
    return real(context, device, properties, errcode_ret);
}

cl_command_queue CL_API_CALL
clCreateCommandQueueWithProperties(cl_context context, cl_device_id device,
                                   const cl_queue_properties* properties, cl_int* errcode_ret) {
    GRP_REAL(clCreateCommandQueueWithProperties);
    if (find(fault_kind::profiling_refuse) && asks_profiling(properties)) {
        return refuse_queue("clCreateCommandQueueWithProperties", errcode_ret);
    }
    return real(context, device, properties, errcode_ret);
}

cl_int CL_API_CALL clEnqueueNDRangeKernel(cl_command_queue command_queue, cl_kernel kernel,
                                          cl_uint work_dim, const size_t* global_work_offset,
                                          const size_t* global_work_size,
                                          const size_t* local_work_size,
                                          cl_uint num_events_in_wait_list,
                                          const cl_event* event_wait_list, cl_event* event) {
    GRP_REAL(clEnqueueNDRangeKernel);
    auto& c = config();
    for (int i = 0; i < c.count; ++i) {
        fault_item& f = c.items[i];
        if (f.kind != fault_kind::enqueue_fail) {
            continue;
        }
        char name[64];
        kernel_name(kernel, name, sizeof name);
        if (f.kernel[0] != '\0' && std::strcmp(f.kernel, name) != 0) {
            continue;
        }
        const long n = __atomic_add_fetch(&f.seen, 1, __ATOMIC_SEQ_CST);
        if (n == f.nth) {
            char what[160];
            std::snprintf(what, sizeof what,
                          "clEnqueueNDRangeKernel number %ld%s (kernel %s) returns "
                          "CL_OUT_OF_RESOURCES (%d)",
                          n, f.kernel[0] != '\0' ? " of the kernel" : "", name,
                          CL_OUT_OF_RESOURCES);
            fire(f, what);
            return CL_OUT_OF_RESOURCES;
        }
    }
    fault_item* card = find(fault_kind::card_slow);
    const double began_ns = card ? wall_ns() : 0;
    const cl_int err = real(command_queue, kernel, work_dim, global_work_offset, global_work_size,
                            local_work_size, num_events_in_wait_list, event_wait_list, event);
    if (err == CL_SUCCESS && event != nullptr && (card || find(fault_kind::stamps_slow))) {
        char name[64];
        kernel_name(kernel, name, sizeof name);
        note_launch(*event, name);
    }
    if (err == CL_SUCCESS && card) {
        slow_card_wait(*card, command_queue, event ? *event : nullptr, began_ns);
    }
    return err;
}

// The place of `device` among its platform's devices (clGetDeviceIDs' order), or -1.
cl_platform_id platform_of(cl_device_id device) {
    GRP_REAL(clGetDeviceInfo);
    cl_platform_id platform = nullptr;
    return real(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, nullptr) == CL_SUCCESS
               ? platform
               : nullptr;
}

long device_place(cl_device_id device) {
    GRP_REAL(clGetDeviceIDs);
    const cl_platform_id platform = platform_of(device);
    cl_device_id ids[16];
    cl_uint n = 0;
    if (!platform || real(platform, CL_DEVICE_TYPE_ALL, 16, ids, &n) != CL_SUCCESS) {
        return -1;
    }
    for (cl_uint i = 0; i < n && i < 16; ++i) {
        if (ids[i] == device) {
            return static_cast<long>(i);
        }
    }
    return -1;
}

cl_int CL_API_CALL clGetDeviceInfo(cl_device_id device, cl_device_info param_name,
                                   size_t param_value_size, void* param_value,
                                   size_t* param_value_size_ret) {
    GRP_REAL(clGetDeviceInfo);
    if (fault_item* f = find(fault_kind::card_pci)) {
        if (param_name == CL_DEVICE_EXTENSIONS) {
            return extensions_with_pci(device, param_value_size, param_value, param_value_size_ret);
        }
        if (param_name == CL_DEVICE_PCI_BUS_INFO_KHR) {
            return pci_bus_of_card(*f, param_value_size, param_value, param_value_size_ret);
        }
    }
    return real(device, param_name, param_value_size, param_value, param_value_size_ret);
}

cl_context CL_API_CALL clCreateContext(const cl_context_properties* properties, cl_uint num_devices,
                                       const cl_device_id* devices,
                                       void(CL_CALLBACK* pfn_notify)(const char*, const void*,
                                                                     size_t, void*),
                                       void* user_data, cl_int* errcode_ret) {
    GRP_REAL(clCreateContext);
    long n = __atomic_add_fetch(&g_contexts, 1, __ATOMIC_SEQ_CST);
    fault_item* f = find(fault_kind::context_fail);
    if (f && f->device >= 0) { // count the contexts on that device only
        const bool on_it = num_devices > 0 && device_place(devices[0]) == f->device;
        n = on_it ? __atomic_add_fetch(&f->seen, 1, __ATOMIC_SEQ_CST) : 0;
    }
    if (f && f->nth == n) {
        char what[96];
        std::snprintf(what, sizeof what, "clCreateContext number %ld returns CL_OUT_OF_HOST_MEMORY",
                      n);
        fire(*f, what);
        if (errcode_ret) {
            *errcode_ret = CL_OUT_OF_HOST_MEMORY;
        }
        return nullptr;
    }
    return real(properties, num_devices, devices, pfn_notify, user_data, errcode_ret);
}

cl_int CL_API_CALL clBuildProgram(
    cl_program program, cl_uint num_devices, const cl_device_id* device_list, const char* options,
    void(CL_CALLBACK* pfn_notify)(cl_program program, void* user_data), void* user_data) {
    GRP_REAL(clBuildProgram);
    const long n = __atomic_add_fetch(&g_builds, 1, __ATOMIC_SEQ_CST);
    if (fault_item* f = failing_build(n)) {
        const bool oor = f->kind == fault_kind::build_oor;
        const cl_int err = oor ? CL_OUT_OF_RESOURCES : CL_BUILD_PROGRAM_FAILURE;
        char what[112];
        std::snprintf(what, sizeof what, "clBuildProgram number %ld returns %s (%d)", n,
                      oor ? "CL_OUT_OF_RESOURCES" : "CL_BUILD_PROGRAM_FAILURE", err);
        fire(*f, what);
        mark_build(program, oor ? oor_log : fail_log);
        if (pfn_notify) {
            pfn_notify(program, user_data);
        }
        return err;
    }
    mark_build(program, nullptr);
    return real(program, num_devices, device_list, options, pfn_notify, user_data);
}

cl_int CL_API_CALL clGetProgramBuildInfo(cl_program program, cl_device_id device,
                                         cl_program_build_info param_name, size_t param_value_size,
                                         void* param_value, size_t* param_value_size_ret) {
    GRP_REAL(clGetProgramBuildInfo);
    if (const char* log = injected_log_of(program)) {
        if (param_name == CL_PROGRAM_BUILD_LOG) {
            return answer_text(log, param_value_size, param_value, param_value_size_ret);
        }
        if (param_name == CL_PROGRAM_BUILD_STATUS) {
            const cl_build_status status = CL_BUILD_ERROR;
            if (param_value) {
                if (param_value_size < sizeof status) {
                    return CL_INVALID_VALUE;
                }
                std::memcpy(param_value, &status, sizeof status);
            }
            if (param_value_size_ret) {
                *param_value_size_ret = sizeof status;
            }
            return CL_SUCCESS;
        }
    }
    return real(program, device, param_name, param_value_size, param_value, param_value_size_ret);
}
