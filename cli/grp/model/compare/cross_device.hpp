// The cross-device table of a comparison: for each kernel (with its type, layout and operator)
// that both profiles measured, each side's best configuration (over sizes, local sizes and
// tuning parameters: the highest GB/s), its GB/s, % of its own device's measured peak, and the
// ratio of the two bandwidths. Drawn where the case table cannot speak: the profiles come from
// different device models, or they share no case (each device class sweeps its own n and local
// sizes). Timing is never gated here: a faster device is not a regression, and the best of one
// size against the best of another is a description, not an experiment.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One side's best configuration of a kernel.
struct device_best {
    case_key key;         ///< the winner's key: its n, local size, parameters and cache state
    std::string device;   ///< the device's name (profile::devices)
    double gbps = 0;      ///< the winner's bandwidth, 1e9 bytes/s
    double median_ns = 0; ///< the winner's median
    std::optional<double> pct_of_peak; ///< of its own device's measured peak read
    std::size_t configurations = 0;    ///< timed, verified configurations it was chosen from
};

/// One kernel (kernel, type, layout, operator) measured on both sides.
struct cross_device_row {
    std::string kernel, type, layout, op;
    device_best base, cand;

    /// cand GB/s / base GB/s: 2.0 means the candidate's device moves the data twice as fast.
    [[nodiscard]] double gbps_ratio() const { return cand.gbps / base.gbps; }
};

/// True when the case table cannot compare the two profiles' speed: no case in common
/// (`common` == 0), or no device of `cand` is the same model as a device of `base`.
bool wants_cross_device(const profile& base, const profile& cand, std::size_t common);

/// The rows for every kernel both profiles measured (ok, timed, with a GB/s; scenario cases
/// and configurations screened out by successive halving never count), in kernel order. A
/// profile of several devices contributes its best over all of them (the row names the
/// device). Empty when the profiles share no measured kernel.
std::vector<cross_device_row> cross_device_table(const profile& base, const profile& cand);

/// "local 256, n=2^27" then ", NAME=VALUE" per parameter and ", cold" for a cold-cache case:
/// the configuration a row's side won with.
std::string configuration_text(const case_key& key);

} // namespace grp
