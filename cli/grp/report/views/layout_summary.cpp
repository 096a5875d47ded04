#include "grp/report/views/layout_summary.hpp"

#include "grp/core/element_type.hpp"
#include "grp/model/profile/best.hpp"

#include <map>
#include <tuple>

namespace grp {

namespace {} // namespace

std::vector<layout_row> summarize_layouts(const profile& p) {
    using key = std::tuple<int, std::string, std::uint64_t, int, std::string>;
    std::map<key, layout_row> best;
    for (const auto& c : p.cases) {
        if (c.key.layout == "flat" || !can_win(c) || !c.elements_per_s) {
            continue;
        }
        key k{c.device, c.key.kernel, c.key.n, layout_rank(c.key.layout), c.key.layout};
        auto it = best.find(k);
        if (it == best.end() || *c.elements_per_s > it->second.records_per_s) {
            best[k] = {c.device,           c.key.kernel,      c.key.n,
                       c.key.layout,       c.key.local_size,  c.summary->median_ns,
                       c.gbps.value_or(0), *c.elements_per_s, c.bytes,
                       std::nullopt};
        }
    }
    std::vector<layout_row> rows;
    for (auto& [k, row] : best) {
        auto soa = best.find({std::get<0>(k), std::get<1>(k), std::get<2>(k), 2, "soa"});
        if (soa != best.end() && soa->second.records_per_s > 0) {
            row.ratio_to_soa = row.records_per_s / soa->second.records_per_s;
        }
        rows.push_back(row);
    }
    return rows;
}

nlohmann::ordered_json to_json(const std::vector<layout_row>& rows) {
    auto j = nlohmann::ordered_json::array();
    for (const auto& r : rows) {
        j.push_back({{"device", r.device},
                     {"kernel", r.kernel},
                     {"n", r.n},
                     {"layout", r.layout},
                     {"best_local_size", r.best_local_size},
                     {"median_ns", r.median_ns},
                     {"gbps", r.gbps},
                     {"records_per_s", r.records_per_s},
                     {"bytes", r.bytes},
                     {"ratio_to_soa", r.ratio_to_soa ? nlohmann::ordered_json(*r.ratio_to_soa)
                                                     : nlohmann::ordered_json(nullptr)}});
    }
    return j;
}

} // namespace grp
