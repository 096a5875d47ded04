// The throughput series of a group of cases, shared by the throughput charts of one profile
// and the overlay of several.
#include "grp/report/html/charts/throughput_series.hpp"

#include "grp/core/units.hpp"
#include "grp/report/svg/axis.hpp"

#include <algorithm>
#include <cmath>

namespace grp::html {

bool flagged(const case_result& c) {
    return c.status == case_status::wrong || c.status == case_status::race_observed;
}

std::string series_name(const case_result& c) {
    return c.key.layout == "flat" || c.key.layout.empty()
               ? c.key.kernel
               : c.key.kernel + " (" + c.key.layout + ")";
}

std::string config_name(const case_result& c) {
    auto name = series_name(c);
    if (c.key.op != "sum" && !c.key.op.empty()) {
        name += " op=" + c.key.op;
    }
    const auto params = params_text(c.key, " ");
    return params.empty() ? name : name + " " + params;
}

std::string point_tip(const case_result& c, double value, const std::string& unit,
                      const std::optional<band>& b) {
    std::string t = config_name(c) + ", local " + std::to_string(c.key.local_size) + ": " +
                    svg::format_value(value) + " " + unit;
    if (b) {
        t += " (p5\xE2\x80\x93p95 " + svg::format_value(b->low) + "\xE2\x80\x93" +
             svg::format_value(b->high) + ")";
    }
    if (c.summary) {
        t += ", median " + format_ns(c.summary->median_ns);
    }
    if (c.pct_of_peak) {
        t += ", " + format_fixed(*c.pct_of_peak, 1) + "% of peak";
    }
    if (c.above_peak) {
        t += " (ABOVE PEAK: cache-resident input or a low peak)";
    }
    if (flagged(c)) {
        t += ", RESULT " + to_string(c.status);
    }
    return t;
}

std::vector<svg::series> build_series(const case_group& g, bool use_elements,
                                      const rate_unit& unit) {
    std::vector<svg::series> out;
    for (const auto* c : g.cases) {
        std::optional<double> v = use_elements && c->elements_per_s
                                      ? std::optional<double>(*c->elements_per_s / unit.factor)
                                      : (use_elements ? std::nullopt : c->gbps);
        if (!v || !std::isfinite(*v) || c->key.local_size == 0) {
            continue;
        }
        const std::string name = config_name(*c);
        auto it =
            std::find_if(out.begin(), out.end(), [&](const auto& s) { return s.name == name; });
        if (it == out.end()) {
            out.push_back({name, {}});
            it = std::prev(out.end());
        }
        svg::point p;
        p.x = static_cast<double>(c->key.local_size);
        p.y = *v;
        auto b = throughput_band(*c, v);
        if (b) {
            p.y_lo = b->low;
            p.y_hi = b->high;
        }
        p.flagged = flagged(*c);
        p.tip = point_tip(*c, *v, use_elements ? unit.prefix + " elements/s" : "GB/s", b);
        it->points.push_back(p);
    }
    for (auto& s : out) {
        std::stable_sort(s.points.begin(), s.points.end(),
                         [](const auto& a, const auto& b) { return a.x < b.x; });
    }
    return out;
}

} // namespace grp::html
