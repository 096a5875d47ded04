// The layout and scenario views of report_data.hpp: best case per layout, and the facts the
// scenarios record in `extra` and profile::scenarios, read defensively (profiles are untrusted:
// a fact of the wrong JSON type is treated as absent, never thrown on); and the above-peak flag.
#include "grp/report/views/report_facts.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/element_type.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/report/views/report_data.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grp::html {

std::vector<std::string> layouts_of(const case_group& g) {
    std::vector<std::string> out;
    for (const auto* c : g.cases) {
        if (std::find(out.begin(), out.end(), c->key.layout) == out.end()) {
            out.push_back(c->key.layout);
        }
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return std::make_pair(layout_rank(a), a) < std::make_pair(layout_rank(b), b);
    });
    return out;
}

std::vector<layout_best> best_per_layout(const case_group& g) {
    std::vector<layout_best> out;
    for (const auto& l : layouts_of(g)) {
        layout_best b{l, nullptr, std::nullopt};
        for (const auto* c : g.cases) {
            if (c->key.layout == l && can_win(*c) && c->elements_per_s &&
                (!b.best || *c->elements_per_s > *b.best->elements_per_s)) {
                b.best = c;
            }
        }
        out.push_back(b);
    }
    auto soa =
        std::find_if(out.begin(), out.end(), [](const auto& b) { return b.layout == "soa"; });
    for (auto& b : out) {
        if (b.best && soa != out.end() && soa->best && *soa->best->elements_per_s > 0) {
            b.vs_soa = *b.best->elements_per_s / *soa->best->elements_per_s;
        }
    }
    return out;
}

std::optional<double> extra_number(const case_result& c, const char* key) {
    if (!c.extra.is_object()) {
        return std::nullopt;
    }
    auto it = c.extra.find(key);
    if (it == c.extra.end() || !it->is_number() || !std::isfinite(it->get<double>())) {
        return std::nullopt;
    }
    return it->get<double>();
}

std::optional<int> json_device_index(const nlohmann::ordered_json& j) {
    if (j.is_number_unsigned() && j.get<std::uint64_t>() <= std::numeric_limits<int>::max()) {
        return static_cast<int>(j.get<std::uint64_t>());
    }
    if (j.is_number_integer() && !j.is_number_unsigned() && j.get<std::int64_t>() >= 0 &&
        j.get<std::int64_t>() <= std::numeric_limits<int>::max()) {
        return static_cast<int>(j.get<std::int64_t>());
    }
    return std::nullopt;
}

std::optional<double> items_per_s(const case_result& c) {
    if (auto v = extra_number(c, "items_per_s")) {
        return v;
    }
    if (c.elements_per_s) {
        return c.elements_per_s;
    }
    if (c.summary && c.summary->median_ns > 0) {
        return static_cast<double>(c.key.n) / c.summary->median_ns * 1e9;
    }
    return std::nullopt;
}

const nlohmann::ordered_json* scenario_summary_for(const profile& p, const std::string& name,
                                                   int device) {
    if (!p.scenarios.is_object() || !p.scenarios.contains(name) || !p.scenarios[name].is_object()) {
        return nullptr;
    }
    const auto& s = p.scenarios[name];
    if (auto d = s.find("devices"); d != s.end() && d->is_array()) {
        for (const auto& e : *d) {
            for (const char* key : {"device", "device_index"}) {
                if (e.is_object() && e.contains(key) && json_device_index(e[key]) == device) {
                    return &e;
                }
            }
        }
    }
    return &s;
}

std::optional<std::uint64_t> wg_probe_knee(const profile& p, const case_result& c) {
    // A knee that is no count (fractional below 1, negative, 1e300) is treated as absent.
    const auto knee = [](std::optional<double> v) -> std::optional<std::uint64_t> {
        auto k = v ? checked_count(*v) : std::nullopt;
        return k && *k >= 1 ? k : std::nullopt;
    };
    if (const auto* w = scenario_summary_for(p, "wg-probe", c.device)) {
        if (auto it = w->find("knee"); it != w->end() && it->is_number()) {
            if (auto k = knee(it->get<double>())) {
                return k;
            }
        }
    }
    if (auto k = knee(extra_number(c, "knee"))) {
        return k;
    }
    if (const auto* d = device_of(p, c); d && d->simd_width_estimate) {
        return d->simd_width_estimate;
    }
    return std::nullopt;
}

std::optional<double> wrong_fraction(const case_result& c) {
    if (auto f = extra_number(c, "wrong_fraction")) {
        return f;
    }
    auto runs = extra_number(c, "runs"), wrong = extra_number(c, "wrong_runs");
    if (runs && wrong && *runs > 0) {
        return *wrong / *runs;
    }
    return std::nullopt;
}

std::string pct_of_peak_text(const case_result& c) {
    return format_opt(c.pct_of_peak) + (c.above_peak ? " >peak" : "");
}

std::vector<const case_result*> above_peak_cases(const profile& p) {
    std::vector<const case_result*> out;
    for (const auto& c : p.cases) {
        if (c.above_peak) {
            out.push_back(&c);
        }
    }
    return out;
}

std::string above_peak_note(std::size_t count) {
    if (count == 0) {
        return "";
    }
    return std::to_string(count) +
           " case(s) marked >peak ran above 105% of the device's measured peak read bandwidth: "
           "a cache-resident input (try a larger n) or a peak measured too low. Not a win: "
           "their GB/s do not measure memory.";
}

} // namespace grp::html
