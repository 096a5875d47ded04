// The fair GPU reference of issue #65: CUB's DeviceReduce::Sum on float and a streaming float4
// read, timed three ways so that a reader can see what host launch latency does to a span:
//   plain   CUDA events around one call on an idle stream (what bench/cub_reduce.cu did: the
//           span includes the host's launch latency, as a caller who waits on each call pays it);
//   blocked nvbench's method: a spin kernel holds the stream on a host-mapped flag while the start
//           event, the call and the stop event are queued behind it, then the host releases it,
//           so the span holds only device-side work and the gaps between CUB's kernels;
//   graph   the call captured REPS_PER_GRAPH times into one CUDA graph, launched between two
//           events: the device time per call when launches are back to back (warm only).
// Each method also times an empty kernel <<<1,1>>>: the floor that method reads for any launch.
// Warm: the input was just read. Cold (plain and blocked): a 512 MiB buffer is written before each
// sample, well past the L2 (50 MiB on an H100/H200), so the input comes from HBM.
// Not part of the tool; no project code.
//   nvcc -O3 -std=c++17 -arch=sm_90 -o cub_fair bench/cub_fair.cu
//   cub_fair [REPS] [LOG2_MIN] [LOG2_MAX] [STEP]       defaults: 100 10 28 2
// Prints one line per (what, method, cache, log2_n): median, 10th and 90th percentile in us.
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "cub_fair: %s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

__global__ void fill_ones(float* p, size_t n) {
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        p[i] = 1.0f;
    }
}

__global__ void scrub(int* p, size_t n, int v) {
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        p[i] = v;
    }
}

__global__ void empty_kernel() {}

// Spins until the host writes 1 into the mapped flag, or about two seconds pass (a host that died
// must not hang the GPU): nvbench's blocking kernel, written again here.
__global__ void block_stream(const volatile int* flag, unsigned long long max_cycles) {
    const long long t0 = clock64();
    while (*flag == 0) {
        if (static_cast<unsigned long long>(clock64() - t0) > max_cycles) {
            break;
        }
    }
}

// A streaming float4 read (grid-stride, four loads in flight per thread); writes only when the
// impossible happens, so nothing is optimised away.
__global__ void read_float4(const float4* p, size_t n4, float* out) {
    const size_t stride = static_cast<size_t>(gridDim.x) * blockDim.x;
    size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
    float a = 0, b = 0, c = 0, d = 0;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        const float4 v0 = p[i], v1 = p[i + stride], v2 = p[i + 2 * stride], v3 = p[i + 3 * stride];
        a += v0.x + v0.y + v0.z + v0.w;
        b += v1.x + v1.y + v1.z + v1.w;
        c += v2.x + v2.y + v2.z + v2.w;
        d += v3.x + v3.y + v3.z + v3.w;
    }
    for (; i < n4; i += stride) {
        a += p[i].x + p[i].y + p[i].z + p[i].w;
    }
    if (a + b + c + d == -12345.0f) {
        *out = a;
    }
}

struct timer {
    cudaStream_t s{};
    cudaEvent_t start{}, stop{};
    int* flag = nullptr;        // host-mapped
    int* flag_dev = nullptr;    // its device address
    int* junk = nullptr;        // the cold-cache scrub target
    size_t junk_n = size_t{512} << 18; // 512 MiB of int
    unsigned long long max_cycles = 4000000000ULL;
    int scrub_value = 0;

    timer() {
        check(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking), "stream");
        check(cudaEventCreate(&start), "event");
        check(cudaEventCreate(&stop), "event");
        check(cudaHostAlloc(&flag, sizeof(int), cudaHostAllocMapped), "cudaHostAlloc");
        check(cudaHostGetDevicePointer(&flag_dev, flag, 0), "cudaHostGetDevicePointer");
        check(cudaMalloc(&junk, junk_n * sizeof(int)), "cudaMalloc scrub");
    }
    void cold() { scrub<<<1024, 256, 0, s>>>(junk, junk_n, ++scrub_value); }
    float span_ms() {
        check(cudaEventSynchronize(stop), "cudaEventSynchronize");
        float ms = 0;
        check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
        return ms;
    }
    // One sample of f by `method` ("plain", "blocked"), after a scrub when cold.
    float sample(const std::function<void(cudaStream_t)>& f, bool blocked, bool is_cold) {
        if (is_cold) {
            cold();
        }
        if (blocked) {
            *reinterpret_cast<volatile int*>(flag) = 0;
            block_stream<<<1, 1, 0, s>>>(flag_dev, max_cycles);
        } else {
            check(cudaStreamSynchronize(s), "sync");
        }
        check(cudaEventRecord(start, s), "record");
        f(s);
        check(cudaEventRecord(stop, s), "record");
        if (blocked) {
            *reinterpret_cast<volatile int*>(flag) = 1;
        }
        return span_ms();
    }
    // Per-call time of f captured `k` times into one graph.
    float graph_ms(const std::function<void(cudaStream_t)>& f, int k) {
        cudaGraph_t g;
        cudaGraphExec_t e;
        check(cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal), "capture");
        for (int i = 0; i < k; ++i) {
            f(s);
        }
        check(cudaStreamEndCapture(s, &g), "end capture");
        check(cudaGraphInstantiate(&e, g, 0), "instantiate");
        check(cudaGraphLaunch(e, s), "graph warm-up");
        check(cudaEventRecord(start, s), "record");
        check(cudaGraphLaunch(e, s), "graph");
        check(cudaEventRecord(stop, s), "record");
        const float ms = span_ms() / static_cast<float>(k);
        check(cudaGraphExecDestroy(e), "destroy");
        check(cudaGraphDestroy(g), "destroy");
        return ms;
    }
};

