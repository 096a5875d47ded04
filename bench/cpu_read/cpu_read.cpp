// An independent CPU read bandwidth reference for bench/cpu_read.sh: every thread sums one
// contiguous chunk of a float array (64 independent lanes, which the compiler keeps in vector
// registers at -O3 -march=native), all threads start each repetition together (a spin barrier)
// and the time of a repetition is from the common start until the last thread is done. Prints,
// per size, the median and the best of the repetitions in GB/s (1e9 bytes per second).
//   cpu_read [--threads T] [--reps R] N...     N: floats, e.g. 67108864
// Not part of the tool: no OpenCL, no project code, so it measures the machine, not the tool.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

// A reusable barrier for a fixed number of threads (sense reversal).
class spin_barrier {
public:
    explicit spin_barrier(unsigned count) : m_count(count), m_waiting(0), m_generation(0) {}
    void wait() {
        const unsigned gen = m_generation.load(std::memory_order_acquire);
        if (m_waiting.fetch_add(1, std::memory_order_acq_rel) + 1 == m_count) {
            m_waiting.store(0, std::memory_order_relaxed);
            m_generation.fetch_add(1, std::memory_order_acq_rel);
            return;
        }
        while (m_generation.load(std::memory_order_acquire) == gen) {
            std::this_thread::yield();
        }
    }

private:
    const unsigned m_count;
    std::atomic<unsigned> m_waiting;
    std::atomic<unsigned> m_generation;
};

// Sum of a[begin, end): 64 lanes, so there are many independent add chains per core.
float chunk_sum(const float* a, std::size_t begin, std::size_t end) {
    alignas(64) float acc[64] = {};
    std::size_t i = begin;
    for (; i + 64 <= end; i += 64) {
        for (int j = 0; j < 64; ++j) {
            acc[j] += a[i + j];
        }
    }
    float s = 0;
    for (; i < end; ++i) {
        s += a[i];
    }
    for (float v : acc) {
        s += v;
    }
    return s;
}

struct result {
    double median_gbps = 0, best_gbps = 0;
    double checksum = 0;
};

result measure(std::size_t n, unsigned threads, unsigned reps) {
    // Each thread first-touches its own chunk (page placement as the reading thread sees it).
    float* a = static_cast<float*>(std::aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64));
    if (a == nullptr) {
        std::fprintf(stderr, "cpu_read: cannot allocate %zu floats\n", n);
        std::exit(1);
    }
    const std::size_t chunk = (n / threads + 63) / 64 * 64;
    std::vector<double> seconds(reps + 1);
    std::vector<double> sums(threads);
    spin_barrier barrier(threads);
    clock_type::time_point start;
    auto body = [&](unsigned t) {
        const std::size_t begin = std::min(n, t * chunk);
        const std::size_t end = t + 1 == threads ? n : std::min(n, begin + chunk);
        for (std::size_t i = begin; i < end; ++i) {
            a[i] = 1.0f;
        }
        for (unsigned r = 0; r <= reps; ++r) { // repetition 0 is the warm-up
            barrier.wait();
            if (t == 0) {
                start = clock_type::now();
            }
            barrier.wait();
            sums[t] += chunk_sum(a, begin, end);
            barrier.wait();
            if (t == 0) {
                seconds[r] = std::chrono::duration<double>(clock_type::now() - start).count();
            }
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) {
        pool.emplace_back(body, t);
    }
    body(0);
    for (auto& th : pool) {
        th.join();
    }
    std::free(a);
    std::vector<double> timed(seconds.begin() + 1, seconds.end());
    std::sort(timed.begin(), timed.end());
    const double bytes = static_cast<double>(n) * sizeof(float);
    result out;
    out.median_gbps = bytes / timed[timed.size() / 2] / 1e9;
    out.best_gbps = bytes / timed.front() / 1e9;
    for (double s : sums) {
        out.checksum += s;
    }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    unsigned reps = 50;
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--threads" && i + 1 < argc) {
            threads = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
        } else if (arg == "--reps" && i + 1 < argc) {
            reps = static_cast<unsigned>(std::strtoul(argv[++i], nullptr, 10));
        } else {
            sizes.push_back(std::strtoull(arg.c_str(), nullptr, 10));
        }
    }
    if (sizes.empty() || threads == 0 || reps == 0) {
        std::fprintf(stderr, "usage: cpu_read [--threads T] [--reps R] N...\n");
        return 2;
    }
    std::printf("# threads %u, repetitions %u after 1 warm-up\n", threads, reps);
    std::printf("%-12s %-12s %14s %12s\n", "n_floats", "bytes", "median_GB/s", "best_GB/s");
    for (std::size_t n : sizes) {
        const result r = measure(n, threads, reps);
        // The checksum keeps the compiler from dropping the loads: all values are 1.
        const double expected = static_cast<double>(n) * (reps + 1);
        if (r.checksum != expected && std::abs(r.checksum - expected) > 1e-3 * expected) {
            std::fprintf(stderr, "cpu_read: checksum %.0f, expected %.0f\n", r.checksum, expected);
            return 1;
        }
        std::printf("%-12zu %-12zu %14.1f %12.1f\n", n, n * sizeof(float), r.median_gbps,
                    r.best_gbps);
    }
    return 0;
}
