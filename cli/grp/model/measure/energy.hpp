// A case's energy from its rounds' conditions: the mean power over the rounds' timed windows
// times the median launch time. Counters update every few milliseconds, so energy is never
// measured per launch; a case whose rounds are too short for the counter is estimated from the
// power readings and says so, and a case without sensor readings says why it has no energy.
#pragma once

#include "grp/model/profile/case.hpp"

#include <optional>

namespace grp {

/// The case's energy; empty when no round has conditions (no sensor: nothing to say per case,
/// the device's sensor record says why). Needs r.summary and r.gbps (derive_metrics).
std::optional<case_energy> case_energy_of(const case_result& r);

} // namespace grp