void report(const char* what, const char* method, const char* cache, int e, std::vector<float> ms) {
    std::sort(ms.begin(), ms.end());
    const auto at = [&](double q) { return 1000.0 * ms[static_cast<size_t>(q * (ms.size() - 1))]; };
    std::printf("%-6s %-8s %-5s %3d %10.2f %10.2f %10.2f\n", what, method, cache, e, at(0.5),
                at(0.1), at(0.9));
}

void measure(timer& t, const char* what, int e, int reps, const std::function<void(cudaStream_t)>& f) {
    for (int w = 0; w < 10; ++w) {
        f(t.s);
    }
    check(cudaStreamSynchronize(t.s), "warm-up");
    for (const char* method : {"plain", "blocked"}) {
        for (const char* cache : {"warm", "cold"}) {
            std::vector<float> ms;
            for (int r = 0; r < reps; ++r) {
                ms.push_back(t.sample(f, method[0] == 'b', cache[0] == 'c'));
            }
            report(what, method, cache, e, ms);
        }
    }
    std::vector<float> ms;
    for (int r = 0; r < 5; ++r) {
        ms.push_back(t.graph_ms(f, 50));
    }
    report(what, "graph", "warm", e, ms);
}

} // namespace

int main(int argc, char** argv) {
    const int reps = argc > 1 ? std::atoi(argv[1]) : 100;
    const int lo = argc > 2 ? std::atoi(argv[2]) : 10;
    const int hi = argc > 3 ? std::atoi(argv[3]) : 28;
    const int step = argc > 4 ? std::atoi(argv[4]) : 2;
    if (reps < 3 || lo < 0 || hi > 30 || lo > hi || step < 1) {
        std::fprintf(stderr, "usage: cub_fair [REPS>=3] [LOG2_MIN] [LOG2_MAX] [STEP]\n");
        return 2;
    }
    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    int rt = 0, drv = 0;
    check(cudaRuntimeGetVersion(&rt), "cudaRuntimeGetVersion");
    check(cudaDriverGetVersion(&drv), "cudaDriverGetVersion");
    std::printf("# %s, %d SMs, L2 %d MiB, CUDA runtime %d, driver API %d, CUB %d, %d samples\n",
                prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20, rt, drv, CUB_VERSION,
                reps);
    timer t;
    const size_t max_n = size_t{1} << hi;
    float* in = nullptr;
    float* out = nullptr;
    check(cudaMalloc(&in, max_n * sizeof(float)), "cudaMalloc input");
    check(cudaMalloc(&out, sizeof(float)), "cudaMalloc output");
    fill_ones<<<1024, 256>>>(in, max_n);
    size_t temp_bytes = 0;
    check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, out, static_cast<int>(max_n)), "temp");
    void* temp = nullptr;
    check(cudaMalloc(&temp, std::max<size_t>(temp_bytes, 1)), "cudaMalloc temp");
    check(cudaDeviceSynchronize(), "set-up");
    std::printf("%-6s %-8s %-5s %3s %10s %10s %10s\n", "what", "method", "cache", "e", "median_us",
                "p10_us", "p90_us");
    measure(t, "empty", 0, reps, [](cudaStream_t s) { empty_kernel<<<1, 1, 0, s>>>(); });
    for (int e = lo; e <= hi; e += step) {
        const int n = static_cast<int>(size_t{1} << e);
        measure(t, "cub", e, reps, [&](cudaStream_t s) {
            size_t bytes = temp_bytes;
            cub::DeviceReduce::Sum(temp, bytes, in, out, n, s);
        });
        float result = 0;
        check(cudaMemcpy(&result, out, sizeof result, cudaMemcpyDeviceToHost), "cudaMemcpy");
        if (result != static_cast<float>(n)) {
            std::printf("# WRONG: CUB sum at 2^%d read %.1f\n", e, result);
        }
        const size_t n4 = static_cast<size_t>(n) / 4;
        const int blocks = static_cast<int>(std::max<size_t>(
            1, std::min<size_t>((n4 + 255) / 256, static_cast<size_t>(prop.multiProcessorCount) * 8)));
        measure(t, "read4", e, reps, [&](cudaStream_t s) {
            read_float4<<<blocks, 256, 0, s>>>(reinterpret_cast<const float4*>(in), n4, out);
        });
    }
    check(cudaGetLastError(), "kernels");
    return 0;
}
