#include "grp/model/plan/pass_plan.hpp"

#include "grp/core/checked_math.hpp"

#include <algorithm>

namespace grp {

namespace {

// Saturates: a product past 2^64 is "more than any n", never a small number or zero.
std::uint64_t per_group(const kernel_spec& k, std::uint64_t local_size) {
    return saturating_mul(local_size, k.grid.elems_per_item);
}

std::string not_whole(const kernel_spec& k, std::size_t pass, std::uint64_t n,
                      std::uint64_t local_size) {
    return "n = " + std::to_string(n) +
           (pass == 0 ? "" : " partials in pass " + std::to_string(pass + 1)) +
           " is not a whole number of groups of " + std::to_string(per_group(k, local_size)) +
           " elements (local size " + std::to_string(local_size) + " x " +
           std::to_string(k.grid.elems_per_item) +
           " per work-item); the spec says \"sizes\": \"whole_groups\" (the kernel has no "
           "bounds check)" +
           (pass == 0 ? "" : "; \"finish\": \"host\" or \"sizes\": \"pad\" avoid this");
}

std::string not_multiple(const kernel_spec& k, std::size_t pass, std::uint64_t n) {
    return "n = " + std::to_string(n) +
           (pass == 0 ? "" : " partials in pass " + std::to_string(pass + 1)) +
           " is not a multiple of " + std::to_string(k.n_multiple_of) +
           "; the spec says \"n\": {\"multiple_of\": " + std::to_string(k.n_multiple_of) +
           "} (the kernel takes no other sizes)" +
           (pass == 0 ? "" : "; \"finish\": \"host\" avoids this");
}

} // namespace

std::uint64_t groups_for(const grid_rule& g, std::uint64_t n, std::uint64_t local_size,
                         std::uint64_t compute_units, const std::string& device_class) {
    const std::uint64_t per =
        std::max<std::uint64_t>(1, saturating_mul(local_size, g.elems_per_item));
    std::uint64_t groups = std::max<std::uint64_t>(1, n / per + (n % per != 0 ? 1 : 0));
    const group_cap cap = g.cap_for(device_class);
    if (cap.per_cu != 0) {
        groups =
            std::min(groups, saturating_mul(cap.per_cu, std::max<std::uint64_t>(1, compute_units)));
    }
    if (cap.groups != 0) {
        groups = std::min(groups, cap.groups);
    }
    return groups;
}

pass_plan plan_passes(const kernel_spec& k, std::uint64_t n, std::uint64_t local_size,
                      std::uint64_t compute_units, const std::string& device_class) {
    pass_plan plan;
    const bool grid_stride = k.grid.cap_for(device_class).capped();
    std::uint64_t remaining = n; // n = 0 still launches one group that writes 0
    constexpr int max_passes = 64;
    do {
        const std::size_t index = plan.passes.size();
        if (remaining % k.n_multiple_of != 0) {
            plan.skip_reason = not_multiple(k, index, remaining);
            plan.passes.clear();
            return plan;
        }
        if (k.sizes == size_rule::whole_groups && remaining % per_group(k, local_size) != 0) {
            plan.skip_reason = not_whole(k, index, remaining, local_size);
            plan.passes.clear();
            return plan;
        }
        std::uint64_t groups =
            index > 0 && grid_stride
                ? 1 // one group of a grid-stride kernel absorbs any count
                : groups_for(k.grid, remaining, local_size, compute_units, device_class);
        plan.passes.push_back({remaining, saturating_mul(groups, local_size), local_size, groups});
        if (!k.finish_on_device() || k.finish == finish_mode::last_group) {
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

std::uint64_t padded_elements(const kernel_spec& k, const pass_info& p) {
    if (k.sizes != size_rule::pad) {
        return p.n;
    }
    const std::uint64_t per = std::max<std::uint64_t>(1, per_group(k, p.local_size));
    return std::max<std::uint64_t>(per, saturating_mul(p.n / per + (p.n % per != 0 ? 1 : 0), per));
}

} // namespace grp
