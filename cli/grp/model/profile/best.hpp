// The best configuration per (device, type, layout, n, operator): over every kernel and every
// tuning configuration and local size of the sweep, the verified case with the lowest median.
// A case that is wrong, failed or skipped is never best; it is counted. Derived from the cases
// (the profile's "best" section is written from it and recomputed when read).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <nlohmann/json.hpp>
#include <vector>

namespace grp {

struct best_config {
    int device = 0;
    std::string type, layout, op = "sum";
    std::uint64_t n = 0;
    case_key key;               ///< the winner: kernel, local size, parameters
    double median_ns = 0;       ///< the winner's median
    std::optional<double> gbps; ///< the winner's bandwidth
    std::size_t measured = 0;   ///< verified and timed configurations compared (screened too)
    std::size_t screened = 0;   ///< of those, dropped by successive halving at an early rung
    std::size_t unranked = 0;   ///< of those, above 105 % of the peak or an A/A control: never best
    std::size_t not_ok = 0;     ///< configurations wrong, failed or skipped (never best)
};

/// A case that successive halving measured briefly and dropped (extra.halving_rung): its time
/// is from fewer rounds at another moment than the survivors', so it is never best.
bool screened_by_halving(const case_result& c);

/// Whether a case competes for best wherever a winner is named (best, ties, the console's '*'
/// and '**', report tables): verified and timed, not screened by halving, not above 105 % of
/// its device's peak read (above_peak: a cache-resident input or a peak read low, so its speed
/// is not a memory measurement to rank), and not a duet's A/A control (control:, twin:).
bool can_win(const case_result& c);

/// One entry per (device, type, layout, n, op) that has a case that can_win, in that order. Plain
/// sweep cases only (scenario cases are experiments, not configurations).
std::vector<best_config> best_configs(const profile& p);

/// The profile's "best" array (schema 2.2).
nlohmann::ordered_json best_json(const profile& p);

} // namespace grp
