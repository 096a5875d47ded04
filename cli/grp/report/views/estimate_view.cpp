#include "grp/report/views/estimate_view.hpp"

#include "grp/core/units.hpp"

#include <stdexcept>

namespace grp {

estimate_device estimate_device_in(const profile& timed) {
    std::string all;
    for (const auto& d : timed.devices) {
        std::string why;
        if (const auto e = estimate_device_of(d, why)) {
            return *e;
        }
        all += (all.empty() ? "" : "; ") + why;
    }
    throw std::invalid_argument(all.empty() ? "the profile has no device" : all);
}

std::string estimate_caption(const estimate_device& d, const std::string& source) {
    return "Estimated time on " + d.name + " (" + format_fixed(d.compute_units, 0) + " CUs, " +
           format_fixed(d.clock_hz / 1e6, 0) + " MHz, launch floor " +
           format_fixed(d.launch_ns / 1e3, 1) + " us, read " +
           format_fixed(d.read_bytes_per_ns, 0) + " GB/s: " + source +
           "); a model that ranks kernels, not a measurement (docs/check.md)";
}

const std::vector<std::string>& estimate_columns() {
    static const std::vector<std::string> cols{"kernel",   "type",      "n",          "local",
                                               "passes",   "est us",    "bound",      "launch us",
                                               "issue us", "memory us", "latency us", "waves"};
    return cols;
}

std::vector<std::vector<std::string>>
estimate_rows(const profile& checked, const estimate_device& d, std::size_t& skipped) {
    std::vector<std::vector<std::string>> rows;
    skipped = 0;
    for (const auto& c : checked.cases) {
        const auto e = c.check ? estimate_case(*c.check, c.key.local_size, d) : std::nullopt;
        if (!e) {
            skipped += c.check ? 1 : 0;
            continue;
        }
        double launch = 0, issue = 0, memory = 0, latency = 0, waves = 0;
        for (const auto& p : e->passes) {
            launch += p.launch_ns;
            issue += p.issue_ns;
            memory += p.memory_ns;
            latency += p.latency_ns;
            waves = std::max(waves, p.waves);
        }
        const auto params = params_text(c.key, " ");
        rows.push_back({params.empty() ? c.key.kernel : c.key.kernel + " " + params, c.key.type,
                        std::to_string(c.key.n), std::to_string(c.key.local_size),
                        std::to_string(e->passes.size()), format_fixed(e->ns / 1e3, 1), e->bound,
                        format_fixed(launch / 1e3, 1), format_fixed(issue / 1e3, 1),
                        format_fixed(memory / 1e3, 1), format_fixed(latency / 1e3, 1),
                        format_fixed(waves, 0)});
    }
    return rows;
}

} // namespace grp
