// The points of a sweep in groups measured together: bucketed by input, the buckets packed into
// groups whose inputs (pristine + working copy) fit in half the device's memory.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/run/group_pipeline.hpp"

#include <vector>

namespace grp::run {

/// The groups, sweep order kept inside each. GRP_TEST_GROUP_BYTES (tests) forces a smaller
/// budget, hence several groups.
std::vector<std::vector<measure_point>>
groups_of(const run_options& opt, const std::vector<sweep_point>& points, const device_info& dev);

} // namespace grp::run
