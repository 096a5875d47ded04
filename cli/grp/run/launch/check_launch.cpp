#include "grp/run/launch/check_launch.hpp"

#include "grp/sim/case_check.hpp"

namespace grp::run {

void check_first_launch(sim::simulator& sim, const check_launch_options& o, prepared_case& c,
                        const std::function<void()>& launch) {
    sim.begin();
    launch();
    const auto out = sim.end();
    sim::case_check_options co;
    co.simulator = o.simulator;
    co.source_file = c.spec->source_path;
    co.max_distinct = o.max_diagnostics;
    sim::record_check(out, co, c.result);
}

} // namespace grp::run
