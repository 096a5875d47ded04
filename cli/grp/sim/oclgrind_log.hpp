// Oclgrind's diagnostics (its log: races, invalid accesses, uninitialised values, barrier
// divergence, API errors) parsed into data: one sim_diagnostic per distinct problem.
#pragma once

#include "grp/model/profile/check_record.hpp"

#include <string>
#include <vector>

namespace grp::sim {

struct log_options {
    std::string source_file;       ///< what "input.cl" stands for (the spec's source)
    std::size_t max_distinct = 20; ///< diagnostics kept per case; the rest only counted
    /// Only diagnostics of these kernels (the case's own; the tool's helper kernels are not the
    /// user's concern); empty: all.
    std::vector<std::string> kernels;
};

/// The diagnostics in `log` (text Oclgrind wrote while the case's launches ran), merged: two
/// occurrences are one when kind, message (addresses removed), kernel and source places agree.
/// Sets rec.diagnostics, diagnostics_seen and capped.
void parse_log(const std::string& log, const log_options& o, check_record& rec);

/// "data-race", "out-of-bounds", "uninitialized", "barrier-divergence", "api" or "other" for
/// a diagnostic's first line.
std::string diagnostic_kind(const std::string& first_line);

} // namespace grp::sim
