// The layout comparison of a profile: for each device, vec3 kernel family and n, the best
// local size per layout (highest records/s among verified cases), and each layout's records/s
// as a ratio to soa, so "more bytes but faster" is visible next to GB/s.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace grp {

struct layout_row {
    int device = 0;
    std::string kernel;
    std::uint64_t n = 0;
    std::string layout;
    std::uint64_t best_local_size = 0;
    double median_ns = 0;
    double gbps = 0;
    double records_per_s = 0;
    std::uint64_t bytes = 0;
    std::optional<double> ratio_to_soa; ///< records/s over soa's best; empty when no soa case
};

/// Rows for every (device, kernel, n) that has a verified non-flat case, layouts in the order
/// aos12, aos16, soa.
std::vector<layout_row> summarize_layouts(const profile& p);

nlohmann::ordered_json to_json(const std::vector<layout_row>& rows);

} // namespace grp
