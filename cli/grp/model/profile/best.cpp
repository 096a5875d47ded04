#include "grp/model/profile/best.hpp"

#include "grp/model/compare/best_ties.hpp"
#include "grp/model/spec/duet.hpp"

#include <map>
#include <tuple>

namespace grp {

std::vector<best_config> best_configs(const profile& p) {
    using group = std::tuple<int, std::string, std::string, std::uint64_t, std::string>;
    std::map<group, best_config> by_group;
    std::map<group, std::size_t> not_ok;
    for (const auto& c : p.cases) {
        if (!c.scenario.empty()) {
            continue;
        }
        const group g{c.device, c.key.type, c.key.layout, c.key.n, c.key.op};
        if (c.status != case_status::ok || !c.summary) {
            ++not_ok[g];
            continue;
        }
        auto [it, fresh] = by_group.try_emplace(g);
        auto& b = it->second;
        ++b.measured;
        if (screened_by_halving(c)) {
            ++b.screened;
            continue;
        }
        if (!can_win(c)) {
            ++b.unranked;
            continue;
        }
        if (b.key.kernel.empty() || c.summary->median_ns < b.median_ns) {
            b.device = c.device;
            std::tie(b.type, b.layout, b.n, b.op) =
                std::tie(c.key.type, c.key.layout, c.key.n, c.key.op);
            b.key = c.key;
            b.median_ns = c.summary->median_ns;
            b.gbps = c.gbps;
        }
    }
    std::vector<best_config> out;
    for (auto& [g, b] : by_group) {
        if (!b.key.kernel.empty()) {
            b.not_ok = not_ok[g];
            out.push_back(b);
        }
    }
    return out;
}

bool screened_by_halving(const case_result& c) {
    return c.extra.is_object() && c.extra.contains("halving_rung");
}

bool can_win(const case_result& c) {
    // A duet's A/A controls are copies timed to check the experiment, never configurations.
    const auto& k = c.key.kernel;
    const bool control = k.rfind(duet_control_prefix, 0) == 0 || k.rfind(duet_twin_prefix, 0) == 0;
    return c.status == case_status::ok && c.summary && !screened_by_halving(c) && !c.above_peak &&
           !control;
}

nlohmann::ordered_json best_json(const profile& p) {
    auto out = nlohmann::ordered_json::array();
    for (const auto& b : best_configs(p)) {
        nlohmann::ordered_json params = nlohmann::ordered_json::object();
        for (const auto& [name, value] : b.key.params) {
            // Integers as numbers, as the case key writes them.
            const bool integer = !value.empty() && value.size() < 19 &&
                                 value.find_first_not_of("-0123456789") == std::string::npos &&
                                 value.find('-', 1) == std::string::npos && value != "-";
            params[name] =
                integer ? nlohmann::ordered_json(std::stoll(value)) : nlohmann::ordered_json(value);
        }
        out.push_back({{"device", b.device},
                       {"type", b.type},
                       {"layout", b.layout},
                       {"n", b.n},
                       {"op", b.op},
                       {"kernel", b.key.kernel},
                       {"local_size", b.key.local_size},
                       {"params", params},
                       {"median_ns", b.median_ns},
                       {"gbps", b.gbps ? nlohmann::ordered_json(*b.gbps) : nullptr},
                       {"measured", b.measured},
                       {"screened", b.screened},
                       {"not_ok", b.not_ok}});
        if (auto sep = best_separation_json(ties_of(p, b)); !sep.is_null()) {
            out.back()["separation"] = std::move(sep);
        }
    }
    return out;
}

} // namespace grp
