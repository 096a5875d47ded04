// Where `history` reads its profiles: files and folders (searched recursively for *.json), or
// the tree of a git ref that keeps them (a `perf-data` branch), read through git itself. A file
// that is not a usable timing profile (foreign JSON, a broken file, a `check` profile) is named
// with the reason and skipped: one bad file never hides the others.
#pragma once

#include "grp/model/history/timeline.hpp"

#include <string>
#include <vector>

namespace grp::cli {

struct history_inputs {
    std::vector<history_source> sources;
    std::vector<skipped_source> skipped;
    /// The check profiles among the files (skipped as sources too): they explain the steps of
    /// the timed profiles they lie beside (model/history/step_cause.hpp).
    std::vector<history_source> checks;
};

/// Reads `paths` (files, or folders walked recursively for *.json in name order; symbolic links
/// to folders are not followed), and the check profile beside each timed file that is not among
/// them (X.check.json). Throws usage_error for a path that does not exist.
history_inputs read_history_paths(const std::vector<std::string>& paths);

/// Reads every *.json of `ref`'s tree in `repo` (optionally only under `under`). Throws
/// usage_error when git cannot read the ref.
history_inputs read_history_ref(const std::string& repo, const std::string& ref,
                                const std::string& under);

} // namespace grp::cli
