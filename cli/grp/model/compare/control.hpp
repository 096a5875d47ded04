// The duet's A/A controls (spec/duet.hpp): the base kernel and the candidate each built a second
// time and timed in the same rounds. Identical code must read `same`; when it reads slower or
// faster the experiment favours one kernel instance over another (its place in the build, the
// sweep, the memory), and a candidate's verdict would carry that bias. So the candidate is
// judged only where both controls read `same`. Pure: no I/O.
#pragma once

#include "grp/model/compare/pair.hpp"

#include <string>
#include <vector>

namespace grp {

/// An A/A control's comparison: `copy` (a second instance of `original`) against `original`,
/// marked as a control (its cases never fail: a control that is not `same` makes the candidates
/// `biased` instead). For the base's control: (pair.base, pair.control); the twin's:
/// (pair.cand, pair.twin).
comparison compare_control(const profile& p, const std::string& original, const std::string& copy,
                           const compare_options& opt, const std::string& file);

/// Gates `cand` by one control, case by case (same key): where the control read slower or
/// faster the candidate's timing verdict becomes `biased` (never slower, never fails); where the
/// control could not be judged (inconclusive, unmeasured, missing) a same/slower/faster becomes
/// inconclusive. Each note names the control (`what`: "the base kernel built again"), keeps what
/// the candidate read and quotes the control's interval. Applied once per control.
void apply_control(comparison& cand, const comparison& control, const std::string& what,
                   const compare_options& opt);

/// The pairs of a duet the profile records (settings.duet, written by run --duet), with their
/// controls; empty when it records none.
std::vector<kernel_pair> recorded_pairs(const profile& p);

} // namespace grp
