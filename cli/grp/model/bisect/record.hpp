// What `bisect` keeps in its state folder (bisect.json), written after every step so that an
// interrupted search resumes where it stopped (--resume): the question (repository, spec, the
// good and bad commits and the line between them, the error rate, the cases followed, what
// every duet adds to `run`) and every step taken, with its commit, verdict, cases and the duet
// profile it read. The search itself is not stored: it is replayed from the steps, so a state
// file cannot hold a range its steps do not support. Versioned (bisect_version 1.x). Pure.
#pragma once

#include "grp/model/bisect/search.hpp"
#include "grp/model/bisect/step.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

inline constexpr const char* bisect_version = "1.0.0";

/// One step taken: the duet of commits[place] against the good commit.
struct bisect_step_record {
    std::size_t place = 0;
    std::string commit;
    step_result result;
    std::string profile; ///< the duet's profile, relative to the state folder ("" if none)
    double seconds = 0;  ///< wall time of the step
};

struct bisect_record {
    std::string repo, spec, good, bad; ///< good and bad as full shas
    std::vector<std::string> commits;  ///< the first-parent line, oldest first: [0] = good
    double alpha = 0.05;
    std::size_t max_skips = 0;
    std::string case_glob;             ///< --case, "" for the cases the bad end reads slower
    std::vector<std::string> cases;    ///< the followed cases, chosen by the first step
    std::vector<std::string> run_args; ///< what every duet adds to `run`
    std::vector<bisect_step_record> steps;

    /// N: the commits after the good one.
    [[nodiscard]] std::size_t places() const { return commits.empty() ? 0 : commits.size() - 1; }
    [[nodiscard]] alpha_plan plan() const { return plan_alpha(alpha, places(), max_skips); }
    [[nodiscard]] case_selection selection() const { return {case_glob, cases}; }
};

nlohmann::ordered_json to_json(const bisect_record& r);

/// The record of a bisect.json; throws file_error naming the field when it is malformed, of
/// another major version, or its steps are not the ones its search would take (replay).
bisect_record bisect_record_from_json(const nlohmann::ordered_json& j);

/// The search after the record's steps. Throws file_error when a step is not the place the
/// search would measure next.
bisect_search replay(const bisect_record& r);

} // namespace grp
