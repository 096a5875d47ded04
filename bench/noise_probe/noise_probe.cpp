// noise_probe: where does run-to-run variation of a reduction's time come from, and what must a
// "round" re-create so that rounds inside one process vary as much as separate processes do?
// Standalone (OpenCL C++ bindings only), so it measures the question, not the tool.
//
// Each round runs, for every size, W warm-up chains and S timed chains of a two-pass float sum
// (pass 0: grid-stride float4 loop over min(8 x CU, needed) groups; pass 1: one group adds the
// partials). A chain's time is its device span (first START -> last END). Modes:
//   same     one context, queue, program and set of buffers for every round
//   buffers  fresh input copy (device-side copy from a pristine buffer) and partial buffers,
//            fresh kernel objects, every round
//   idle[:MS] like same, with MS (default 1500) ms of idle device between rounds
//   busy[:MS] like same, with MS ms of other launches between rounds
//   context  fresh context, queue, program and uploaded buffers every round
//   queued   like same, but every chain of a round is enqueued before the one wait: the device
//            runs them back to back and never waits for the host
//   gated    like same, each chain held behind a user event until all its passes are enqueued
//   pinned   like same, the thread pinned to CPU (round mod CPUs) for the round
// Output, one line per (round, size): mode round n median_span_ns median_sum_ns min_span_ns
//   median_gap_ns (pass 1 START - pass 0 END) median_first_ns (pass 0 END - START)
//   noise_probe MODE ROUNDS SAMPLES WARMUP N1[,N2...] [LOCAL]
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_MINIMUM_OPENCL_VERSION 110
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sched.h>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

