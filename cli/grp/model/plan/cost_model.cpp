#include "grp/model/plan/cost_model.hpp"

#include "grp/model/plan/cache_mode.hpp"

#include <algorithm>

namespace grp {

class_costs costs_of(const std::string& device_type) {
    // PoCL on the 2-core EPYC VM, loaded: 0.53 s build + 0.58 s first launch a case, launches of
    // 20-440 us at 2^12-2^16; the peak 0.6-3 s at the measured default size (#47: 32 s at the
    // old 512 MiB peak buffer), and about a second for the knee on a machine's first run. H100:
    // 0.03-0.11 s build, 0.02-0.03 s verification a case, peak 0.05-0.25 s
    // (profiles/nvidia-h100-80gb-hbm3*.json, phases_s).
    return device_class(device_type) == "cpu" ? class_costs{1.0, 4.0, 2e9, 50e-6}
                                              : class_costs{0.15, 1.0, 1000e9, 10e-6};
}

double round_cost_s(const round_shape& m, double launch_s) {
    const auto n = [](std::uint64_t v) {
        return static_cast<double>(v);
    };
    const double budget = std::max(m.budget_s, launch_s * n(m.min_samples));
    return launch_s * n(m.warmup) + std::min(budget, launch_s * n(m.max_samples));
}

double launch_cost_s(const sweep_point& p, const device_info& dev) {
    const auto costs = costs_of(dev.type);
    const double bytes =
        static_cast<double>(p.n) * static_cast<double>(record_bytes(p.layout, p.type));
    return bytes / costs.bandwidth + costs.overhead_s;
}

double cold_factor(const sweep_point& p, const device_info& dev, double launch_s) {
    if (p.cache != "cold") {
        return 1.0;
    }
    // A cold launch chain is preceded by an untimed write and read of the flush scratch: it
    // does not count against the round's share of --max-time, but it takes wall time.
    const auto costs = costs_of(dev.type);
    const double flush_s =
        2.0 * static_cast<double>(cache_flush_bytes(dev)) / costs.bandwidth + costs.overhead_s;
    return (launch_s + flush_s) / launch_s;
}

double case_cost_s(const sweep_point& p, const device_info& dev, const round_shape& m) {
    const double launch_s = launch_cost_s(p, dev);
    return costs_of(dev.type).build_s + static_cast<double>(m.rounds) * round_cost_s(m, launch_s) *
                                            cold_factor(p, dev, launch_s);
}

} // namespace grp
