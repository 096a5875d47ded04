#include "grp/model/compare/cross_device.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/profile/best.hpp"

#include <map>
#include <tuple>

namespace grp {

namespace {

using kernel_group = std::tuple<std::string, std::string, std::string, std::string>;

/// The best configuration per kernel group: the highest GB/s, since the sides' sizes differ
/// and a time is only comparable at one n.
std::map<kernel_group, device_best> best_per_kernel(const profile& p) {
    std::map<kernel_group, device_best> out;
    for (const auto& c : p.cases) {
        if (!c.scenario.empty() || c.status != case_status::ok || !c.summary || !c.gbps ||
            !(*c.gbps > 0) || screened_by_halving(c)) {
            continue;
        }
        auto& b = out[{c.key.kernel, c.key.type, c.key.layout, c.key.op}];
        ++b.configurations;
        if (b.key.kernel.empty() || *c.gbps > b.gbps) {
            const auto* d = device_of(p, c);
            b.key = c.key;
            b.device = d ? d->name : "";
            b.gbps = *c.gbps;
            b.median_ns = c.summary->median_ns;
            b.pct_of_peak = c.pct_of_peak;
        }
    }
    return out;
}

} // namespace

bool wants_cross_device(const profile& base, const profile& cand, std::size_t common) {
    if (common == 0) {
        return true;
    }
    for (const auto& b : base.devices) {
        for (const auto& c : cand.devices) {
            if (same_device(b.info, c.info)) {
                return false;
            }
        }
    }
    return !base.devices.empty() && !cand.devices.empty();
}

std::vector<cross_device_row> cross_device_table(const profile& base, const profile& cand) {
    const auto bb = best_per_kernel(base);
    const auto cb = best_per_kernel(cand);
    std::vector<cross_device_row> rows;
    for (const auto& [group, b] : bb) {
        const auto it = cb.find(group);
        if (it == cb.end()) {
            continue;
        }
        cross_device_row r;
        std::tie(r.kernel, r.type, r.layout, r.op) = group;
        r.base = b;
        r.cand = it->second;
        rows.push_back(std::move(r));
    }
    return rows;
}

std::string configuration_text(const case_key& key) {
    std::string s = "local " + std::to_string(key.local_size) + ", n=" + format_count(key.n);
    for (const auto& [name, value] : key.params) {
        s += ", " + name + "=" + value;
    }
    return key.cache == "cold" ? s + ", cold" : s;
}

} // namespace grp
