// Which rounds a case's time summarises. run's tables give a case's median over the samples of
// every round; compare gives its center over the rounds it does not set aside (another process
// took the CPU, or the clocks were unsteady). On a loaded machine the two differ by a lot (a
// newcomer saw reduce1 at 1.29 s in run and 719 ms in compare, 12 of its 20 rounds disturbed), so
// run lists, under its tables, every case whose rounds compare would set aside, with compare's
// number beside its own: one profile, and each table says what it summarises.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <optional>
#include <vector>

namespace grp {

/// A case whose rounds compare (at its defaults) partly sets aside.
struct set_aside_rounds {
    const case_result* c = nullptr;
    std::size_t rounds = 0;          ///< rounds with a median: what run's median summarises
    std::size_t kept = 0;            ///< of them, the rounds compare judges
    std::optional<double> center_ns; ///< compare's center over the kept rounds (none: too few)
};

/// The timed cases of device `device` in `p` with rounds that `compare` sets aside at its
/// defaults (--max-cpu-wait 0.1, --unsteady auto), in profile order. Empty for a duet's profile:
/// compare keeps every round of a duet, whose kernels shared them.
std::vector<set_aside_rounds> rounds_set_aside(const profile& p, int device);

} // namespace grp
