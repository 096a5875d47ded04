#include "grp/model/profile.hpp"

#include "grp/core/error.hpp"
#include "grp/core/text_position.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <tuple>

namespace grp {

using ojson = nlohmann::ordered_json;

namespace {

// JSON has no NaN or infinity: a non-finite number is written as null.
ojson num(double v) {
    return std::isfinite(v) ? ojson(v) : ojson(nullptr);
}
ojson num(const std::optional<double>& v) {
    return v ? num(*v) : ojson(nullptr);
}

std::optional<double> opt_double(const ojson& j, const char* key) {
    auto it = j.find(key);
    if (it == j.end() || it->is_null()) {
        return std::nullopt;
    }
    return it->get<double>();
}

template <typename T> T require(const ojson& j, const char* key, const char* where) {
    auto it = j.find(key);
    if (it == j.end()) {
        throw file_error(std::string("missing field '") + key + "' in " + where);
    }
    return it->get<T>();
}

} // namespace

std::string to_string(case_status s) {
    switch (s) {
    case case_status::ok:
        return "ok";
    case case_status::wrong:
        return "wrong";
    case case_status::skipped:
        return "skipped";
    case case_status::failed:
        return "failed";
    case case_status::race_observed:
        return "race-observed";
    }
    return "unknown";
}

case_status parse_case_status(const std::string& s) {
    for (auto st : {case_status::ok, case_status::wrong, case_status::skipped, case_status::failed,
                    case_status::race_observed}) {
        if (to_string(st) == s) {
            return st;
        }
    }
    throw file_error("unknown case status '" + s +
                     "' (expected ok, wrong, skipped, failed or race-observed)");
}

std::string case_key::to_string() const {
    return kernel + "/" + type + "/" + layout + "/n=" + std::to_string(n) +
           "/local=" + std::to_string(local_size);
}

bool case_key::operator==(const case_key& o) const {
    return std::tie(kernel, type, layout, n, local_size) ==
           std::tie(o.kernel, o.type, o.layout, o.n, o.local_size);
}

bool case_key::operator<(const case_key& o) const {
    return std::tie(kernel, type, layout, n, local_size) <
           std::tie(o.kernel, o.type, o.layout, o.n, o.local_size);
}

void to_json(ojson& j, const case_key& k) {
    j = ojson{{"kernel", k.kernel},
              {"type", k.type},
              {"layout", k.layout},
              {"n", k.n},
              {"local_size", k.local_size}};
}

void from_json(const ojson& j, case_key& k) {
    k.kernel = require<std::string>(j, "kernel", "case key");
    k.type = require<std::string>(j, "type", "case key");
    k.layout = j.value("layout", "flat");
    k.n = require<std::uint64_t>(j, "n", "case key");
    k.local_size = require<std::uint64_t>(j, "local_size", "case key");
}

void to_json(ojson& j, const sample_summary& s) {
    j = ojson{{"count", s.count},          {"min_ns", num(s.min_ns)},
              {"max_ns", num(s.max_ns)},   {"median_ns", num(s.median_ns)},
              {"mean_ns", num(s.mean_ns)}, {"stddev_ns", num(s.stddev_ns)},
              {"p5_ns", num(s.p5_ns)},     {"p95_ns", num(s.p95_ns)},
              {"cv", num(s.cv)},           {"rse_median", num(s.rse_median)}};
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
    ojson passes = ojson::array();
    for (const auto& p : c.passes) {
        passes.push_back({{"n", p.n},
                          {"global_size", p.global_size},
                          {"local_size", p.local_size},
                          {"groups", p.groups}});
    }
    ojson result = ojson::array();
    for (double v : c.result) {
        result.push_back(num(v));
    }
    ojson reference = ojson::array();
    for (double v : c.reference) {
        reference.push_back(num(v));
    }
    j = ojson{
        {"key", c.key},
        {"device", c.device},
        {"scenario", c.scenario.empty() ? ojson(nullptr) : ojson(c.scenario)},
        {"status", to_string(c.status)},
        {"reason", c.reason.empty() ? ojson(nullptr) : ojson(c.reason)},
        {"build_options", c.build_options},
        {"finish", c.finish},
        {"passes", passes},
        {"warmup", c.warmup},
        {"samples_ns", c.samples_ns},
        {"launch_overhead_ns", c.launch_overhead_ns},
        {"flagged_samples", c.flagged_samples},
        {"flags", c.flags},
        {"noise_target_met", c.noise_target_met},
        {"summary", c.summary ? ojson(*c.summary) : ojson(nullptr)},
        {"bytes", c.bytes},
        {"bytes_counted", c.bytes_counted},
        {"gbps", num(c.gbps)},
        {"elements_per_s", num(c.elements_per_s)},
        {"pct_of_peak", num(c.pct_of_peak)},
        {"result", result},
        {"reference", reference},
        {"abs_error", num(c.abs_error)},
        {"rel_error", num(c.rel_error)},
        {"tolerance", num(c.tolerance)},
        {"extra", c.extra},
    };
}

void from_json(const ojson& j, case_result& c) {
    c.key = require<case_key>(j, "key", "case");
    c.device = j.value("device", 0);
    c.scenario =
        j.contains("scenario") && j["scenario"].is_string() ? j["scenario"].get<std::string>() : "";
    c.status = parse_case_status(require<std::string>(j, "status", "case"));
    c.reason =
        j.contains("reason") && j["reason"].is_string() ? j["reason"].get<std::string>() : "";
    c.build_options = j.value("build_options", "");
    c.finish = j.value("finish", "passes");
    c.passes.clear();
    for (const auto& p : j.value("passes", ojson::array())) {
        c.passes.push_back(
            {p.value("n", std::uint64_t{0}), p.value("global_size", std::uint64_t{0}),
             p.value("local_size", std::uint64_t{0}), p.value("groups", std::uint64_t{0})});
    }
    c.warmup = j.value("warmup", std::uint64_t{0});
    c.samples_ns = j.value("samples_ns", std::vector<std::uint64_t>{});
    c.launch_overhead_ns = j.value("launch_overhead_ns", std::vector<std::uint64_t>{});
    c.flagged_samples = j.value("flagged_samples", std::uint64_t{0});
    c.flags = j.value("flags", std::vector<std::string>{});
    c.noise_target_met = j.value("noise_target_met", true);
    if (auto s = j.find("summary"); s != j.end() && s->is_object()) {
        c.summary = s->get<sample_summary>();
    }
    c.bytes = j.value("bytes", std::uint64_t{0});
    c.bytes_counted = j.value("bytes_counted", "");
    c.gbps = opt_double(j, "gbps");
    c.elements_per_s = opt_double(j, "elements_per_s");
    c.pct_of_peak = opt_double(j, "pct_of_peak");
    auto nums = [&](const char* key) {
        std::vector<double> out;
        for (const auto& v : j.value(key, ojson::array())) {
            out.push_back(v.is_null() ? std::nan("") : v.get<double>());
        }
        return out;
    };
    c.result = nums("result");
    c.reference = nums("reference");
    c.abs_error = opt_double(j, "abs_error");
    c.rel_error = opt_double(j, "rel_error");
    c.tolerance = opt_double(j, "tolerance");
    c.extra = j.value("extra", ojson::object());
}

void to_json(ojson& j, const profile& p) {
    ojson devices = ojson::array();
    for (const auto& d : p.devices) {
        ojson dj = d.info;
        if (d.peak) {
            dj["peak"] = {{"read_gbps", num(d.peak->read_gbps)},
                          {"copy_gbps", num(d.peak->copy_gbps)},
                          {"bytes", d.peak->bytes},
                          {"read_median_ns", num(d.peak->read_median_ns)},
                          {"copy_median_ns", num(d.peak->copy_median_ns)}};
        } else {
            dj["peak"] = nullptr;
        }
        dj["simd_width_estimate"] =
            d.simd_width_estimate ? ojson(*d.simd_width_estimate) : ojson(nullptr);
        devices.push_back(dj);
    }
    ojson kernels = ojson::array();
    for (const auto& k : p.kernels) {
        kernels.push_back({{"name", k.name},
                           {"entry", k.entry},
                           {"path", k.path},
                           {"sha256", k.sha256},
                           {"spec", k.spec}});
    }
    j = ojson{
        {"schema_version", p.schema_version},
        {"complete", p.complete},
        {"tool",
         {{"name", p.tool.name},
          {"version", p.tool.version},
          {"git_sha", p.tool.git_sha},
          {"argv", p.tool.argv}}},
        {"host",
         {{"hostname", p.host.hostname},
          {"os", p.host.os},
          {"started_at", p.host.started_at},
          {"finished_at", p.host.finished_at}}},
        {"settings", p.settings},
        {"devices", devices},
        {"kernels", kernels},
        {"cases", p.cases},
        {"scenarios", p.scenarios},
    };
}

void from_json(const ojson& j, profile& p) {
    p.schema_version = require<std::string>(j, "schema_version", "profile");
    p.complete = j.value("complete", true);
    auto tool = j.value("tool", ojson::object());
    p.tool.name = tool.value("name", "");
    p.tool.version = tool.value("version", "");
    p.tool.git_sha = tool.value("git_sha", "");
    p.tool.argv = tool.value("argv", std::vector<std::string>{});
    auto host = j.value("host", ojson::object());
    p.host.hostname = host.value("hostname", "");
    p.host.os = host.value("os", "");
    p.host.started_at = host.value("started_at", "");
    p.host.finished_at = host.value("finished_at", "");
    p.settings = j.value("settings", ojson::object());
    p.devices.clear();
    for (const auto& dj : require<ojson>(j, "devices", "profile")) {
        profile_device d;
        d.info = dj.get<device_info>();
        if (auto pk = dj.find("peak"); pk != dj.end() && pk->is_object()) {
            peak_bandwidth b;
            b.read_gbps = opt_double(*pk, "read_gbps").value_or(0);
            b.copy_gbps = opt_double(*pk, "copy_gbps").value_or(0);
            b.bytes = pk->value("bytes", std::uint64_t{0});
            b.read_median_ns = opt_double(*pk, "read_median_ns").value_or(0);
            b.copy_median_ns = opt_double(*pk, "copy_median_ns").value_or(0);
            d.peak = b;
        }
        if (auto s = dj.find("simd_width_estimate"); s != dj.end() && s->is_number()) {
            d.simd_width_estimate = s->get<std::uint64_t>();
        }
        p.devices.push_back(std::move(d));
    }
    p.kernels.clear();
    for (const auto& kj : j.value("kernels", ojson::array())) {
        p.kernels.push_back({kj.value("name", ""), kj.value("entry", ""), kj.value("path", ""),
                             kj.value("sha256", ""), kj.value("spec", ojson::object())});
    }
    p.cases = require<std::vector<case_result>>(j, "cases", "profile");
    p.scenarios = j.value("scenarios", ojson::object());
}

profile parse_profile(const std::string& text, const std::string& path) {
    ojson j;
    try {
        j = ojson::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        throw file_error(path + ":" + line_column(text, e.byte == 0 ? 0 : e.byte - 1) +
                         ": not valid JSON: " + e.what() +
                         "\nIs the file complete? A profile is written by 'gpu-reduce-prof run'.");
    }
    if (!j.is_object() || !j.contains("schema_version") || !j["schema_version"].is_string()) {
        throw file_error(path + ": not a gpu-reduce-prof profile (no \"schema_version\" string)");
    }
    auto version = j["schema_version"].get<std::string>();
    int major = std::atoi(version.c_str());
    if (major != profile_schema_major) {
        throw file_error(path + ": profile schema version " + version +
                         " is not supported; this tool reads schema " +
                         std::to_string(profile_schema_major) + ".x (" + profile_schema_version +
                         "). Use a matching gpu-reduce-prof.");
    }
    try {
        return j.get<profile>();
    } catch (const file_error& e) {
        throw file_error(path + ": " + e.what());
    } catch (const nlohmann::json::exception& e) {
        throw file_error(path + ": malformed profile: " + e.what());
    }
}

profile load_profile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw file_error(path + ": cannot open profile for reading");
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    return parse_profile(ss.str(), path);
}

void write_file_atomic(const std::string& path, const std::string& text) {
    // A device, FIFO or socket (/dev/null, a named pipe) is written in place: renaming a temp
    // file over it would replace the node with a regular file (as root, even /dev/null).
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out.flush()) {
            throw file_error(path + ": write failed");
        }
        return;
    }
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!out) {
            throw file_error(tmp + ": cannot open for writing");
        }
        out << text;
        out.flush();
        if (!out) {
            throw file_error(tmp + ": write failed (disk full?)");
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw file_error(path + ": cannot rename " + tmp + " into place");
    }
}

void save_profile(const profile& p, const std::string& path) {
    write_file_atomic(path, ojson(p).dump(1) + "\n");
}

} // namespace grp
