#include "commands/estimate_target.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/report/views/estimate_view.hpp"

#include <stdexcept>

namespace grp::cli {

std::optional<estimate_device> estimate_target(const std::string& path) {
    if (path.empty()) {
        return std::nullopt;
    }
    const auto timed = load_profile(path);
    try {
        return estimate_device_in(timed);
    } catch (const std::invalid_argument& e) {
        throw usage_error("--estimate-for " + terminal_escape(path) +
                          ": no device to estimate on (" + terminal_escape(e.what()) + ")");
    }
}

void add_estimate_for_option(CLI::App* sub, std::string& path, const std::string& what) {
    sub->add_option("--estimate-for", path,
                    "A timed profile of a GPU (run's, profile schema 2.17 or later): " + what +
                        "; ranks kernels, measures nothing (docs/check.md)")
        ->type_name("GPU.json");
}

} // namespace grp::cli
