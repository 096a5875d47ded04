// The line over a device's tables in run's console: its name, the run's peak read and what
// % peak is measured against, and the empty-kernel span.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>

namespace grp {

/// The median of the in-round reads (round_record::peak_gbps) of device `device`'s cases in
/// `p`; empty when no round timed one (older profiles, devices without a peak).
[[nodiscard]] std::optional<double> in_round_read_gbps(const profile& p, int device);

/// E.g. "NVIDIA H200 (NVIDIA CUDA): peak read 4310.2 GB/s before the cases, 4275.0 in their
/// rounds (median; % peak uses each round's), empty-kernel span 6.40 us". Without
/// in-round reads % peak is against the run's peak, and the line says only "peak read ...".
[[nodiscard]] std::string device_heading(const profile& p, int device);

} // namespace grp
