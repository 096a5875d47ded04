#include "grp/report/json/history.hpp"

#include "grp/report/text/history_text.hpp"

#include <cmath>

namespace grp {

namespace {

using ojson = nlohmann::ordered_json;

ojson series_json(const history_series& s, const series_verdict& v) {
    ojson points = ojson::array();
    for (const auto& p : s.points) {
        points.push_back({{"place", p.place},
                          {"time_ns", std::exp(p.value)},
                          {"ln_time", p.value},
                          {"se", p.se},
                          {"processes", p.processes},
                          {"rounds", p.rounds}});
    }
    ojson events = ojson::array();
    for (const auto& e : s.events) {
        events.push_back({{"place", e.place}, {"what", e.what}, {"detail", e.detail}});
    }
    return {{"device",
             {{"key", s.device.text()},
              {"vendor", s.device.vendor},
              {"model", s.device.model},
              {"driver_major", s.device.driver_major},
              {"card", s.device.card}}},
            {"case", s.key.to_string()},
            {"state", to_string(v.state)},
            {"spread", v.spread},
            {"detectable", v.detectable},
            {"points", points},
            {"events", events}};
}

ojson finding_json(const history_result& r, const history_finding& f) {
    const bool status = f.kind == finding_kind::broke || f.kind == finding_kind::fixed;
    return {{"kind", to_string(f.kind)},
            {"series", f.series},
            {"fails", f.fails},
            {"change", status ? ojson(nullptr) : ojson(f.change)},
            {"low", status ? ojson(nullptr) : ojson(f.low)},
            {"high", status ? ojson(nullptr) : ojson(f.high)},
            {"p", status ? ojson(nullptr) : ojson(f.p_value)},
            {"q", status ? ojson(nullptr) : ojson(f.q_value)},
            {"last_good", f.last_good},
            {"first_bad", f.first_bad},
            {"in_window", f.in_window},
            {"evidence", f.evidence},
            {"bisect_command", bisect_command(r, f)},
            {"waived", f.waived.empty() ? ojson(nullptr) : ojson(f.waived)},
            {"cause", f.cause ? ojson{{"class", to_string(f.cause->kind)},
                                      {"text", cause_text(*f.cause)},
                                      {"facts", f.cause->facts}}
                              : ojson(nullptr)}};
}

} // namespace

ojson history_json(const history_result& r, const history_options& opt,
                   const std::vector<skipped_source>& skipped) {
    ojson places = ojson::array();
    for (const auto& p : r.time.places) {
        places.push_back({{"source", p.source},
                          {"commit", p.commit},
                          {"started_at", p.started_at},
                          {"dirty", p.dirty}});
    }
    ojson series = ojson::array();
    for (std::size_t i = 0; i < r.time.series.size(); ++i) {
        series.push_back(series_json(r.time.series[i], r.verdicts[i]));
    }
    ojson findings = ojson::array();
    for (const auto& f : r.findings) {
        findings.push_back(finding_json(r, f));
    }
    ojson skip = ojson::array();
    for (const auto& s : skipped) {
        skip.push_back({{"file", s.name}, {"why", s.why}});
    }
    ojson aside = ojson::array();
    for (const auto& s : r.time.set_aside) {
        aside.push_back({{"file", s.name}, {"why", s.why}});
    }
    return {{"history_version", history_json_version},
            {"options",
             {{"threshold", opt.threshold},
              {"fdr", opt.fdr},
              {"window", opt.window},
              {"min_points", opt.min_points}}},
            {"ordering", r.time.ordering},
            {"notes", r.time.notes},
            {"fails", r.fails()},
            {"census",
             {{"series", r.time.series.size()},
              {"judged", r.judged},
              {"too_short", r.too_short},
              {"too_noisy", r.too_noisy},
              {"no_points", r.no_points}}},
            {"findings", findings},
            {"expired_waivers", r.expired},
            {"places", places},
            {"series", series},
            {"skipped", skip},
            {"set_aside", aside}};
}

} // namespace grp
