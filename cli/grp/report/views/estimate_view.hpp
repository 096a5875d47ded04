// check's access-adjusted time estimate (model/access/time_estimate.hpp) as the rows the console
// and markdown show: per case, the estimate, what bounds it and each term summed over passes.
#pragma once

#include "grp/model/access/time_estimate.hpp"
#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp {

/// The device a timed profile offers the estimate: its first device with what the model needs
/// (the cards of one model, alike in name, compute units and clock, are one choice); throws
/// std::invalid_argument naming why each device cannot serve when none can, and naming the
/// choices when GPUs that differ could.
estimate_device estimate_device_in(const profile& timed);

/// The line above the table: the device's facts the estimate used and what it is not.
std::string estimate_caption(const estimate_device& d, const std::string& source);

/// The columns' headers, in the order of estimate_table::rows' cells.
const std::vector<std::string>& estimate_columns();

/// The rows, one per case that can be estimated (ok, with 2.19's access metrics), in the
/// profile's order, and the notes under them: the cases left out and why, and a grid planned
/// for other compute units than `d`'s (settings.check.planned_for).
struct estimate_table {
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> notes;
};

estimate_table estimate_table_of(const profile& checked, const estimate_device& d);

} // namespace grp
