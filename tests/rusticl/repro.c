/* Minimal reproducer for issue #52 item 5 ("rusticl, understood"): which OpenCL calls give
 * wrong data or wrong profiling stamps on Mesa's rusticl (llvmpipe) but not on PoCL.
 *
 *   cc -std=c99 -O1 -o repro tests/rusticl/repro.c -lOpenCL
 *   ./repro portable                          # PoCL
 *   RUSTICL_ENABLE=llvmpipe ./repro rusticl   # Mesa rusticl on llvmpipe
 *
 * The argument is a case-insensitive substring of the platform or device name (default: the
 * first device found). Three parts:
 *  1. transfers: n = 2^20 uints reach a buffer by one route (clEnqueueWriteBuffer blocking and
 *     non-blocking, one element non-blocking, clEnqueueFillBuffer with 4- and 1-byte patterns,
 *     clEnqueueCopyBuffer), then copy_u(in, out) (one element per work-item) and a blocking
 *     read of out: "ok" when every element arrived.
 *  2. loops: fill(out, n) writes all n elements with a grid-stride loop, on a grid of G x 1
 *     work-items (each runs n / G iterations); the tool's fill_exact and differs use
 *     G = compute units on a CPU device. Prints how many elements were written.
 *  3. stamps: two dependent kernels back to back in one in-order profiling queue; prints
 *     QUEUED/SUBMIT/START/END of both.
 * Exit status: the number of failed checks. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N (1u << 20)

static const char* source =
    "__kernel void copy_u(__global const uint* in, __global uint* out, uint n) {\n"
    "    size_t i = get_global_id(0); if (i < n) out[i] = in[i];\n"
    "}\n"
    /* the shape of the tool's fill_exact (kernels/tool.cl): a grid-stride loop */
    "__kernel void fill(__global uint* out, ulong n) {\n"
    "    for (ulong r = get_global_id(0); r < n; r += get_global_size(0)) out[r] = (uint)r + 1u;\n"
    "}\n"
    /* one pass of a tree reduction (as reduce3 with -l 64) */
    "__kernel void pass_sum(__global const uint* in, __global uint* out, uint n,\n"
    "                       __local uint* s) {\n"
    "    uint l = get_local_id(0), g = get_global_id(0);\n"
    "    s[l] = g < n ? in[g] : 0u; barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint k = get_local_size(0) / 2; k > 0; k >>= 1) {\n"
    "        if (l < k) s[l] += s[l + k]; barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (l == 0) out[get_group_id(0)] = s[0];\n"
    "}\n";

static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static int failures;

#define CHECK(call)                                                                     \
    do {                                                                                \
        cl_int e_ = (call);                                                             \
        if (e_ != CL_SUCCESS) {                                                         \
            fprintf(stderr, "%s:%d: %s -> %d\n", __FILE__, __LINE__, #call, (int)e_);   \
            exit(100);                                                                  \
        }                                                                               \
    } while (0)

static int contains_ci(const char* hay, const char* needle) {
    size_t nl = strlen(needle);
    for (; *hay; ++hay) {
        size_t i = 0;
        while (i < nl && hay[i] &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            ++i;
        if (i == nl) return 1;
    }
    return nl == 0;
}

static cl_device_id pick_device(const char* want) {
    cl_platform_id plats[16];
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(16, plats, &np));
    for (cl_uint p = 0; p < np; ++p) {
        char pname[256] = "", dname[256] = "";
        cl_device_id devs[8];
        cl_uint nd = 0;
        clGetPlatformInfo(plats[p], CL_PLATFORM_NAME, sizeof pname, pname, NULL);
        if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 8, devs, &nd) != CL_SUCCESS) nd = 0;
        for (cl_uint d = 0; d < nd; ++d) {
            clGetDeviceInfo(devs[d], CL_DEVICE_NAME, sizeof dname, dname, NULL);
            if (contains_ci(pname, want) || contains_ci(dname, want)) {
                char ver[256] = "";
                cl_uint cus = 0;
                cl_ulong res = 0;
                clGetDeviceInfo(devs[d], CL_DRIVER_VERSION, sizeof ver, ver, NULL);
                clGetDeviceInfo(devs[d], CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
                clGetDeviceInfo(devs[d], CL_DEVICE_PROFILING_TIMER_RESOLUTION, sizeof res, &res,
                                NULL);
                printf("device: %s / %s (driver %s), %u compute units, timer resolution %llu "
                       "ns\n",
                       pname, dname, ver, cus, (unsigned long long)res);
                return devs[d];
            }
        }
    }
    fprintf(stderr, "no device matches '%s'\n", want);
    exit(101);
}

static cl_kernel kernel(const char* name) {
    cl_int e;
    cl_kernel k = clCreateKernel(prog, name, &e);
    CHECK(e);
    return k;
}

