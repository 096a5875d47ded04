// Plans the launches of one case: pass 0 reduces the n input elements to per-group partials,
// each later pass reduces the previous partials, until one value is left (or, for kernels
// finished on the host or by their last group, after pass 0). Pure arithmetic on the spec's
// grid rule. A pass that one group could absorb is never split: a grid-stride kernel (one with
// a group cap) reduces any number of partials in one group, so it needs at most two passes.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/model/spec/kernel_spec.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

struct pass_plan {
    std::vector<pass_info> passes;
    std::string skip_reason; ///< non-empty: the case cannot be planned (e.g. does not converge)
};

/// Groups one pass launches for `n` elements: ceil(n / (local * elems_per_item)), capped by
/// the grid rule's cap for `device_class` ("cpu", "gpu", ...). At least 1.
std::uint64_t groups_for(const grid_rule& g, std::uint64_t n, std::uint64_t local_size,
                         std::uint64_t compute_units, const std::string& device_class);

/// All passes for a case. A pass that would not shrink the data (one element per item at local
/// size 1) gives a skip reason instead of looping; so do more than 64 passes, and, for kernels
/// that need whole groups (sizes "whole_groups"), any pass whose n does not fill whole groups.
pass_plan plan_passes(const kernel_spec& k, std::uint64_t n, std::uint64_t local_size,
                      std::uint64_t compute_units, const std::string& device_class = "gpu");

/// Elements a pass's buffer must hold for the kernel to read whole groups: n itself, or for
/// sizes "pad" n rounded up to whole groups (the rest zero).
std::uint64_t padded_elements(const kernel_spec& k, const pass_info& p);

} // namespace grp
