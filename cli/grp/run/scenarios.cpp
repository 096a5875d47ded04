// Placeholder until the scenarios land (issue 5).
#include "grp/run/scenarios.hpp"

namespace grp::run {

const std::vector<std::string>& scenario_names() {
    static const std::vector<std::string> names = {"wg-probe", "barrier", "precision", "subgroups"};
    return names;
}

void check_scenario_name(const std::string& name) {
    for (const auto& n : scenario_names()) {
        if (n == name) {
            return;
        }
    }
    throw usage_error("unknown scenario '" + name +
                      "'; scenarios: wg-probe, barrier, precision, subgroups");
}

void run_scenario(const std::string& name, ocl::session&, int, const run_options&, profile&,
                  const progress_sink&) {
    throw usage_error("scenario '" + name + "' is not built yet");
}

} // namespace grp::run
