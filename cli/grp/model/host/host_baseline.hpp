// The CPU baseline: the same input a sweep gives the device, summed on the host by a plain
// sequential loop and by one contiguous chunk per hardware thread, each timed over repeats
// after a warm-up. It answers "how much faster than the CPU?" next to the kernel x local-size
// matrix. Only the summation is timed: the values already sit in host memory (just generated,
// so small inputs are cache-warm), nothing is allocated, generated or transferred inside the
// timed region. The sums are in the element type, as the device's are: int and uint wrap modulo
// 2^32, float and double round at every addition in loop order.
#pragma once

#include "grp/model/host/host_data.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One way of summing on the host.
struct host_sum_method {
    std::string method;                    ///< "sequential" or "threads"
    std::uint32_t threads = 1;             ///< host threads it used
    std::vector<std::uint64_t> samples_ns; ///< wall time of each timed repeat
    std::optional<double> median_ns;       ///< of samples_ns; empty when there are none
    double result = 0;                     ///< the sum it computed (the last repeat's)
};

/// The host's sum of one sweep input (type, layout, n): kept in profile::host_baselines.
struct host_baseline {
    std::string type;            ///< "int", "uint", "float", "double"
    std::string layout = "flat"; ///< only flat inputs are timed
    std::uint64_t n = 0;         ///< elements
    std::string data;            ///< the input values, as data_choice::describe gives them
    std::uint64_t bytes = 0;     ///< n x sizeof(type): the bytes each sum reads
    std::uint64_t warmup = 0;    ///< untimed repeats of each method before its samples
    std::vector<host_sum_method> methods;

    /// The method named `name`, or nullptr.
    [[nodiscard]] const host_sum_method* find(const std::string& name) const;
};

struct host_baseline_options {
    std::uint64_t repeats = 5; ///< timed repeats per method (precondition: at least 1)
    std::uint64_t warmup = 1;  ///< untimed repeats per method before them
    unsigned threads = 0;      ///< 0: std::thread::hardware_concurrency() (at least 1)
    /// Timed repeats of a method stop once they took this many seconds (at least one is timed),
    /// a 2^27-float sum takes ~0.1 s, and 3 repeats of both methods were 0.5 s of a 3 s H100
    /// run (bench/results/h100-default-wall.txt). <= 0: all `repeats`.
    double budget_s = 0.05;
};

/// for (x : values) s += x in the element type (int/uint wrap modulo 2^32), as a double.
/// Precondition: `d` is flat.
double host_sum_sequential(const host_data& d);

/// `threads` contiguous chunks, each summed by its own std::thread in the element type, the
/// partial sums then added in chunk order. Precondition: `d` is flat, threads >= 1.
double host_sum_threads(const host_data& d, unsigned threads);

/// Times both methods on `d` (warm-up, then `repeats` timed runs each, sequential first).
/// `data` describes the values for the record. Precondition: `d` is flat.
host_baseline time_host_sum(const host_data& d, const std::string& data,
                            const host_baseline_options& o);

/// The baseline of (type, layout, n) in `list`, or nullptr.
const host_baseline* find_host_baseline(const std::vector<host_baseline>& list,
                                        const std::string& type, const std::string& layout,
                                        std::uint64_t n);

} // namespace grp
