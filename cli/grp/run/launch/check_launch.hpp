// `check`'s launch: a case's first launch chain (with its verification) runs while the
// simulator's output is captured; what it wrote becomes the case's check record.
#pragma once

#include "grp/run/launch/case_setup.hpp"
#include "grp/sim/simulator.hpp"

#include <functional>
#include <string>

namespace grp::run {

struct check_launch_options {
    std::string simulator; ///< its name and version, e.g. "Oclgrind 21.10"
    std::size_t max_diagnostics = 20;
};

/// Runs `launch` (the case's first, verified launch chain) inside a capture window of `sim`
/// and records what the simulator found and counted (sim::record_check).
void check_first_launch(sim::simulator& sim, const check_launch_options& o, prepared_case& c,
                        const std::function<void()>& launch);

} // namespace grp::run
