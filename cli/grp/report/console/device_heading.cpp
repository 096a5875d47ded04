#include "grp/report/console/device_heading.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"

#include <algorithm>
#include <vector>

namespace grp {

std::optional<double> in_round_read_gbps(const profile& p, int device) {
    std::vector<double> reads;
    for (const auto& c : p.cases) {
        if (c.device != device) {
            continue;
        }
        for (const auto& r : c.rounds) {
            if (r.peak_gbps && *r.peak_gbps > 0) {
                reads.push_back(*r.peak_gbps);
            }
        }
    }
    if (reads.empty()) {
        return std::nullopt;
    }
    const auto mid = reads.begin() + static_cast<std::ptrdiff_t>(reads.size() / 2);
    std::nth_element(reads.begin(), mid, reads.end());
    double m = *mid;
    if (reads.size() % 2 == 0) {
        m = (m + *std::max_element(reads.begin(), mid)) / 2;
    }
    return m;
}

std::string device_heading(const profile& p, int device) {
    const auto& dev = p.devices[static_cast<std::size_t>(device)];
    std::string s =
        terminal_escape(dev.info.name) + " (" + terminal_escape(dev.info.platform_name) + ")";
    std::string sep = ": ";
    if (dev.peak) {
        s += sep + "peak read " + format_fixed(dev.peak->read_gbps, 1) + " GB/s";
        sep = ", ";
        if (const auto in_round = in_round_read_gbps(p, device)) {
            s += " before the cases, " + format_fixed(*in_round, 1) +
                 " in their rounds (median; % peak uses each round's)";
        }
    }
    if (dev.launch_floor_ns) {
        s += sep + "empty-kernel span " + format_ns(*dev.launch_floor_ns);
    }
    return s;
}

} // namespace grp
