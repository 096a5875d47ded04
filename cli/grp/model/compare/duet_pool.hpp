// Several invocations of one duet judged as one experiment. Four invocations of the same duet
// that read +10.5, +9.6, +9.6 and +9.7 % are four measurements of one change, not four
// undecided verdicts: pooled, the invocation becomes a level of the design (pair.hpp judges
// on the invocations' means when they disagree, on the processes' otherwise) and the degrees of
// freedom grow with every invocation. Pooling is refused where it would mix experiments: other
// kernels (sources), another device, another duet, or settings that change what is measured
// (sizes, local sizes, types, layouts, cache state, data, build options, work-group limit).
// Settings that only change how long or in which order it was measured (rounds, samples, seeds
// of the order) are allowed, with a warning. The pool is judged as one fixed design at alpha:
// each invocation's sequential looks (settings.sequential) were its own and are dropped.
// Pure: no I/O.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <utility>
#include <vector>

namespace grp {

struct duet_pool {
    profile pooled;                    ///< every invocation's runs, each tagged with its file
    std::vector<std::string> warnings; ///< settings that differ without breaking the pooling
};

/// True when `p` records a duet (settings.duet with at least one pair).
bool is_duet(const profile& p);

/// The invocations (profile, file) of one duet as one profile whose runs keep their file as
/// run_record::source. Throws usage_error naming the file and what differs when an input is
/// no duet, records another duet (pairs), another kernel source (sha256 by kernel name),
/// another device, or another measured setting; and when fewer than two are given.
duet_pool pool_duets(const std::vector<std::pair<profile, std::string>>& invocations);

} // namespace grp
