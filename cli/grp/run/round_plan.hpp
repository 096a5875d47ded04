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

/// Whether extra round `round` (0-based, at or past m.rounds) can count for case `r`: it lacks
/// undisturbed rounds (fewer than m.rounds), and either compare judges it already (at least
/// compare's min_rounds undisturbed: another one narrows its interval) or, at the undisturbed
/// share its rounds have had so far, the extra rounds left would bring it there. A case whose
/// every round was disturbed gets none: the load that took them would take the extra ones too,
/// and compare would judge none of them (#71: "round 10/10 + 10 extra" ended in "0 undisturbed").
bool extra_round_can_count(const case_result& r, const measure_options& m, std::size_t round);

/// Whether round `r` visits case `c`: every planned round visits every active case that is not
/// wrong; an extra round only the cases it can count for (extra_round_can_count). A wrong case is
/// not timed further: its time would be that of a kernel that does not reduce (note_stopped says
/// so).
bool visits(std::size_t r, const measure_options& m, const prepared_case& c);

/// The note of a wrong case that ran fewer rounds than planned, in the profile and the report.
void note_stopped(case_result& r);

} // namespace grp::run
