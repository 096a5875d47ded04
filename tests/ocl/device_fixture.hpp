// The OpenCL state the device tests share: a session on the default device (PoCL in CI), a data
// cache and a context for run_case that takes one sample per case, after no warm-up.
#pragma once

#include "grp/run/case_runner.hpp"

namespace grp::test_support {

struct device_fixture {
    device_fixture(std::uint64_t seed, value_kind values)
        : data{session, seed, 1ULL << 30}, ctx{session, data, measure, 0, 0.0, values, ""} {}

    ocl::session session{ocl::select({}).front()};
    run::device_data_cache data;
    run::measure_options measure{0, 1, 1, 1.0, 0.0};
    run::case_context ctx;
};

} // namespace grp::test_support
