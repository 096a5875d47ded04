// An access-adjusted time estimate of a checked case on a GPU (#68): the simulator's exact
// counts and access metrics (check_record) against a handful of the GPU's facts that `run`
// measured or read (its compute units, clock, launch floor and read bandwidth: a timed profile's
// device), in a fixed model with no parameter fitted to kernel times. It ranks kernels; it is
// not a prediction to the microsecond (docs/check.md, "An estimate for a GPU").
//
// Per pass: launch floor + the largest of
//   issue    the warp-instructions (instructions / 32 / SIMD efficiency) over the busy
//            compute units at `issue_per_cycle` a cycle;
//   memory   the bytes the pass moves, times the sectors a warp fetches beyond its own last
//            step's per byte requested (new_sectors_per_request), over the read bandwidth;
//   latency  one warp's chain: its requests (the case's, shared out by bytes) each waiting
//            `miss_cycles` when it fetched a new sector, `hit_cycles` when not, plus
//            `barrier_cycles` per barrier; times the waves of groups the CUs hold at once.
#pragma once

#include "grp/model/profile/check_record.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace grp {

struct profile_device;

/// What the model needs of the GPU.
struct estimate_device {
    std::string name;
    double compute_units = 0;
    double clock_hz = 0;
    double launch_ns = 0;         ///< the launch floor (an empty kernel's span)
    double read_bytes_per_ns = 0; ///< the peak read, GB/s (= bytes per ns)
};

/// What the model assumes rather than measures: round figures of the order microbenchmarks
/// report for recent NVIDIA and AMD GPUs, fixed before the estimate was compared with times.
struct estimate_assumptions {
    double resident_items_per_cu = 2048; ///< work-items a CU holds at once
    double groups_per_cu_max = 32;       ///< work-groups a CU holds at once
    double issue_per_cycle = 4;          ///< warp-instructions a CU issues per cycle
    double miss_cycles = 600;            ///< a request that waits on L2 or memory
    double hit_cycles = 30;              ///< a request its warp's last step brought in (L1)
    double barrier_cycles = 30;          ///< a barrier a work-item waits at
};

struct pass_estimate {
    double launch_ns = 0, issue_ns = 0, memory_ns = 0, latency_ns = 0;
    double waves = 0; ///< rounds of work-groups the compute units hold at once
    [[nodiscard]] double total_ns() const;
    /// "issue", "memory" or "latency": the largest of the three.
    [[nodiscard]] const char* bound() const;
};

struct case_estimate {
    std::vector<pass_estimate> passes;
    double ns = 0;
    /// What most of the time goes to over the passes: "launch", "issue", "memory", "latency".
    std::string bound;
};

/// The model's facts from a timed profile's device; nullopt, with `why`, when the device is
/// not a GPU or lacks one (no compute units, clock, launch floor or peak read), or one is
/// implausible (more than 100,000 compute units).
std::optional<estimate_device> estimate_device_of(const profile_device& d, std::string& why);

/// The case's estimate on `d`; nullopt when its check record lacks access metrics with new
/// sectors (checked without the plugin, or before schema 2.19) or counted no pass.
std::optional<case_estimate> estimate_case(const check_record& c, std::uint64_t local_size,
                                           const estimate_device& d,
                                           const estimate_assumptions& a = {});

} // namespace grp
