#include "grp/model/measure/energy.hpp"

#include <cstdio>
#include <string>

namespace grp {

namespace {

std::string seconds_text(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f s", s);
    return buf;
}

} // namespace

std::optional<case_energy> case_energy_of(const case_result& r) {
    double counted_j = 0, counted_s = 0, estimated_j = 0, estimated_s = 0;
    bool any = false;
    for (const auto& round : r.rounds) {
        if (!round.conditions) {
            continue;
        }
        any = true;
        const auto& c = *round.conditions;
        if (c.energy_source == "counter" && c.energy_j) {
            counted_j += *c.energy_j;
            counted_s += c.seconds;
        } else if (c.energy_source == "power x time" && c.energy_j) {
            estimated_j += *c.energy_j;
            estimated_s += c.seconds;
        }
    }
    if (!any) {
        return std::nullopt;
    }
    case_energy e;
    const double window = counted_s + estimated_s;
    if (!(window > 0)) {
        e.missing = "the sensors read no energy counter and no power";
        return e;
    }
    e.power_w = (counted_j + estimated_j) / window;
    e.basis = estimated_s > 0
                  ? "power readings over " + seconds_text(window) +
                        " of rounds (an estimate: rounds shorter than the energy counter's 0.1 s)"
                  : "energy counter over " + seconds_text(window) + " of rounds";
    if (r.summary && r.summary->median_ns > 0 && *e.power_w > 0) {
        e.joules_per_launch = *e.power_w * r.summary->median_ns * 1e-9;
        e.elements_per_j = static_cast<double>(r.key.n) / *e.joules_per_launch;
        if (r.gbps) {
            e.gbps_per_w = *r.gbps / *e.power_w;
        }
    }
    return e;
}

} // namespace grp
