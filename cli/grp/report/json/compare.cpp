#include "grp/report/json/compare.hpp"

#include "grp/core/files/json_file.hpp"
#include "grp/core/version.hpp"
#include "grp/report/text/work_text.hpp"
#include "grp/report/views/compare_cells.hpp"

#include <cmath>
#include <sstream>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

ojson num(const std::optional<double>& v) {
    return v && std::isfinite(*v) ? ojson(*v) : ojson(nullptr);
}

/// The prior of --moderate; null when none was fitted. fitted_df null: infinite (the cases'
/// variances scatter no more than their sampling explains).
ojson moderation_json(const run_mean_prior& p) {
    if (!(p.fitted_df > 0)) {
        return nullptr;
    }
    return ojson{{"prior_df", p.df},
                 {"prior_variance", p.var},
                 {"fitted_df", num(p.fitted_df)},
                 {"effective_cases", p.effective_cases},
                 {"df_cap", p.cap},
                 {"cases", p.cases}};
}

ojson side_json(const std::optional<case_side>& s) {
    if (!s) {
        return nullptr;
    }
    return ojson{{"status", to_string(s->status)},
                 {"reason", s->reason.empty() ? ojson(nullptr) : ojson(s->reason)},
                 {"device", s->device},
                 {"host", s->host},
                 {"kernel_sha256", s->sha256},
                 {"runs", s->runs},
                 {"rounds", s->rounds},
                 {"samples", s->samples},
                 {"median_ns", num(s->median_ns)},
                 {"center", num(s->center)},
                 {"pct_of_peak", num(s->pct_of_peak)}};
}

/// A slower case's cause: its class, the words of the console, the detail and the facts.
ojson cause_json(const std::optional<slow_cause>& c) {
    if (!c) {
        return nullptr;
    }
    return ojson{{"class", to_string(c->kind)},
                 {"text", cause_text(*c)},
                 {"detail", c->detail},
                 {"facts", c->facts},
                 {"same_rounds", c->same_rounds},
                 {"counted_n", c->counted_n == 0 ? ojson(nullptr) : ojson(c->counted_n)}};
}

/// The check profiles the causes came from; null when none was given or found.
ojson work_sources_json(const std::optional<cause_sources>& w) {
    if (!w) {
        return nullptr;
    }
    const auto file = [](const std::string& f) {
        return f.empty() ? ojson(nullptr) : ojson(f);
    };
    return ojson{{"base", file(w->base)},
                 {"candidate", file(w->cand)},
                 {"found", w->found_beside ? "beside" : "--work"}};
}

ojson case_json(const case_comparison& cc) {
    return ojson{{"case", cc.key.to_string()},
                 {"key", cc.key},
                 {"verdict", to_string(cc.outcome)},
                 {"fails", cc.fails},
                 {"cross_device", cc.cross_device},
                 {"one_run_each", cc.one_run_each},
                 {"cross_machine", cc.cross_machine},
                 {"conditions_differ", cc.conditions_differ},
                 {"source_changed", cc.source_changed},
                 {"ratio", num(cc.ratio)},
                 {"change", num(cc.change())},
                 {"ci_low", num(cc.ci_low)},
                 {"ci_high", num(cc.ci_high)},
                 {"p_value", num(cc.p_value)},
                 {"df", num(cc.df)},
                 {"between_run_var", num(cc.between_run_var)},
                 {"between_run_estimated", cc.between_run_estimated},
                 {"on_instances", cc.on_instances},
                 {"bias_allowed", num(cc.bias_allowed)},
                 {"note", cc.note},
                 {"cause", cause_json(cc.cause)},
                 {"base", side_json(cc.base)},
                 {"candidate", side_json(cc.cand)}};
}

ojson best_json(const device_best& b) {
    return ojson{{"device", b.device},
                 {"case", b.key.to_string()},
                 {"key", b.key},
                 {"gbps", b.gbps},
                 {"pct_of_peak", num(b.pct_of_peak)},
                 {"median_ns", b.median_ns},
                 {"configurations", b.configurations}};
}

/// The cross-device table (cross_device.hpp): each kernel's best on each side; never gated.
ojson cross_device_json(const comparison& c) {
    ojson rows = ojson::array();
    for (const auto& r : c.cross_devices) {
        rows.push_back({{"kernel", r.kernel},
                        {"type", r.type},
                        {"layout", r.layout},
                        {"op", r.op},
                        {"base", best_json(r.base)},
                        {"candidate", best_json(r.cand)},
                        {"gbps_ratio", num(r.gbps_ratio())}});
    }
    return rows;
}

