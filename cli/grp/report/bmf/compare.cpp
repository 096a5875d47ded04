#include "grp/report/bmf/compare.hpp"

#include "grp/core/files/json_file.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <algorithm>
#include <cmath>

namespace grp {

namespace {

using bmf_json = nlohmann::ordered_json;

// Bencher identifies a benchmark by a name of at most 1024 characters.
constexpr std::size_t bmf_max_name_bytes = 1024;

bool bmf_finite(const std::optional<double>& v) {
    return v && std::isfinite(*v);
}

// {"value": V, "lower_value": L, "upper_value": U}, the bounds only when both are finite.
bmf_json bmf_metric(double value, std::optional<double> low, std::optional<double> high) {
    bmf_json m{{"value", value}};
    if (bmf_finite(low) && bmf_finite(high)) {
        m["lower_value"] = *low;
        m["upper_value"] = *high;
    }
    return m;
}

// The case's measures: latency (ns) and ratio; empty without a candidate time.
bmf_json bmf_measures(const case_comparison& cc) {
    bmf_json measures = bmf_json::object();
    if (!cc.cand || !bmf_finite(cc.cand->median_ns)) {
        return measures;
    }
    const double t = *cc.cand->median_ns;
    const bool interval =
        bmf_finite(cc.ratio) && *cc.ratio > 0 && bmf_finite(cc.ci_low) && bmf_finite(cc.ci_high);
    measures["latency"] =
        interval ? bmf_metric(t, t * *cc.ci_low / *cc.ratio, t * *cc.ci_high / *cc.ratio)
                 : bmf_metric(t, std::nullopt, std::nullopt);
    if (bmf_finite(cc.ratio)) {
        measures["ratio"] = bmf_metric(*cc.ratio, cc.ci_low, cc.ci_high);
    }
    return measures;
}

} // namespace

nlohmann::ordered_json comparisons_bmf(const std::vector<comparison>& all) {
    const auto candidates =
        std::count_if(all.begin(), all.end(), [](const comparison& c) { return !c.control; });
    bmf_json doc = bmf_json::object();
    for (const auto& c : all) {
        if (c.control) {
            continue; // an A/A control is the experiment's check, not a result to track
        }
        for (const auto& cc : c.cases) {
            auto measures = bmf_measures(cc);
            if (measures.empty()) {
                continue;
            }
            const auto base = utf8_prefix(
                valid_utf8((candidates > 1 ? c.cand_label + ": " : "") + row_label(c, cc)),
                bmf_max_name_bytes - 8); // room for " #N"
            // One profile given twice, or names cut to the same prefix: never one overwritten.
            auto name = base;
            for (int k = 2; doc.contains(name); ++k) {
                name = base + " #" + std::to_string(k);
            }
            doc[name] = std::move(measures);
        }
    }
    return doc;
}

bmf_compare_printer::bmf_compare_printer(output_file file) : m_file(std::move(file)) {}

void bmf_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    m_file.write(json_output_text(comparisons_bmf(all), 2) + "\n");
}

bool bmf_compare_printer::do_prints_work() const {
    return false;
}

void bmf_compare_printer::do_print_work(const work_comparison& /*w*/) {}

} // namespace grp
