// The simulator's findings of a check profile (case_result::check), each distinct one once per
// kernel with the local sizes where it occurred: what the console, markdown and HTML show.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace grp {

struct finding_row {
    std::string kernel;
    const sim_diagnostic* first = nullptr; ///< its first occurrence (kind, message, places)
    std::set<std::uint64_t> local_sizes;
    std::uint64_t count = 0; ///< occurrences over the kernel's cases
};

/// Ordered by kernel, then kind, message and places.
std::vector<finding_row> merged_findings(const profile& p);

/// "user.cl:54:5 and user.cl:56:7": the places of a finding.
std::string places_text(const sim_diagnostic& d);
/// "64,256"
std::string locals_text(const std::set<std::uint64_t>& locals);

} // namespace grp
