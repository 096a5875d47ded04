// The cause of a slower step in `history` (#68 item 3): the two profiles around the step (its last
// good and first bad places) are the base and the candidate; their check profiles are the ones
// the naming convention puts beside them (check_profile_beside: X.json -> X.check.json), among
// the check profiles history read; the step's case is explained as compare explains a slower
// case (cause_match.hpp: more-work, worse-access, device-side with the facts that differ, or
// unknown). A cause never changes whether a finding fails. Pure: no I/O.
#pragma once

#include "grp/model/history/findings.hpp"

#include <vector>

namespace grp {

/// Sets the cause of every step of `r` whose time rose, where a check profile of `checks` (named
/// as the sources are) lies beside either profile around it; `threshold`: the work gate's (a
/// fraction). `sources` are the timed profiles the timeline was built from.
void explain_steps(history_result& r, const std::vector<history_source>& sources,
                   const std::vector<history_source>& checks, double threshold);

} // namespace grp