/// The options the verdicts were decided under (compare_options).
ojson options_json(const compare_options& o) {
    return ojson{{"threshold", o.threshold},
                 {"confidence", 1 - o.alpha},
                 {"correction", o.correction == multiple_correction::holm ? "holm" : "none"},
                 {"moderate", o.moderate == moderation_mode::on    ? "on"
                              : o.moderate == moderation_mode::off ? "off"
                                                                   : "auto"},
                 {"min_rounds", o.min_rounds},
                 {"round_center", to_string(o.center)},
                 {"normalize", o.normalize == normalization::none    ? "none"
                               : o.normalize == normalization::peak  ? "peak"
                               : o.normalize == normalization::floor ? "floor"
                                                                     : o.reference},
                 {"fail_on", to_string(o.fail_on)},
                 {"cross_machine_fails", o.cross_machine_fails},
                 {"any_conditions", o.any_conditions},
                 {"one_run_gates", o.one_run_gates}};
}

/// The count of each verdict, every verdict named (0 too).
ojson verdicts_json(const comparison& c) {
    ojson verdicts = ojson::object();
    for (auto v : all_verdicts) {
        verdicts[to_string(v)] = c.count(v);
    }
    return verdicts;
}

ojson context_json(const comparison& c) {
    ojson context = ojson::array();
    for (const auto& d : c.context) {
        context.push_back({{"what", d.what}, {"base", d.base}, {"candidate", d.cand}});
    }
    return context;
}

ojson comparison_json(const comparison& c) {
    ojson cases = ojson::array();
    for (const auto& cc : c.cases) {
        cases.push_back(case_json(cc));
    }
    return ojson{
        {"candidate", c.cand_label},
        {"role", c.control ? "control" : "candidate"},
        {"failed", c.failed()},
        {"failures", c.failures()},
        {"undecided", c.undecided()},
        {"timing_cases", c.timing_cases()},
        {"timing_judged", c.timing_judged()},
        {"timing_not_gated", c.timing_not_gated()},
        {"one_run_not_gated", c.one_run_not_gated()},
        {"conditions_not_gated", c.conditions_not_gated()},
        {"common_cases", c.common},
        {"reference_cases", c.reference_cases},
        {"unit", c.paired ? "paired rounds" : "rounds and runs"},
        {"base_runs", c.base_runs},
        {"candidate_runs", c.cand_runs},
        {"verdicts", verdicts_json(c)},
        {"options", options_json(c.options)},
        {"moderation", moderation_json(c.moderation)},
        {"context", context_json(c)},
        {"warnings", c.warnings},
        {"cases", cases},
        {"cross_device", cross_device_json(c)},
        {"conditions", c.conditions},
        {"work", work_sources_json(c.work)},
    };
}

} // namespace

nlohmann::ordered_json comparisons_to_json(const std::vector<comparison>& all) {
    ojson list = ojson::array();
    std::size_t failures = 0;
    for (const auto& c : all) {
        list.push_back(comparison_json(c));
        failures += c.failures();
    }
    return ojson{{"tool", std::string(tool_name) + " " + tool_version},
                 {"base", all.empty() ? "" : all.front().base_label},
                 {"failed", failures > 0},
                 {"failures", failures},
                 {"comparisons", list}};
}

nlohmann::ordered_json work_to_json(const work_comparison& w) {
    auto cases = nlohmann::ordered_json::array();
    for (const auto& c : w.cases) {
        auto metrics = nlohmann::ordered_json::array();
        for (const auto& m : c.metrics) {
            metrics.push_back({{"name", m.name},
                               {"base", m.base},
                               {"candidate", m.candidate},
                               {"change", m.change()}});
        }
        auto access = nlohmann::ordered_json::array();
        for (const auto& a : c.access) {
            access.push_back({{"name", a.name},
                              {"base", a.base},
                              {"candidate", a.candidate},
                              {"judged", a.direction > 0   ? "worse"
                                         : a.direction < 0 ? "better"
                                                           : "within"}});
        }
        cases.push_back({{"key", c.key},
                         {"verdict", to_string(c.verdict)},
                         {"metrics", metrics},
                         {"access", access},
                         {"note", c.note}});
    }
    return {{"gate", "work"},
            {"base", w.base_label},
            {"candidate", w.candidate_label},
            {"threshold", w.threshold},
            {"fails", w.fails()},
            {"headline", work_headline(w)},
            {"cases", cases}};
}

json_compare_printer::json_compare_printer(std::ostream& os) : m_os(os) {}

void json_compare_printer::do_print_comparisons(const std::vector<comparison>& all) {
    m_document = comparisons_to_json(all);
}

void json_compare_printer::do_print_work(const work_comparison& w) {
    if (!m_document) {
        m_document = ojson{{"comparisons", ojson::array()}};
    }
    (*m_document)["comparisons"].push_back(work_to_json(w));
}

void json_compare_printer::do_finish() {
    if (m_document) {
        m_os << json_output_text(*m_document, 2) << '\n';
    }
}

} // namespace grp