static cl_mem buffer(size_t bytes) {
    cl_int e;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &e);
    CHECK(e);
    return m;
}

static size_t count_bad(const cl_uint* got, const cl_uint* want, size_t* first) {
    size_t bad = 0;
    *first = N;
    for (size_t i = 0; i < N; ++i) {
        if (got[i] != want[i]) {
            if (*first == N) *first = i;
            ++bad;
        }
    }
    return bad;
}

/* copy_u(in, out) then a blocking read of out; reports how many elements differ from want. */
static void launch_and_check(const char* what, cl_mem in, cl_mem out, const cl_uint* want) {
    static cl_uint got[N];
    cl_kernel k = kernel("copy_u");
    cl_uint n = N;
    size_t g = N, l = 64, first;
    CHECK(clSetKernelArg(k, 0, sizeof in, &in));
    CHECK(clSetKernelArg(k, 1, sizeof out, &out));
    CHECK(clSetKernelArg(k, 2, sizeof n, &n));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, N * sizeof(cl_uint), got, 0, NULL, NULL));
    size_t bad = count_bad(got, want, &first);
    if (bad == 0) {
        printf("  ok    %s\n", what);
    } else {
        ++failures;
        printf("  WRONG %s: %zu of %u elements differ, first [%zu] = %u, expected %u\n", what,
               bad, N, first, got[first], want[first]);
    }
    clReleaseKernel(k);
}

static void transfer_tests(void) {
    static cl_uint a[N], b[N], want[N];
    cl_mem in = buffer(sizeof a), out = buffer(sizeof a), src = buffer(sizeof a);
    for (size_t i = 0; i < N; ++i) {
        a[i] = (cl_uint)(i * 7u + 1u);
        b[i] = (cl_uint)(i * 3u + 5u);
    }
    puts("1. transfers: a route into `in`, then copy_u(in, out), then a blocking read of out");

    CHECK(clEnqueueWriteBuffer(q, in, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL));
    launch_and_check("clEnqueueWriteBuffer blocking", in, out, a);

    CHECK(clEnqueueWriteBuffer(q, in, CL_FALSE, 0, sizeof b, b, 0, NULL, NULL));
    launch_and_check("clEnqueueWriteBuffer non-blocking", in, out, b);

    static cl_uint one = 0xC0FFEEu; /* the tool's perturb: one element, non-blocking */
    memcpy(want, b, sizeof b);
    want[12345] = one;
    CHECK(clEnqueueWriteBuffer(q, in, CL_FALSE, 12345 * sizeof(cl_uint), sizeof one, &one, 0,
                               NULL, NULL));
    launch_and_check("clEnqueueWriteBuffer non-blocking, one element", in, out, want);

    cl_uint pat = 0x12345678u;
    for (size_t i = 0; i < N; ++i) want[i] = pat;
    CHECK(clEnqueueFillBuffer(q, in, &pat, sizeof pat, 0, sizeof a, 0, NULL, NULL));
    launch_and_check("clEnqueueFillBuffer 4-byte pattern", in, out, want);

    cl_uchar ff = 0xFF; /* the tool's poison */
    for (size_t i = 0; i < N; ++i) want[i] = 0xFFFFFFFFu;
    CHECK(clEnqueueFillBuffer(q, in, &ff, 1, 0, sizeof a, 0, NULL, NULL));
    launch_and_check("clEnqueueFillBuffer 1-byte pattern 0xFF", in, out, want);

    CHECK(clEnqueueWriteBuffer(q, src, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL));
    CHECK(clEnqueueCopyBuffer(q, src, in, 0, 0, sizeof a, 0, NULL, NULL));
    launch_and_check("clEnqueueCopyBuffer", in, out, a);

    clReleaseMemObject(in);
    clReleaseMemObject(out);
    clReleaseMemObject(src);
}

static void loop_tests(void) {
    static cl_uint zeros[N], got[N], want[N];
    cl_uint cus = 1;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cus, &cus, NULL);
    size_t grids[] = {1, 2, cus, 16, 1024};
    cl_mem out = buffer(sizeof got);
    cl_ulong n = N;
    cl_kernel k = kernel("fill");
    CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CHECK(clSetKernelArg(k, 1, sizeof n, &n));
    for (size_t i = 0; i < N; ++i) want[i] = (cl_uint)i + 1u;
    puts("2. loops: fill(out, 2^20) with a grid-stride loop on G x 1 work-items, then a "
         "blocking read");
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g) {
        size_t global = grids[g], local = 1, first;
        if (g == 2 && (cus == 1 || cus == 2 || cus == 16 || cus == 1024)) continue; /* listed */
        CHECK(clEnqueueWriteBuffer(q, out, CL_TRUE, 0, sizeof zeros, zeros, 0, NULL, NULL));
        CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
        CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
        size_t bad = count_bad(got, want, &first);
        failures += bad != 0;
        printf("  %s G = %zu%s (%zu iterations each): %7zu of %u written", bad ? "WRONG" : "ok   ",
               global, global == cus ? " = compute units" : "",
               (size_t)(N / global), (size_t)N - bad, N);
        if (bad) printf("; the first missing is [%zu] = %zu x %zu", first, global, first / global);
        putchar('\n');
    }
    clReleaseKernel(k);
    clReleaseMemObject(out);
}

