// Dispatch of `run --scenario NAME` to the four scenarios, each in its own file pair.
#include "grp/run/scenario/scenarios.hpp"

#include "grp/run/scenario/barrier.hpp"
#include "grp/run/scenario/precision.hpp"
#include "grp/run/scenario/subgroups.hpp"
#include "grp/run/scenario/wg_probe.hpp"

#include <functional>
#include <utility>

namespace grp::run {

namespace {

using scenario_fn = void (*)(const scenario_env&);

// The table of scenarios, in the order --help lists them.
const std::vector<std::pair<std::string, scenario_fn>>& scenario_table() {
    static const std::vector<std::pair<std::string, scenario_fn>> table = {
        {"wg-probe", run_wg_probe},
        {"barrier", run_barrier},
        {"precision", run_precision},
        {"subgroups", run_subgroups}};
    return table;
}

} // namespace

const std::vector<std::string>& scenario_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        for (const auto& [name, fn] : scenario_table()) {
            out.push_back(name);
        }
        return out;
    }();
    return names;
}

void check_scenario_name(const std::string& name) {
    std::string list;
    for (const auto& n : scenario_names()) {
        if (n == name) {
            return;
        }
        list += (list.empty() ? "" : ", ") + n;
    }
    throw usage_error("unknown scenario '" + name + "'; scenarios: " + list);
}

void run_scenario(const std::string& name, ocl::session& s, int device_index,
                  const run_options& opt, profile& p, const progress_sink& progress) {
    check_scenario_name(name);
    const scenario_env env{s, device_index, opt, p, progress};
    for (const auto& [n, fn] : scenario_table()) {
        if (n == name) {
            fn(env);
        }
    }
}

} // namespace grp::run
