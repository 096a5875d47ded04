// The precision scenario: each summation method's value and relative error, per data set.
#include "grp/report/html/scenarios/scenario_precision.hpp"

#include "grp/core/units.hpp"
#include "grp/report/html/elements.hpp"
#include "grp/report/html/scenarios/scenario_parts.hpp"
#include "grp/report/html/scenarios/scenarios.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace grp::html::detail {

namespace {

std::string method_name(const std::string& key) {
    if (key == "device_tree") {
        return "device, tree reduction";
    }
    if (key == "host_sequential_float") {
        return "host, sequential float loop";
    }
    if (key == "host_pairwise_float") {
        return "host, pairwise float";
    }
    if (key == "host_staged_float") {
        return "host, staged float (32 lanes, 32 SIMD groups, then the groups)";
    }
    if (key == "exact") {
        return "exact";
    }
    return key;
}

std::string full_digits(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

std::optional<double> number_in(const nlohmann::ordered_json& obj, const std::string& key) {
    if (!obj.is_object() || !obj.contains(key) || !obj[key].is_number()) {
        return std::nullopt;
    }
    return obj[key].get<double>();
}

/// The rows of one case: one per method in its `values` object.
void add_rows(const case_result& c, std::vector<row>& rows) {
    const auto& values = c.extra["values"];
    const auto rel = c.extra.contains("rel_errors") && c.extra["rel_errors"].is_object()
                         ? c.extra["rel_errors"]
                         : nlohmann::ordered_json::object();
    const std::string dataset = c.extra.contains("dataset") && c.extra["dataset"].is_string()
                                    ? c.extra["dataset"].get<std::string>()
                                    : c.key.kernel;
    // The worst method is highlighted: the point of the scenario is which order loses most.
    double worst = 0;
    for (const auto& [k, v] : rel.items()) {
        if (v.is_number()) {
            worst = std::max(worst, std::fabs(v.get<double>()));
        }
    }
    for (const auto& [method, v] : values.items()) {
        auto value = number_in(values, method);
        auto err = number_in(rel, method);
        char buf[64] = "";
        if (err) {
            std::snprintf(buf, sizeof buf, "%.3g", *err);
        }
        const bool is_worst = err && worst > 0 && std::fabs(*err) == worst;
        rows.push_back({{{dataset},
                         {format_count(c.key.n), static_cast<double>(c.key.n)},
                         {c.key.type},
                         {method_name(method)},
                         {value ? full_digits(*value) : json_text(v), value},
                         {err ? std::string(buf) : (method == "exact" ? "\xE2\x80\x94" : "n/a"),
                          err ? std::optional<double>(std::fabs(*err)) : std::nullopt,
                          is_worst ? "worst" : ""}},
                        ""});
    }
}

} // namespace

std::string scenario_precision(const report_input& in, const case_list& cases) {
    case_list other;
    std::vector<row> rows;
    for (const auto* c : cases) {
        if (c->extra.is_object() && c->extra.contains("values") && c->extra["values"].is_object()) {
            add_rows(*c, rows);
        } else {
            other.push_back(c);
        }
    }
    std::string s;
    if (!rows.empty()) {
        s += render_table({{"data set"},
                           {"n", true},
                           {"type"},
                           {"method"},
                           {"sum", true},
                           {"relative error", true, "|value - exact| / |exact|"}},
                          rows, "compact precision");
    }
    return s + scenario_generic(in, other);
}

} // namespace grp::html::detail
