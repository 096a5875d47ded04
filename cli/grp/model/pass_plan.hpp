// Plans the launches of one case: pass 0 reduces the n input elements to per-group partials,
// each later pass reduces the previous partials, until one value is left (or, for kernels
// finished on the host, after pass 0). Pure arithmetic on the spec's grid rule.
#pragma once

#include "grp/model/kernel_spec.hpp"
#include "grp/model/profile.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

struct pass_plan {
    std::vector<pass_info> passes;
    std::string skip_reason; ///< non-empty: the case cannot be planned (e.g. does not converge)
};

/// Groups one pass launches for `n` elements: ceil(n / (local * elems_per_item)), capped by
/// the grid rule's max_groups (or max_groups_per_cu * compute_units). At least 1.
std::uint64_t groups_for(const grid_rule& g, std::uint64_t n, std::uint64_t local_size,
                         std::uint64_t compute_units);

/// All passes for a case. A pass that would not shrink the data (one element per item at local
/// size 1) gives a skip reason instead of looping; so do more than 64 passes.
pass_plan plan_passes(const kernel_spec& k, std::uint64_t n, std::uint64_t local_size,
                      std::uint64_t compute_units);

} // namespace grp
