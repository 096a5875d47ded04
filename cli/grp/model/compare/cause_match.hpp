// Where a timed `slower` case finds its check cases, and its cause from them (slow_cause.hpp).
// The matching rule (docs/compare.md, "Why it got slower"): the timed case's key without a duet's
// instance prefix ("base:", "control:", "twin:") and without the cache state (the simulator has
// none) must name a case of the side's check profile with the same kernel, type, layout, local
// size, operator and parameters; the same n when both check profiles have it, else the n both
// have that is nearest the timed one (check's default is 4099: it counts every pass and group
// shape, not the size), named in the cause. The check profile must have counted the source that
// was timed: where both record the kernel's sha256 and they differ, the check profile is stale
// and the cause unknown. Pure: no I/O.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <string>

namespace grp {

/// The check profiles of the two sides (either may be null: no file for that side), their
/// files and the work threshold (a fraction, compare --work-threshold).
struct work_evidence {
    const profile* base = nullptr;
    const profile* cand = nullptr;
    cause_sources files;
    double threshold = 0.01;
};

/// Where the naming convention finds the check profile of timed profile `timed`: "dir/x.json"
/// -> "dir/x.check.json", or "dir/x.base.check.json" for a duet's base side; "" for stdin ("-").
std::string check_profile_beside(const std::string& timed, bool duet_base);

/// The kernel's name without a duet's instance prefix: "base:reduce6" -> "reduce6".
std::string instance_free(const std::string& kernel);

/// The cause of timed case `b` (of `bp`) against `c` (of `cp`) from `w`; `same_rounds`: both
/// were timed in the same rounds (a duet), so no recorded fact can differ. `cc` is their
/// comparison (its sides' hosts). Never throws: a check profile that cannot be judged makes the
/// cause unknown, saying why.
slow_cause cause_of_case(const work_evidence& w, const case_comparison& cc, const profile& bp,
                         const case_result& b, const profile& cp, const case_result& c,
                         bool same_rounds);

/// Sets the cause of every slower case of `r` (timed from `bp` against `cp`; a duet's: both the
/// same profile, cases matched through r.pair_cand) and r.work. Verdicts and failures stay.
void explain_slower(comparison& r, const profile& bp, const profile& cp, const work_evidence& w);

} // namespace grp
