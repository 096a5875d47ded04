// How long to sample a case: warm-up launches, then at least min_samples, then on until the
// relative standard error of the median is under max_noise or max_time is spent (like nvbench's
// adaptive stopping), never more than max_samples.
#pragma once

#include <cstdint>

namespace grp::run {

struct measure_options {
    std::uint64_t warmup = 3;
    std::uint64_t min_samples = 30;
    std::uint64_t max_samples = 1000;
    double max_noise = 0.005; ///< relative standard error of the median (0.005 = 0.5%)
    double max_time_s = 0.5;  ///< wall time to keep sampling after min_samples
};

} // namespace grp::run
