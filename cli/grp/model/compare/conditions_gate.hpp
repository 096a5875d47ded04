// The gate that refuses to mix conditions: a case whose two sides were measured under different
// device conditions (device_conditions.hpp: another power limit, ECC or MIG mode, application
// clock, board, governor, boost, huge-page mode or SMT) is read but never gated, and its note
// names each differing fact, as timing across two device models is (compare exits 8 when no
// case could be judged). `compare --conditions any` lifts it. A profile older than schema 2.17
// records no conditions: that is said, never refused, so old baselines still gate.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <string>
#include <vector>

namespace grp {

/// The key facts that differ between the devices of case `b` in `bp` and case `c` in `cp`,
/// each as "name: A -> B"; empty when they agree or either side recorded no conditions.
std::vector<std::string> case_condition_differences(const profile& bp, const case_result& b,
                                                    const profile& cp, const case_result& c);

/// Sets cc.conditions_differ (both sides present) and, unless opt.any_conditions, adds the
/// reason timing is not gated to its note.
void mark_conditions(case_comparison& cc, const profile& bp, const case_result* b,
                     const profile& cp, const case_result* c, const compare_options& opt);

/// r.conditions: one line per pair of devices of one model whose conditions differ, naming each
/// fact; and a
/// warning for a side that records no conditions (before 2.17) while the other does, and one
/// for a device whose run lost more than 5 % of the CPU's time to a hypervisor (steal_pct).
void conditions_warnings(comparison& r, const profile& base, const profile& cand);

} // namespace grp
