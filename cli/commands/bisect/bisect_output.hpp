// What `bisect` prints: the answer in one sentence (the first bad commit with its change and
// the confidence, or the bad commit not slower, or the narrowest range decided and what would
// decide it), each step, and the same as --json (the state plus the answer) or --markdown (a CI
// job summary). Progress goes to stderr, the answer to stdout.
#pragma once

#include "grp/model/bisect/record.hpp"

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace grp::cli {

/// The answer in one sentence: the first bad commit (subject, author date) with its change,
/// interval and case, and the confidence; or not slower; or the range decided and what would
/// decide the rest.
std::string answer_line(const bisect_record& r, const std::string& repo);

/// One step's progress line for stderr: "step 3 (6 duets left): 1a2b3c4d5e6f bad: ...".
std::string step_line(const bisect_record& r, const bisect_step_record& s, std::size_t duets_left);

/// The answer and the steps, as text.
void print_bisect(std::ostream& os, const bisect_record& r, const std::string& repo);

/// The answer and the steps as a job summary.
void print_bisect_markdown(std::ostream& os, const bisect_record& r, const std::string& repo);

/// The state plus "outcome", "culprit" or "range", "duets" and "seconds".
nlohmann::ordered_json bisect_json(const bisect_record& r, const std::string& repo);

/// The exit status of a search's outcome: 0 culprit or not slower, 8 undecided.
int bisect_exit_status(const bisect_record& r);

} // namespace grp::cli
