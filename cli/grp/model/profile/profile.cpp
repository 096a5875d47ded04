// JSON of the profile's top level (schema 2): tool, host identity, runs, devices with their
// peak and phase times, kernels, cases and scenario summaries. Also the number helpers every
// writer uses, so that no NaN or infinity ever reaches a file.
#include "grp/model/profile/profile.hpp"

#include "grp/core/error.hpp"
#include "grp/model/fleet/card_levels.hpp"
#include "grp/model/profile/best.hpp"
#include "grp/model/profile/json_fields.hpp"

#include <cmath>
#include <limits>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

using profile_fields::opt_double;
using profile_fields::require;

ojson phases_json(const phase_times& t) {
    ojson out = ojson::object();
    for (const auto& [name, s] : t.seconds) {
        out[name] = json_number(s);
    }
    return out;
}

phase_times phases_from(const ojson& j) {
    phase_times t;
    for (const auto& [name, v] : j.items()) {
        if (v.is_number()) {
            t.seconds[name] = v.get<double>();
        }
    }
    return t;
}

ojson device_json(const profile_device& d) {
    ojson dj = d.info;
    dj["peak"] = peak_json(d.peak);
    dj["roofs"] = roofs_json(d.roofs);
    dj["launch_floor_ns"] = json_number(d.launch_floor_ns);
    dj["launch_floor_launches"] =
        d.launch_floor_launches ? ojson(*d.launch_floor_launches) : ojson(nullptr);
    dj["simd_width_estimate"] =
        d.simd_width_estimate ? ojson(*d.simd_width_estimate) : ojson(nullptr);
    dj["phases_s"] = phases_json(d.phases);
    dj["cache_flush_bytes"] = d.cache_flush_bytes ? ojson(*d.cache_flush_bytes) : ojson(nullptr);
    if (d.sensors) {
        dj["sensors"] = sensors_json(*d.sensors);
    }
    if (d.control) {
        dj["control"] = control_json(*d.control);
    }
    if (d.conditions) {
        dj["conditions"] = conditions_json(*d.conditions);
    }
    dj["timer"] = to_json(d.timer);
    dj["loop_limit"] = d.loop_limit ? ojson(*d.loop_limit) : ojson(nullptr);
    dj["failure"] = d.failure.empty() ? ojson(nullptr) : ojson(d.failure);
    return dj;
}

profile_device device_from(const ojson& dj) {
    profile_device d;
    d.info = dj.get<device_info>();
    d.peak = peak_from(dj.value("peak", ojson()));
    d.roofs = roofs_from(dj.value("roofs", ojson::array()));
    if (auto f = dj.find("launch_floor_ns"); f != dj.end() && f->is_number() && *f > 0) {
        d.launch_floor_ns = f->get<double>();
    }
    if (auto f = dj.find("launch_floor_launches"); f != dj.end() && f->is_number_unsigned()) {
        d.launch_floor_launches = f->get<std::uint64_t>();
    }
    if (auto s = dj.find("simd_width_estimate"); s != dj.end() && s->is_number()) {
        d.simd_width_estimate = s->get<std::uint64_t>();
    }
    d.phases = phases_from(dj.value("phases_s", ojson::object()));
    if (auto f = dj.find("cache_flush_bytes"); f != dj.end() && f->is_number_unsigned()) {
        d.cache_flush_bytes = f->get<std::uint64_t>();
    }
    if (auto t = dj.find("timer"); t != dj.end()) {
        d.timer = timer_from_json(*t);
    }
    if (auto l = dj.find("loop_limit"); l != dj.end() && l->is_number_unsigned()) {
        d.loop_limit = l->get<std::uint64_t>();
    }
    if (auto f = dj.find("failure"); f != dj.end() && f->is_string()) {
        d.failure = f->get<std::string>();
    }
    if (auto s = dj.find("sensors"); s != dj.end() && s->is_object()) {
        d.sensors = sensors_from(*s);
    }
    if (auto c = dj.find("control"); c != dj.end() && c->is_object()) {
        d.control = control_from(*c);
    }
    if (auto c = dj.find("conditions"); c != dj.end() && c->is_object()) {
        d.conditions = device_conditions_from(*c);
    }
    return d;
}

