// JSON of one case (schema 2): rounds of raw samples, verification and metrics; the key's JSON
// is in case_key.cpp. The flat sample list and the summary are derived from the rounds on
// load, never trusted from the file, so a hand-edited summary cannot change a verdict.
#include "grp/model/profile/case.hpp"

#include "grp/core/error.hpp"
#include "grp/model/profile/json_fields.hpp"
#include "grp/model/profile/profile.hpp"

#include <algorithm>
#include <climits>
#include <cmath>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

using profile_fields::opt_double;
using profile_fields::opt_object;
using profile_fields::require;

std::string text_or_empty(const ojson& j, const char* key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

ojson values_json(const std::vector<double>& values) {
    ojson out = ojson::array();
    for (double v : values) {
        out.push_back(json_result_value(v));
    }
    return out;
}

std::vector<double> values_from(const ojson& j, const char* key) {
    std::vector<double> out;
    for (const auto& v : j.value(key, ojson::array())) {
        out.push_back(parse_result_value(v));
    }
    return out;
}

ojson round_json(const round_record& r) {
    ojson j{{"run", r.run},
            {"started_s", json_number(r.started_s)},
            {"warmup", r.warmup},
            {"flagged", r.flagged},
            {"median_ns", json_number(r.median_ns())},
            {"samples_ns", r.samples_ns},
            {"pass_sum_ns", r.pass_sum_ns},
            {"overhead_ns", r.overhead_ns},
            {"cpu_wait", json_number(r.cpu_wait)},
            {"cpu", r.cpu ? ojson(*r.cpu) : ojson(nullptr)}};
    if (r.position) {
        j["position"] = *r.position;
    }
    j["other_cpu"] = json_number(r.other_cpu);
    j["host_ns"] = r.host_ns ? ojson(*r.host_ns) : ojson(nullptr);
    j["peak_gbps"] = json_number(r.peak_gbps);
    if (r.conditions) {
        j["conditions"] = conditions_json(*r.conditions);
    }
    return j;
}

round_record round_from(const ojson& j) {
    round_record r;
    r.run = j.value("run", run_index{0});
    r.started_s = opt_double(j, "started_s").value_or(0);
    r.warmup = j.value("warmup", std::uint64_t{0});
    r.flagged = j.value("flagged", std::uint64_t{0});
    r.samples_ns = j.value("samples_ns", std::vector<std::uint64_t>{});
    r.pass_sum_ns = j.value("pass_sum_ns", std::vector<std::uint64_t>{});
    r.overhead_ns = j.value("overhead_ns", std::vector<std::uint64_t>{});
    r.cpu_wait = opt_double(j, "cpu_wait");
    if (auto it = j.find("cpu"); it != j.end() && it->is_number_integer()) {
        r.cpu = it->get<int>();
    }
    if (auto it = j.find("position"); it != j.end() && it->is_number_unsigned()) {
        r.position = it->get<std::uint32_t>();
    }
    r.other_cpu = opt_double(j, "other_cpu");
    if (auto it = j.find("host_ns"); it != j.end() && it->is_number_unsigned()) {
        r.host_ns = it->get<std::uint64_t>();
    }
    if (auto it = j.find("conditions"); it != j.end() && it->is_object()) {
        r.conditions = conditions_from(*it);
    }
    r.peak_gbps = opt_double(j, "peak_gbps");
    return r;
}

ojson verification_json(const verification_record& v) {
    return ojson{
        {"data", v.data},
        {"timing_check", v.timing_check.empty() ? ojson(nullptr) : ojson(v.timing_check)},
        {"exact_ok", v.exact_ok ? ojson(*v.exact_ok) : ojson(nullptr)},
        {"exact_data", v.exact_data},
        {"exact_launches", v.exact_launches},
        {"exact_failure", v.exact_failure.empty() ? ojson(nullptr) : ojson(v.exact_failure)},
        {"launches_checked", v.launches_checked},
        {"wrong_launches", v.wrong_launches},
        {"example_wrong", v.example_wrong ? json_result_value(*v.example_wrong) : ojson(nullptr)},
        {"input_checks", v.input_checks},
        {"input_modified", v.input_modified},
        {"in_place", v.in_place},
        {"precision", v.precision ? ojson(*v.precision) : ojson(nullptr)},
        {"held_out", v.held_out ? ojson(*v.held_out) : ojson(nullptr)}};
}

verification_record verification_from(const ojson& j) {
    verification_record v;
    v.data = j.value("data", "");
    v.timing_check = text_or_empty(j, "timing_check");
    if (auto e = j.find("exact_ok"); e != j.end() && e->is_boolean()) {
        v.exact_ok = e->get<bool>();
    }
    v.exact_data = j.value("exact_data", "");
    v.exact_launches = j.value("exact_launches", std::uint64_t{0});
    v.exact_failure = text_or_empty(j, "exact_failure");
    v.launches_checked = j.value("launches_checked", std::uint64_t{0});
    v.wrong_launches = j.value("wrong_launches", std::uint64_t{0});
    if (auto e = j.find("example_wrong"); e != j.end() && !e->is_null()) {
        v.example_wrong = parse_result_value(*e);
    }
    v.input_checks = j.value("input_checks", std::uint64_t{0});
    v.input_modified = j.value("input_modified", false);
    v.in_place = j.value("in_place", false);
    v.precision = opt_object<precision_record>(j, "precision");
    v.held_out = opt_object<held_out_record>(j, "held_out");
    return v;
}

ojson passes_json(const std::vector<pass_info>& passes) {
    ojson out = ojson::array();
    for (const auto& p : passes) {
        out.push_back({{"n", p.n},
                       {"global_size", p.global_size},
                       {"local_size", p.local_size},
                       {"groups", p.groups}});
    }
    return out;
}

} // namespace

