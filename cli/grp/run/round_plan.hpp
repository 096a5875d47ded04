// Which cases each round visits, what a wrong case's notes say about the rounds it skipped, and
// how a round is named in progress lines.
#pragma once

#include "grp/run/launch/case_setup.hpp"
#include "grp/run/measure.hpp"

#include <cstdint>
#include <string>

namespace grp::run {

/// The progress text of round `round` (0-based) of `planned`: "round 2/3", and for the rounds
/// added for disturbed cases "round 3/3 + 2 extra" (never "round 5/3").
std::string round_label(std::size_t round, std::uint64_t planned);

/// Whether round `r` visits case `c`: every planned round visits every active case that is not
/// wrong; an extra round only the cases that lack undisturbed rounds. A wrong case is not timed
/// further: its time would be that of a kernel that does not reduce (note_stopped says so).
bool visits(std::size_t r, const measure_options& m, const prepared_case& c);

/// The note of a wrong case that ran fewer rounds than planned, in the profile and the report.
void note_stopped(case_result& r);

} // namespace grp::run