ojson revision_json(const std::optional<git_revision>& r) {
    if (!r) {
        return nullptr;
    }
    return ojson{{"commit", r->commit}, {"committed_at", r->committed_at}, {"dirty", r->dirty}};
}

std::optional<git_revision> revision_from(const ojson& run) {
    const auto f = run.find("revision");
    if (f == run.end() || !f->is_object()) {
        return std::nullopt;
    }
    return git_revision{f->value("commit", ""), f->value("committed_at", ""),
                        f->value("dirty", false)};
}

ojson run_json(const run_record& r) {
    return ojson{
        {"id", r.id},
        {"source", r.source},
        {"git_sha", r.git_sha},
        {"tool_version", r.tool_version},
        {"host", r.host},
        {"phases_s", phases_json(r.phases)},
        {"wall_s", r.wall_s ? json_number(*r.wall_s) : ojson(nullptr)},
        {"other_cpu_cores", r.other_cpu_cores ? json_number(*r.other_cpu_cores) : ojson(nullptr)},
        {"revision", revision_json(r.revision)},
        {"shard", shard_json(r.shard)}}; // 2.15: null but in a shard's run
}

run_record run_from(const ojson& j) {
    run_record r;
    r.id = j.value("id", "");
    r.source = j.value("source", "");
    r.git_sha = j.value("git_sha", "");
    r.tool_version = j.value("tool_version", "");
    r.host = j.value("host", ojson::object()).get<host_info>();
    r.phases = phases_from(j.value("phases_s", ojson::object()));
    r.wall_s = opt_double(j, "wall_s");
    r.other_cpu_cores = opt_double(j, "other_cpu_cores");
    r.revision = revision_from(j);
    r.shard = shard_from(j);
    return r;
}

ojson host_baseline_json(const host_baseline& b) {
    ojson methods = ojson::array();
    for (const auto& m : b.methods) {
        methods.push_back({{"method", m.method},
                           {"threads", m.threads},
                           {"samples_ns", m.samples_ns},
                           {"median_ns", json_number(m.median_ns)},
                           {"result", json_result_value(m.result)}});
    }
    return ojson{{"type", b.type},   {"layout", b.layout}, {"n", b.n},          {"data", b.data},
                 {"bytes", b.bytes}, {"warmup", b.warmup}, {"methods", methods}};
}

host_baseline host_baseline_from(const ojson& j) {
    host_baseline b;
    b.type = j.value("type", "");
    b.layout = j.value("layout", "flat");
    b.n = j.value("n", std::uint64_t{0});
    b.data = j.value("data", "");
    b.bytes = j.value("bytes", std::uint64_t{0});
    b.warmup = j.value("warmup", std::uint64_t{0});
    for (const auto& mj : j.value("methods", ojson::array())) {
        host_sum_method m;
        m.method = mj.value("method", "");
        m.threads = mj.value("threads", std::uint32_t{1});
        m.samples_ns = mj.value("samples_ns", std::vector<std::uint64_t>{});
        m.median_ns = opt_double(mj, "median_ns");
        m.result = mj.contains("result") ? parse_result_value(mj["result"]) : std::nan("");
        b.methods.push_back(std::move(m));
    }
    return b;
}

} // namespace

std::string written_schema_version(const std::string& read_version) {
    const std::string major = std::to_string(profile_schema_major) + ".";
    return read_version.rfind(major, 0) == 0 ? read_version : profile_schema_version;
}

ojson json_number(double v) {
    return std::isfinite(v) ? ojson(v) : ojson(nullptr);
}

ojson json_number(const std::optional<double>& v) {
    return v ? json_number(*v) : ojson(nullptr);
}

ojson json_result_value(double v) {
    if (std::isnan(v)) {
        return "nan";
    }
    if (std::isinf(v)) {
        return v > 0 ? "inf" : "-inf";
    }
    return v;
}