std::optional<double> round_record::median_ns() const {
    if (samples_ns.empty()) {
        return std::nullopt;
    }
    std::vector<double> v(samples_ns.begin(), samples_ns.end());
    std::sort(v.begin(), v.end());
    return percentile_sorted(v, 0.5);
}

bool round_record::disturbed(double max_wait) const {
    return max_wait > 0 && cpu_wait && *cpu_wait > max_wait &&
           (!other_cpu || *other_cpu > min_other_cpu);
}

void case_result::derive_from_rounds() {
    samples_ns.clear();
    flagged_samples = 0;
    for (const auto& r : rounds) {
        samples_ns.insert(samples_ns.end(), r.samples_ns.begin(), r.samples_ns.end());
        flagged_samples += r.flagged;
        warmup = r.warmup;
    }
    summary.reset();
    if (!samples_ns.empty()) {
        summary = summarize(samples_ns);
    }
}

void to_json(ojson& j, const sample_summary& s) {
    j = ojson{{"count", s.count},
              {"min_ns", json_number(s.min_ns)},
              {"max_ns", json_number(s.max_ns)},
              {"median_ns", json_number(s.median_ns)},
              {"mean_ns", json_number(s.mean_ns)},
              {"stddev_ns", json_number(s.stddev_ns)},
              {"p5_ns", json_number(s.p5_ns)},
              {"p95_ns", json_number(s.p95_ns)},
              {"cv", json_number(s.cv)},
              {"rse_median", json_number(s.rse_median)}};
}

void from_json(const ojson& j, sample_summary& s) {
    s.count = j.value("count", std::uint64_t{0});
    s.min_ns = opt_double(j, "min_ns").value_or(0);
    s.max_ns = opt_double(j, "max_ns").value_or(0);
    s.median_ns = opt_double(j, "median_ns").value_or(0);
    s.mean_ns = opt_double(j, "mean_ns").value_or(0);
    s.stddev_ns = opt_double(j, "stddev_ns").value_or(0);
    s.p5_ns = opt_double(j, "p5_ns").value_or(0);
    s.p95_ns = opt_double(j, "p95_ns").value_or(0);
    s.cv = opt_double(j, "cv").value_or(0);
    s.rse_median = opt_double(j, "rse_median").value_or(0);
}