static void stamps(cl_event e, cl_ulong s[4]) {
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED, sizeof s[0], &s[0], NULL));
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_SUBMIT, sizeof s[1], &s[1], NULL));
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof s[2], &s[2], NULL));
    CHECK(clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof s[3], &s[3], NULL));
}

static void stamp_test(void) {
    static cl_uint a[N], part[N / 4096];
    cl_uint n1 = N, n2 = N / 64, sum = 0;
    size_t g1 = N, g2 = N / 64, l = 64;
    for (size_t i = 0; i < N; ++i) a[i] = 1;
    cl_mem in = buffer(sizeof a), mid = buffer(n2 * sizeof(cl_uint)), out = buffer(sizeof part);
    CHECK(clEnqueueWriteBuffer(q, in, CL_TRUE, 0, sizeof a, a, 0, NULL, NULL));
    cl_kernel k1 = kernel("pass_sum"), k2 = kernel("pass_sum");
    CHECK(clSetKernelArg(k1, 0, sizeof in, &in));
    CHECK(clSetKernelArg(k1, 1, sizeof mid, &mid));
    CHECK(clSetKernelArg(k1, 2, sizeof n1, &n1));
    CHECK(clSetKernelArg(k1, 3, l * sizeof(cl_uint), NULL));
    CHECK(clSetKernelArg(k2, 0, sizeof mid, &mid));
    CHECK(clSetKernelArg(k2, 1, sizeof out, &out));
    CHECK(clSetKernelArg(k2, 2, sizeof n2, &n2));
    CHECK(clSetKernelArg(k2, 3, l * sizeof(cl_uint), NULL));
    puts("3. stamps: pass 1 (2^20 items) then pass 2 (2^14 items, reads pass 1's output) in one "
         "in-order profiling queue, then clFinish; ns after pass 1's QUEUED");
    int overlaps = 0;
    for (int rep = 0; rep < 3; ++rep) {
        cl_event e1, e2;
        cl_ulong s1[4], s2[4];
        CHECK(clEnqueueNDRangeKernel(q, k1, 1, NULL, &g1, &l, 0, NULL, &e1));
        CHECK(clEnqueueNDRangeKernel(q, k2, 1, NULL, &g2, &l, 0, NULL, &e2));
        CHECK(clFinish(q));
        stamps(e1, s1);
        stamps(e2, s2);
        const cl_ulong t0 = s1[0];
        if (rep == 0) printf("  pass 1 QUEUED = %llu ns (absolute)\n", (unsigned long long)t0);
        printf("  pass 1: %lld %lld %lld %lld | pass 2: %lld %lld %lld %lld%s\n", 0LL,
               (long long)(s1[1] - t0), (long long)(s1[2] - t0), (long long)(s1[3] - t0),
               (long long)(s2[0] - t0), (long long)(s2[1] - t0), (long long)(s2[2] - t0),
               (long long)(s2[3] - t0), s2[2] < s1[3] ? "  <- pass 2 START < pass 1 END" : "");
        overlaps += s2[2] < s1[3];
        clReleaseEvent(e1);
        clReleaseEvent(e2);
    }
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof part, part, 0, NULL, NULL));
    for (size_t i = 0; i < N / 4096; ++i) sum += part[i];
    printf("  result %u (expected %u): %s; pass 2 START < pass 1 END in %d of 3\n", sum, N,
           sum == N ? "ok" : "WRONG", overlaps);
    failures += (sum != N) + (overlaps > 0);
    clReleaseKernel(k1);
    clReleaseKernel(k2);
    clReleaseMemObject(in);
    clReleaseMemObject(mid);
    clReleaseMemObject(out);
}

int main(int argc, char** argv) {
    cl_int e;
    dev = pick_device(argc > 1 ? argv[1] : "");
    ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
    CHECK(e);
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    CHECK(e);
    prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
    CHECK(e);
    if (clBuildProgram(prog, 1, &dev, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192] = "";
        clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 102;
    }
    transfer_tests();
    loop_tests();
    stamp_test();
    printf("%d check(s) failed\n", failures);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return failures;
}
