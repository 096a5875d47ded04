// Profiles built in C++ for the kernel x local-size matrix tests: a ladder with a missing cell,
// skipped cells of several kinds, a wrong one, a case launched above the kernel's limit, a
// one-local-size sweep point, a scenario case, and a host baseline with known times.
#pragma once

#include "grp/model/profile/profile.hpp"

namespace grp::test {

/// A plain sweep case on device 0; `median_ns` 0 leaves it without samples.
inline case_result matrix_case(const std::string& kernel, const std::string& type, std::uint64_t n,
                               std::uint64_t local, double median_ns,
                               case_status status = case_status::ok,
                               const std::string& reason = "") {
    case_result c;
    c.key = make_case_key(kernel, type, "flat", n, local);
    c.status = status;
    c.reason = reason;
    c.bytes = n * 4;
    if (median_ns > 0) {
        sample_summary s;
        s.count = 3;
        s.median_ns = s.min_ns = s.max_ns = s.p5_ns = s.p95_ns = s.mean_ns = median_ns;
        c.summary = s;
        c.gbps = static_cast<double>(c.bytes) / median_ns;
        c.pct_of_peak = *c.gbps / 400.0 * 100.0;
    }
    return c;
}

inline host_baseline matrix_host(const std::string& type, std::uint64_t n, double seq_ns,
                                 double threads_ns) {
    host_baseline b;
    b.type = type;
    b.n = n;
    b.bytes = n * 4;
    b.data = "random (seed 1)";
    b.warmup = 1;
    b.methods = {{"sequential", 1, {static_cast<std::uint64_t>(seq_ns)}, seq_ns, 1.0},
                 {"threads", 4, {static_cast<std::uint64_t>(threads_ns)}, threads_ns, 1.0}};
    return b;
}

/// float, n = 2^20, local sizes 64, 128, 256, 512:
///   reduce0: 4 ms, 3 ms, 5 ms, skipped (over CL_KERNEL_WORK_GROUP_SIZE, --wg-limit kernel)
///   reduce1: -, 1 ms (the best), 2 ms, 1.5 ms launched above the kernel's limit
///   reduce2: wrong, failed, skipped (the launch failed), skipped (no fp64... as a reason)
/// plus int n = 2^16 at local 256 only (reduce0 2 ms), a wg-probe scenario case, and host
/// baselines of both inputs (float: sequential 10 ms, 4 threads 2 ms).
inline profile matrix_profile() {
    profile p;
    profile_device d;
    d.info.name = "Matrix GPU";
    d.peak = peak_bandwidth{400.0, 350.0, 1u << 30, 0, 0, "stream_read"};
    p.devices.push_back(d);
    const std::uint64_t n = 1u << 20;
    p.cases = {
        matrix_case("reduce0", "float", n, 256, 5e6),
        matrix_case("reduce0", "float", n, 64, 4e6),
        matrix_case("reduce0", "float", n, 128, 3e6),
        matrix_case("reduce0", "float", n, 512, 0, case_status::skipped,
                    "local size over CL_KERNEL_WORK_GROUP_SIZE 256 (--wg-limit kernel)"),
        matrix_case("reduce1", "float", n, 128, 1e6),
        matrix_case("reduce1", "float", n, 256, 2e6),
        matrix_case("reduce1", "float", n, 512, 1.5e6),
        matrix_case("reduce2", "float", n, 64, 9e5, case_status::wrong, "result 3 != 4"),
        matrix_case("reduce2", "float", n, 128, 0, case_status::failed,
                    "clBuildProgram: CL_BUILD_PROGRAM_FAILURE\nthe log"),
        matrix_case("reduce2", "float", n, 256, 0, case_status::skipped,
                    "above the kernel's reported CL_KERNEL_WORK_GROUP_SIZE 128, and the launch "
                    "failed: launching reduce2: CL_INVALID_WORK_GROUP_SIZE (-54)"),
        matrix_case("reduce2", "float", n, 512, 0, case_status::skipped,
                    "device has no fp64 (cl_khr_fp64)"),
        matrix_case("reduce0", "int", 1u << 16, 256, 2e6),
        matrix_case("wg-probe", "float", 4096, 64, 1e5),
    };
    p.cases[6].extra["above_kernel_wg_limit"] = 256;
    p.cases.back().scenario = "wg-probe";
    p.host_baselines = {matrix_host("float", n, 1e7, 2e6), matrix_host("int", 1u << 16, 4e5, 8e5)};
    return p;
}

} // namespace grp::test
