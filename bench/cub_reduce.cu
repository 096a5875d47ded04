// The independent GPU reference for bench/h100_vs_cub.sh: CUB's DeviceReduce::Sum on float, and
// the cost of an empty kernel launch, both timed by CUDA events around the whole call (the span a
// caller pays: every kernel CUB launches, and the gaps between them), after a warm-up, as the
// median of many repetitions. Not part of the tool; no project code.
//   nvcc -O3 -std=c++17 -arch=sm_90 -o cub_reduce bench/cub_reduce.cu
//   cub_reduce [REPS] [LOG2_MIN] [LOG2_MAX] [STEP]     defaults: 200 16 28 2
// Prints one line per size: log2_n n median_us gbps (n x 4 bytes / median) result.
#include <cub/cub.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "cub_reduce: %s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

__global__ void fill_ones(float* p, size_t n) {
    for (size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x; i < n;
         i += static_cast<size_t>(gridDim.x) * blockDim.x) {
        p[i] = 1.0f;
    }
}

__global__ void empty_kernel() {}

// A streaming float4 read (grid-stride, four loads in flight per thread), the reference a
// reduction is held to: it writes only when the impossible happens, so nothing is optimised away.
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

// Median of `reps` event-timed calls of f(), after `warmup` untimed ones, in microseconds.
template <typename F> double median_us(F f, int reps, int warmup) {
    cudaEvent_t start, stop;
    check(cudaEventCreate(&start), "cudaEventCreate");
    check(cudaEventCreate(&stop), "cudaEventCreate");
    for (int i = 0; i < warmup; ++i) {
        f();
    }
    check(cudaDeviceSynchronize(), "warm-up");
    std::vector<float> ms(static_cast<size_t>(reps));
    for (int i = 0; i < reps; ++i) {
        check(cudaEventRecord(start), "cudaEventRecord");
        f();
        check(cudaEventRecord(stop), "cudaEventRecord");
        check(cudaEventSynchronize(stop), "cudaEventSynchronize");
        check(cudaEventElapsedTime(&ms[static_cast<size_t>(i)], start, stop), "elapsed");
    }
    check(cudaEventDestroy(start), "cudaEventDestroy");
    check(cudaEventDestroy(stop), "cudaEventDestroy");
    std::sort(ms.begin(), ms.end());
    return 1000.0 * ms[ms.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
    const int reps = argc > 1 ? std::atoi(argv[1]) : 200;
    const int lo = argc > 2 ? std::atoi(argv[2]) : 16;
    const int hi = argc > 3 ? std::atoi(argv[3]) : 28;
    const int step = argc > 4 ? std::atoi(argv[4]) : 2;
    if (reps < 1 || lo < 0 || hi > 30 || lo > hi || step < 1) {
        std::fprintf(stderr, "usage: cub_reduce [REPS] [LOG2_MIN] [LOG2_MAX] [STEP]\n");
        return 2;
    }
    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties");
    int cuda_version = 0;
    check(cudaRuntimeGetVersion(&cuda_version), "cudaRuntimeGetVersion");
    std::printf("# %s, CUDA runtime %d, CUB %d, %d repetitions after 20 warm-up calls\n",
                prop.name, cuda_version, CUB_VERSION, reps);

    const double empty = median_us([] { empty_kernel<<<1, 1>>>(); }, reps, 20);
    check(cudaGetLastError(), "empty_kernel");
    std::printf("empty_kernel_us %.2f\n", empty);

    const size_t max_n = size_t{1} << hi;
    float* in = nullptr;
    float* out = nullptr;
    check(cudaMalloc(&in, max_n * sizeof(float)), "cudaMalloc input");
    check(cudaMalloc(&out, sizeof(float)), "cudaMalloc output");
    fill_ones<<<1024, 256>>>(in, max_n);
    check(cudaGetLastError(), "fill_ones");
    size_t temp_bytes = 0;
    check(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, out, static_cast<int>(max_n)),
          "DeviceReduce::Sum (temp size)");
    void* temp = nullptr;
    check(cudaMalloc(&temp, std::max<size_t>(temp_bytes, 1)), "cudaMalloc temp");

    std::printf("%-8s %-12s %12s %10s %14s %12s %10s\n", "log2_n", "n", "median_us", "gbps",
                "result", "read4_us", "read4_gbps");
    for (int e = lo; e <= hi; e += step) {
        const int n = static_cast<int>(size_t{1} << e);
        size_t need = 0;
        check(cub::DeviceReduce::Sum(nullptr, need, in, out, n), "DeviceReduce::Sum (temp size)");
        if (need > temp_bytes) {
            std::fprintf(stderr, "cub_reduce: temp storage grew with n\n");
            return 1;
        }
        const double us = median_us(
            [&] {
                size_t bytes = temp_bytes;
                cub::DeviceReduce::Sum(temp, bytes, in, out, n);
            },
            reps, 20);
        check(cudaGetLastError(), "DeviceReduce::Sum");
        float result = 0;
        check(cudaMemcpy(&result, out, sizeof result, cudaMemcpyDeviceToHost), "cudaMemcpy");
        const double gbps = static_cast<double>(n) * sizeof(float) / (us * 1e3);
        const size_t n4 = static_cast<size_t>(n) / 4;
        const int blocks = static_cast<int>(
            std::min<size_t>((n4 + 255) / 256, static_cast<size_t>(prop.multiProcessorCount) * 8));
        const double read_us = median_us(
            [&] { read_float4<<<blocks, 256>>>(reinterpret_cast<const float4*>(in), n4, out); },
            reps, 20);
        check(cudaGetLastError(), "read_float4");
        const double read_gbps = static_cast<double>(n) * sizeof(float) / (read_us * 1e3);
        std::printf("%-8d %-12d %12.2f %10.1f %14.1f %12.2f %10.1f%s\n", e, n, us, gbps, result,
                    read_us, read_gbps, std::fabs(result - n) > 1e-6 * n ? "  WRONG" : "");
    }
    check(cudaFree(temp), "cudaFree");
    check(cudaFree(out), "cudaFree");
    check(cudaFree(in), "cudaFree");
    return 0;
}
