// The run context of two profiles side by side: the fields a reader checks before trusting a
// verdict (devices, drivers, host, clocks, load, environment variables that select devices)
// and the ones that differ between base and candidate.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <array>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace grp {

/// A context field that differs between the profiles, such as the driver version.
struct context_difference {
    std::string what, base, cand;
};

/// One line of a profile's run context, e.g. {"git sha", "4fdfe7962d1a"}.
struct context_field {
    std::string what, value;
};

/// The run context of `p` in a fixed order: tool, host, CPU (model, cores, clocks, governor),
/// memory, OS, runs, load, devices, drivers, platforms, then one "env NAME" line per name in
/// `env_names` ("unset" where `p` did not have it). Fields older profiles lack: "not recorded".
std::vector<context_field> context_fields(const profile& p, const std::set<std::string>& env_names);
/// The environment variables recorded by any of `profiles` (host.env).
std::set<std::string> env_names_of(const std::vector<const profile*>& profiles);
/// The context fields whose values differ between `base` and `cand`.
std::vector<context_difference> context_differences(const profile& base, const profile& cand);
/// The 1-minute load average as text ("3.07"), "-" when not recorded.
std::string load_text(const std::optional<std::array<double, 3>>& load);
} // namespace grp