const char* source = R"CL(
__kernel void sum4(__global const float* in, __global float* out, unsigned int n,
                   __local float* scratch) {
    unsigned int tid = get_local_id(0);
    unsigned int nvec = n / 4;
    float4 acc = (float4)(0.0f);
    for (unsigned int v = get_global_id(0); v < nvec; v += get_global_size(0)) {
        acc += vload4(v, in);
    }
    float s = (acc.x + acc.y) + (acc.z + acc.w);
    if (get_global_id(0) == 0) {
        for (unsigned int j = nvec * 4; j < n; ++j) {
            s += in[j];
        }
    }
    scratch[tid] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (unsigned int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (tid < k) {
            scratch[tid] += scratch[tid + k];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
)CL";

struct setup {
    cl::Context context;
    cl::Device device;
    cl::CommandQueue queue;
    cl::Program program;
};

setup make_setup() {
    std::vector<cl::Platform> platforms;
    cl::Platform::get(&platforms);
    for (auto& p : platforms) {
        std::vector<cl::Device> devices;
        p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
        if (!devices.empty()) {
            setup s;
            s.device = devices[0];
            s.context = cl::Context(s.device);
            s.queue = cl::CommandQueue(s.context, s.device, CL_QUEUE_PROFILING_ENABLE);
            s.program = cl::Program(s.context, source);
            s.program.build("-cl-std=CL1.2");
            return s;
        }
    }
    throw std::runtime_error("no OpenCL device");
}

struct size_state {
    std::size_t n = 0;
    cl::Buffer pristine, input, partials, result;
    std::size_t groups = 0;
};

void make_buffers(setup& s, size_state& z, bool from_pristine) {
    const std::size_t bytes = z.n * sizeof(float);
    if (!from_pristine) {
        std::vector<float> host(z.n);
        for (std::size_t i = 0; i < z.n; ++i) {
            host[i] = 0.5f + static_cast<float>((i * 2654435761u) % 1000) / 1000.0f;
        }
        z.pristine = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
        s.queue.enqueueWriteBuffer(z.pristine, CL_TRUE, 0, bytes, host.data());
    }
    z.input = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
    s.queue.enqueueCopyBuffer(z.pristine, z.input, 0, 0, bytes);
    z.partials = cl::Buffer(s.context, CL_MEM_READ_WRITE, 4096 * sizeof(float));
    z.result = cl::Buffer(s.context, CL_MEM_READ_WRITE, sizeof(float));
    s.queue.finish();
}

std::uint64_t stamp(const cl::Event& e, cl_profiling_info what) {
    cl_ulong v = 0;
    e.getProfilingInfo(what, &v);
    return v;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

void round_for_size(setup& s, size_state& z, std::size_t local, int warmup, int samples,
                    const std::string& mode, int round) {
    cl::Kernel k0(s.program, "sum4"), k1(s.program, "sum4");
    const std::size_t cu = s.device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
    const std::size_t need = (z.n / 4 + local - 1) / local;
    z.groups = std::max<std::size_t>(1, std::min<std::size_t>(8 * cu, need));
    k0.setArg(0, z.input);
    k0.setArg(1, z.partials);
    k0.setArg(2, static_cast<cl_uint>(z.n));
    k0.setArg(3, cl::Local(local * sizeof(float)));
    k1.setArg(0, z.partials);
    k1.setArg(1, z.result);
    k1.setArg(2, static_cast<cl_uint>(z.groups));
    k1.setArg(3, cl::Local(local * sizeof(float)));
    std::vector<double> spans, sums, gaps, firsts;
    const int total = warmup + samples;
    std::vector<cl::Event> e0(total), e1(total);
    for (int i = 0; i < total; ++i) {
        std::vector<cl::Event> wait;
        cl::UserEvent gate;
        if (mode == "gated") {
            gate = cl::UserEvent(s.context);
            wait.push_back(gate);
            s.queue.enqueueBarrierWithWaitList(&wait);
        }
        s.queue.enqueueNDRangeKernel(k0, cl::NullRange, cl::NDRange(z.groups * local),
                                     cl::NDRange(local), nullptr, &e0[i]);
        s.queue.enqueueNDRangeKernel(k1, cl::NullRange, cl::NDRange(local), cl::NDRange(local),
                                     nullptr, &e1[i]);
        if (mode == "gated") {
            gate.setStatus(CL_COMPLETE);
        }
        if (mode != "queued") {
            s.queue.finish();
        }
    }
    s.queue.finish();
    for (int i = warmup; i < total; ++i) {
        auto s0 = stamp(e0[i], CL_PROFILING_COMMAND_START);
        auto e0e = stamp(e0[i], CL_PROFILING_COMMAND_END);
        auto s1 = stamp(e1[i], CL_PROFILING_COMMAND_START);
        auto e1e = stamp(e1[i], CL_PROFILING_COMMAND_END);
        spans.push_back(static_cast<double>(e1e - s0));
        sums.push_back(static_cast<double>((e0e - s0) + (e1e - s1)));
        gaps.push_back(static_cast<double>(s1) - static_cast<double>(e0e));
        firsts.push_back(static_cast<double>(e0e - s0));
    }
    std::printf("%s %d %zu %.0f %.0f %.0f %.0f %.0f\n", mode.c_str(), round, z.n, median(spans),
                median(sums), *std::min_element(spans.begin(), spans.end()), median(gaps),
                median(firsts));
}

// "idle:300" -> 300; "idle" -> fallback.
long gap_ms(const std::string& mode, long fallback) {
    auto colon = mode.find(':');
    return colon == std::string::npos ? fallback : std::atol(mode.c_str() + colon + 1);
}

// Keeps the device busy (launch after launch of the largest size) for `ms` milliseconds.
void keep_busy(setup& s, size_state& z, std::size_t local, long ms) {
    cl::Kernel k(s.program, "sum4");
    k.setArg(0, z.input);
    k.setArg(1, z.partials);
    k.setArg(2, static_cast<cl_uint>(z.n));
    k.setArg(3, cl::Local(local * sizeof(float)));
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < until) {
        s.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(64 * local), cl::NDRange(local));
        s.queue.finish();
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: noise_probe MODE ROUNDS SAMPLES WARMUP N1[,N2...] [LOCAL]\n");
        return 2;
    }
    const std::string mode = argv[1];
    const int rounds = std::atoi(argv[2]), samples = std::atoi(argv[3]),
              warmup = std::atoi(argv[4]);
    std::vector<size_state> sizes;
    std::stringstream list(argv[5]);
    for (std::string item; std::getline(list, item, ',');) {
        size_state z;
        z.n = std::strtoull(item.c_str(), nullptr, 0);
        sizes.push_back(z);
    }
    const std::size_t local = argc > 6 ? std::strtoull(argv[6], nullptr, 0) : 256;
    try {
        auto s = std::make_unique<setup>(make_setup());
        for (auto& z : sizes) {
            make_buffers(*s, z, false);
        }
        for (int r = 0; r < rounds; ++r) {
            if (mode == "context" && r > 0) {
                s = std::make_unique<setup>(make_setup());
                for (auto& z : sizes) {
                    make_buffers(*s, z, false);
                }
            } else if (mode.rfind("idle", 0) == 0 && r > 0) {
                std::this_thread::sleep_for(std::chrono::milliseconds(gap_ms(mode, 1500)));
            } else if (mode.rfind("busy", 0) == 0 && r > 0) {
                keep_busy(*s, sizes.back(), local, gap_ms(mode, 1500));
            } else if (mode == "pinned") {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(r % static_cast<int>(std::thread::hardware_concurrency()), &set);
                sched_setaffinity(0, sizeof(set), &set);
            } else if (mode == "buffers" && r > 0) {
                for (auto& z : sizes) {
                    make_buffers(*s, z, true);
                }
            }
            for (auto& z : sizes) {
                round_for_size(*s, z, local, warmup, samples, mode, r);
            }
        }
    } catch (const cl::Error& e) {
        std::fprintf(stderr, "OpenCL error %d in %s\n", e.err(), e.what());
        return 3;
    }
    return 0;
}