double parse_result_value(const ojson& j) {
    if (j.is_number()) {
        return j.get<double>();
    }
    if (j.is_string()) {
        const auto s = j.get<std::string>();
        if (s == "inf") {
            return std::numeric_limits<double>::infinity();
        }
        if (s == "-inf") {
            return -std::numeric_limits<double>::infinity();
        }
    }
    return std::nan(""); // "nan", and null as 1.x wrote non-finite values
}

void to_json(ojson& j, const profile& p) {
    ojson devices = ojson::array();
    for (const auto& d : p.devices) {
        devices.push_back(device_json(d));
    }
    ojson kernels = ojson::array();
    for (const auto& k : p.kernels) {
        kernels.push_back({{"name", k.name},
                           {"entry", k.entry},
                           {"path", k.path},
                           {"sha256", k.sha256},
                           {"spec", k.spec}});
    }
    ojson runs = ojson::array();
    for (const auto& r : p.runs) {
        runs.push_back(run_json(r));
    }
    ojson baselines = ojson::array();
    for (const auto& b : p.host_baselines) {
        baselines.push_back(host_baseline_json(b));
    }
    j = ojson{
        // The text is always written in this tool's shape: a 1.x profile upgraded on load is
        // written as schema 2 (found by fuzzing: it said 1.0.0 and failed the 1.x schema).
        {"schema_version", written_schema_version(p.schema_version)},
        {"complete", p.complete},
        {"incomplete_reason",
         p.incomplete_reason.empty() ? ojson(nullptr) : ojson(p.incomplete_reason)},
        {"tool",
         {{"name", p.tool.name},
          {"version", p.tool.version},
          {"git_sha", p.tool.git_sha},
          {"argv", p.tool.argv}}},
        {"host", p.host},
        {"runs", runs},
        {"settings", p.settings},
        {"devices", devices},
        {"kernels", kernels},
        {"cases", p.cases},
        {"scenarios", p.scenarios},
        {"host_baselines", baselines},
        {"best", best_json(p)},
        {"fleet", fleet_json(p)}, // 2.15: shards' card levels, derived; null unless sharded
    };
}

void from_json(const ojson& j, profile& p) {
    p.schema_version = require<std::string>(j, "schema_version", "profile");
    p.complete = j.value("complete", true);
    auto reason = j.find("incomplete_reason");
    p.incomplete_reason =
        reason != j.end() && reason->is_string() ? reason->get<std::string>() : "";
    auto tool = j.value("tool", ojson::object());
    p.tool.name = tool.value("name", "");
    p.tool.version = tool.value("version", "");
    p.tool.git_sha = tool.value("git_sha", "");
    p.tool.argv = tool.value("argv", std::vector<std::string>{});
    p.host = j.value("host", ojson::object()).get<host_info>();
    p.runs.clear();
    for (const auto& r : j.value("runs", ojson::array())) {
        p.runs.push_back(run_from(r));
    }
    if (p.runs.empty()) { // 1.x: the profile is its own single run
        p.runs.push_back({"", "", p.tool.git_sha, p.tool.version, p.host, {}, {}, {}, {}, {}});
    }
    p.settings = j.value("settings", ojson::object());
    p.devices.clear();
    for (const auto& dj : require<ojson>(j, "devices", "profile")) {
        p.devices.push_back(device_from(dj));
    }
    p.kernels.clear();
    for (const auto& kj : j.value("kernels", ojson::array())) {
        p.kernels.push_back({kj.value("name", ""), kj.value("entry", ""), kj.value("path", ""),
                             kj.value("sha256", ""), kj.value("spec", ojson::object())});
    }
    p.cases = require<std::vector<case_result>>(j, "cases", "profile");
    p.scenarios = j.value("scenarios", ojson::object());
    p.host_baselines.clear();
    for (const auto& bj : j.value("host_baselines", ojson::array())) {
        p.host_baselines.push_back(host_baseline_from(bj));
    }
}

} // namespace grp