void to_json(ojson& j, const case_result& c) {
    ojson rounds = ojson::array();
    for (const auto& r : c.rounds) {
        rounds.push_back(round_json(r));
    }
    j = ojson{
        {"key", c.key},
        {"device", c.device},
        {"scenario", c.scenario.empty() ? ojson(nullptr) : ojson(c.scenario)},
        {"status", to_string(c.status)},
        {"reason", c.reason.empty() ? ojson(nullptr) : ojson(c.reason)},
        {"build_options", c.build_options},
        {"finish", c.finish},
        {"passes", passes_json(c.passes)},
        {"timing", c.timing},
        {"rounds_planned", c.rounds_planned},
        {"rounds", rounds},
        {"flags", c.flags},
        {"noise_target_met", c.noise_target_met},
        {"summary", c.summary ? ojson(*c.summary) : ojson(nullptr)},
        {"bytes", c.bytes},
        {"bytes_counted", c.bytes_counted},
        {"gbps", json_number(c.gbps)},
        {"elements_per_s", json_number(c.elements_per_s)},
        {"pct_of_peak", json_number(c.pct_of_peak)},
        {"above_peak", c.above_peak},
        {"x_floor", json_number(c.x_floor)},
        {"result", values_json(c.result)},
        {"reference", values_json(c.reference)},
        {"abs_error", json_number(c.abs_error)},
        {"rel_error", json_number(c.rel_error)},
        {"tolerance", json_number(c.tolerance)},
        {"verification", verification_json(c.verification)},
        {"notes", c.notes},
        {"extra", c.extra},
    };
    if (c.check) {
        j["check"] = *c.check;
    }
    if (c.energy) {
        j["energy"] = energy_json(*c.energy);
    }
}

void from_json(const ojson& j, case_result& c) {
    c.key = require<case_key>(j, "key", "case");
    // Read as 64 bits: 2^32 must not wrap onto device 0, nor 2^32 - 1 read as -1.
    const auto device = j.value("device", std::uint64_t{0});
    if (device > static_cast<std::uint64_t>(INT_MAX)) {
        throw file_error("case " + c.key.to_string() + ": \"device\": " + std::to_string(device) +
                         " names no device");
    }
    c.device = static_cast<int>(device);
    c.scenario = text_or_empty(j, "scenario");
    c.status = parse_case_status(require<std::string>(j, "status", "case"));
    c.reason = text_or_empty(j, "reason");
    c.build_options = j.value("build_options", "");
    c.finish = j.value("finish", "passes");
    c.passes.clear();
    for (const auto& p : j.value("passes", ojson::array())) {
        c.passes.push_back(
            {p.value("n", std::uint64_t{0}), p.value("global_size", std::uint64_t{0}),
             p.value("local_size", std::uint64_t{0}), p.value("groups", std::uint64_t{0})});
    }
    c.timing = j.value("timing", "span");
    c.rounds.clear();
    for (const auto& r : j.value("rounds", ojson::array())) {
        c.rounds.push_back(round_from(r));
    }
    c.rounds_planned = j.value("rounds_planned", std::uint64_t{c.rounds.size()});
    c.flags = j.value("flags", std::vector<std::string>{});
    c.noise_target_met = j.value("noise_target_met", true);
    c.derive_from_rounds();
    c.bytes = j.value("bytes", std::uint64_t{0});
    c.bytes_counted = j.value("bytes_counted", "");
    c.gbps = opt_double(j, "gbps");
    c.elements_per_s = opt_double(j, "elements_per_s");
    c.pct_of_peak = opt_double(j, "pct_of_peak");
    c.above_peak = j.value("above_peak", false);
    c.x_floor = opt_double(j, "x_floor");
    c.result = values_from(j, "result");
    c.reference = values_from(j, "reference");
    c.abs_error = opt_double(j, "abs_error");
    c.rel_error = opt_double(j, "rel_error");
    c.tolerance = opt_double(j, "tolerance");
    c.verification = verification_from(j.value("verification", ojson::object()));
    c.notes = j.value("notes", std::vector<std::string>{});
    c.extra = j.value("extra", ojson::object());
    if (const auto it = j.find("check"); it != j.end() && !it->is_null()) {
        c.check = it->get<check_record>();
    }
    if (const auto it = j.find("energy"); it != j.end() && it->is_object()) {
        c.energy = energy_from(*it);
    }
}

} // namespace grp
