#include "grp/model/host/host_baseline.hpp"

#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstring>
#include <thread>
#include <type_traits>

namespace grp {

namespace {

// Element type T stored in the buffer, summed in Acc: int accumulates in uint32 so that its
// wrap-around modulo 2^32 (what the device's int sum does) is defined behaviour. memcpy reads the
// bytes without aliasing a char buffer as T (compilers turn it into one load, and the integer loop
// still vectorizes).
template <typename T, typename Acc>
Acc sum_range(const unsigned char* bytes, std::uint64_t lo, std::uint64_t hi) {
    Acc s = 0;
    for (std::uint64_t i = lo; i < hi; ++i) {
        T x;
        std::memcpy(&x, bytes + i * sizeof(T), sizeof(T));
        s += static_cast<Acc>(x);
    }
    return s;
}

double as_double(std::uint32_t wrapped_int_sum, element_type t) {
    if (t == element_type::int32) {
        std::int32_t v;
        std::memcpy(&v, &wrapped_int_sum, sizeof v);
        return v;
    }
    return wrapped_int_sum;
}

template <typename T, typename Acc> double sequential(const host_data& d) {
    const Acc s = sum_range<T, Acc>(d.buffers.front().data(), 0, d.n);
    if constexpr (std::is_same_v<Acc, std::uint32_t>) {
        return as_double(s, d.type);
    } else {
        return static_cast<double>(s);
    }
}

template <typename T, typename Acc> double threaded(const host_data& d, unsigned threads) {
    std::vector<Acc> partial(threads, Acc{0});
    std::vector<std::thread> pool;
    pool.reserve(threads);
    const std::uint64_t chunk = (d.n + threads - 1) / threads;
    for (unsigned t = 0; t < threads; ++t) {
        const std::uint64_t lo = std::min(d.n, t * chunk), hi = std::min(d.n, lo + chunk);
        pool.emplace_back([&d, &partial, t, lo, hi] {
            partial[t] = sum_range<T, Acc>(d.buffers.front().data(), lo, hi);
        });
    }
    for (auto& th : pool) {
        th.join();
    }
    Acc s = 0;
    for (Acc p : partial) {
        s += p;
    }
    if constexpr (std::is_same_v<Acc, std::uint32_t>) {
        return as_double(s, d.type);
    } else {
        return static_cast<double>(s);
    }
}

template <typename F> host_sum_method time_method(F sum, const host_baseline_options& o) {
    host_sum_method m;
    for (std::uint64_t i = 0; i < o.warmup; ++i) {
        m.result = sum();
    }
    const auto first = std::chrono::steady_clock::now();
    for (std::uint64_t i = 0; i < o.repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        if (i > 0 && o.budget_s > 0 &&
            std::chrono::duration<double>(start - first).count() >= o.budget_s) {
            break;
        }
        m.result = sum();
        const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                            std::chrono::steady_clock::now() - start)
                            .count();
        m.samples_ns.push_back(static_cast<std::uint64_t>(std::max<long long>(ns, 0)));
    }
    if (!m.samples_ns.empty()) {
        m.median_ns = summarize(m.samples_ns).median_ns;
    }
    return m;
}

} // namespace

const host_sum_method* host_baseline::find(const std::string& name) const {
    for (const auto& m : methods) {
        if (m.method == name) {
            return &m;
        }
    }
    return nullptr;
}

double host_sum_sequential(const host_data& d) {
    assert(d.layout == data_layout::flat && !d.buffers.empty());
    switch (d.type) {
    case element_type::int32:
        return sequential<std::int32_t, std::uint32_t>(d);
    case element_type::uint32:
        return sequential<std::uint32_t, std::uint32_t>(d);
    case element_type::float32:
        return sequential<float, float>(d);
    case element_type::float64:
        return sequential<double, double>(d);
    }
    return 0;
}

double host_sum_threads(const host_data& d, unsigned threads) {
    assert(d.layout == data_layout::flat && !d.buffers.empty() && threads >= 1);
    switch (d.type) {
    case element_type::int32:
        return threaded<std::int32_t, std::uint32_t>(d, threads);
    case element_type::uint32:
        return threaded<std::uint32_t, std::uint32_t>(d, threads);
    case element_type::float32:
        return threaded<float, float>(d, threads);
    case element_type::float64:
        return threaded<double, double>(d, threads);
    }
    return 0;
}

host_baseline time_host_sum(const host_data& d, const std::string& data,
                            const host_baseline_options& o) {
    host_baseline b;
    b.type = to_string(d.type);
    b.layout = to_string(d.layout);
    b.n = d.n;
    b.data = data;
    b.bytes = d.n * size_of(d.type);
    b.warmup = o.warmup;
    const unsigned threads =
        o.threads != 0 ? o.threads : std::max(1u, std::thread::hardware_concurrency());
    auto seq = time_method([&] { return host_sum_sequential(d); }, o);
    seq.method = "sequential";
    seq.threads = 1;
    auto thr = time_method([&] { return host_sum_threads(d, threads); }, o);
    thr.method = "threads";
    thr.threads = threads;
    b.methods = {std::move(seq), std::move(thr)};
    return b;
}

const host_baseline* find_host_baseline(const std::vector<host_baseline>& list,
                                        const std::string& type, const std::string& layout,
                                        std::uint64_t n) {
    for (const auto& b : list) {
        if (b.type == type && b.layout == layout && b.n == n) {
            return &b;
        }
    }
    return nullptr;
}

} // namespace grp
