// The duet's A/A control (spec/duet.hpp): the base kernel built a second time and timed in the
// same rounds as the base and the candidate. Identical code must read `same`; when it reads
// slower or faster the experiment favours one kernel instance over another (its place in the
// build, the sweep, the memory), and a candidate's verdict would carry that bias. So the
// candidate is judged only where its control reads `same`. Pure: no I/O.
#pragma once

#include "grp/model/compare/pair.hpp"

#include <string>
#include <vector>

namespace grp {

/// The A/A control's comparison: pair.control against pair.base, marked as the control (its
/// cases never fail: a control that is not `same` makes the candidates `biased` instead).
comparison compare_control(const profile& p, const kernel_pair& pair, const compare_options& opt,
                           const std::string& file);

/// Gates `cand` by the control, case by case (same key): where the control read slower or
/// faster the candidate's timing verdict becomes `biased` (never slower, never fails); where the
/// control could not be judged (inconclusive, unmeasured, missing) a same/slower/faster becomes
/// inconclusive. Each note keeps what the candidate read and quotes the control's interval.
void apply_control(comparison& cand, const comparison& control, const compare_options& opt);

/// The pairs of a duet the profile records (settings.duet, written by run --duet), with their
/// controls; empty when it records none.
std::vector<kernel_pair> recorded_pairs(const profile& p);

} // namespace grp
