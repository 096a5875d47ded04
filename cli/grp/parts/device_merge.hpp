// The parent's side of `run -d all` with its devices in parallel (--devices-parallel): every
// selected device was measured by a process of its own, which wrote a profile of that one device
// (its part); here they become the profile a sequential run of the same devices writes, so that
// report, compare and merge read it the same: the devices in the order selected, each case's
// device its place in that order, run j of every device's process one run j of the profile, and
// a device whose process failed kept as a device with its failure (and whatever cases it saved).
// Pure: no process, no file.
#pragma once

#include "grp/core/machine/device_info.hpp"
#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp::parts {

/// One selected device's outcome in a run with its devices in parallel.
struct device_part {
    device_info info;            ///< as the parent selected it
    std::optional<profile> part; ///< the profile its process wrote (one device), if any
    std::string failure;         ///< why its process failed; "" when it finished
    int exit_status = 0;         ///< its process's exit status when it failed
};

/// The profile of every device of `parts` (in selection order). `base` is the parent's own
/// stamped profile (tool, host, its run), used as is where no part was written. Settings,
/// runs and kernels come from the first part written; run j's wall time is the longest of the
/// devices' run j (they ran at once) and its phases are added up, as a sequential run's are.
/// Scenario summaries are keyed by the device's place again. The profile is complete when
/// every part that did not fail is; a failed device's part (its finished cases) is kept.
profile merge_device_parts(const std::vector<device_part>& parts, const profile& base);

} // namespace grp::parts
