// What the report's Run box says about how a profile was made: each sweep setting as the user
// typed it on the command line (`-l 64,256`), or "default" with the value the tool chose; and
// the whole run's start and finish over every process whose rounds the profile holds (a run
// with --runs, or a baseline made by merge, has several), not the first process's alone.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// One row of the Run box.
struct run_setting {
    std::string name;  ///< the setting's key in the profile ("local_sizes")
    std::string value; ///< "-l 64,256" as typed, "default (10)", or the recorded value
};

/// The profile's `settings`, in their order. A setting that `run` has an option for reads as
/// typed in `tool.argv` when the argv is a `run` command line that gives it, else "default"
/// with the recorded value; lists are joined with ","; empty values read "default". For other
/// writers (merge, check) the recorded values, formatted alike.
std::vector<run_setting> run_settings(const profile& p);

/// The earliest start and latest finish over the profile's `host` and every `runs[].host`, and
/// how many processes that spans; empty strings where nothing was recorded.
struct run_span {
    std::string started_at, finished_at;
    std::size_t processes = 0;
};
run_span whole_run_span(const profile& p);

} // namespace grp::html
