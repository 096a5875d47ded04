#include "grp/model/pass_plan.hpp"

#include <algorithm>

namespace grp {

std::uint64_t groups_for(const grid_rule& g, std::uint64_t n, std::uint64_t local_size,
                         std::uint64_t compute_units) {
    const std::uint64_t per_group = local_size * g.elems_per_item;
    std::uint64_t groups = std::max<std::uint64_t>(1, (n + per_group - 1) / per_group);
    std::uint64_t cap = g.max_groups;
    if (g.max_groups_per_cu != 0) {
        cap = g.max_groups_per_cu * std::max<std::uint64_t>(1, compute_units);
    }
    if (cap != 0) {
        groups = std::min(groups, cap);
    }
    return groups;
}

pass_plan plan_passes(const kernel_spec& k, std::uint64_t n, std::uint64_t local_size,
                      std::uint64_t compute_units) {
    pass_plan plan;
    std::uint64_t remaining = n; // n = 0 still launches one group that writes 0
    constexpr int max_passes = 64;
    do {
        std::uint64_t groups = groups_for(k.grid, remaining, local_size, compute_units);
        plan.passes.push_back({remaining, groups * local_size, local_size, groups});
        if (!k.finish_on_device) {
            return plan;
        }
        if (groups >= remaining && remaining > 1) {
            plan.skip_reason = "local size " + std::to_string(local_size) + " with " +
                               std::to_string(k.grid.elems_per_item) +
                               " element(s) per work-item does not shrink the data, so passes "
                               "would never reach one value";
            plan.passes.clear();
            return plan;
        }
        remaining = groups;
    } while (remaining > 1 && plan.passes.size() < max_passes);
    if (remaining > 1) {
        plan.skip_reason = "more than 64 passes needed";
        plan.passes.clear();
    }
    return plan;
}

} // namespace grp
