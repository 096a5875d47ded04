// What a check profile's grids were planned for. `check` plans each case's grid (its work-groups
// and passes) for a device's compute units: the simulator's own, or with --estimate-for a GPU's
// (settings.check.planned_for). Counts of grids planned for different compute units differ for
// that alone, so compare, merge and the timed cause path refuse to set them against each other.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <string>

namespace grp {

/// True when the profile was written by `check` (its cases carry counts, not times).
bool is_check_profile(const profile& p);

/// The device a check profile's grids were planned for.
struct grid_plan {
    std::uint64_t compute_units = 0; ///< 0: not known (no planned_for, no recorded device)
    std::string device;              ///< planned_for's GPU, or the simulator's name
    bool planned_for = false;        ///< from settings.check.planned_for (check --estimate-for)
    bool valid = true; ///< false: planned_for is there but no name and count of compute units
};

/// settings.check.planned_for when present (an object whose compute_units is a whole number from
/// 1 to 100,000, check's own limit; else not valid), otherwise the profile's first device (the
/// simulator that planned them).
grid_plan planned_grid(const profile& p);

/// "" when two check profiles' grids were planned for the same compute units, else why their
/// counts cannot be set against each other, naming both (the labels name the profiles).
std::string planned_grid_difference(const profile& base, const profile& cand,
                                    const std::string& base_label, const std::string& cand_label);

} // namespace grp
