// check --estimate-for and report --estimate-for: the GPU a timed profile offers the
// access-adjusted estimate (model/access/time_estimate.hpp), read before any other work.
#pragma once

#include "grp/model/access/time_estimate.hpp"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace grp::cli {

/// Empty for an empty path. A profile that cannot be read is file_error (exit 5); one with no
/// device the model can use (a CPU, no launch floor or peak read) is usage_error (exit 2).
std::optional<estimate_device> estimate_target(const std::string& path);

/// The --estimate-for option of `sub` into `path`; `what` ends its help ("and what bounds it").
void add_estimate_for_option(CLI::App* sub, std::string& path, const std::string& what);

} // namespace grp::cli
