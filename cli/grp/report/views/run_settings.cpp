#include "grp/report/views/run_settings.hpp"

#include "grp/report/views/report_data.hpp"

#include <algorithm>

namespace grp::html {

namespace {

struct setting_option {
    const char* key;   ///< in profile.settings (cli/grp/run/run_record.cpp settings_json)
    const char* names; ///< run's option names, ',' separated
    bool flag;         ///< an option without a value
};

// run's options (cli/commands/run/run_options.cpp) for the settings that settings_json records.
constexpr setting_option options[] = {
    {"local_sizes", "-l,--local-size", false},
    {"search", "--search", false},
    {"sizes", "-n,--size", false},
    {"types", "-t,--type", false},
    {"layouts", "--layout", false},
    {"order", "--order", false},
    {"cache", "--cache", false},
    {"order_seed", "--order-seed", false},
    {"seed", "--seed", false},
    {"data", "--data", false},
    {"rounds", "--rounds", false},
    {"runs", "--runs", false},
    {"gate", "--gate", true},
    {"extra_rounds", "--extra-rounds", false},
    {"warmup_per_round", "--warmup", false},
    {"min_samples_per_round", "--min-samples,--samples", false},
    {"max_samples_per_round", "--max-samples,--samples", false},
    {"max_noise", "--max-noise", false},
    {"max_time_s", "--max-time", false},
    {"round_spacing_s", "--round-spacing", false},
    {"rotate_cpus", "--rotate-cpus", true},
    {"wg_limit", "--wg-limit", false},
    {"host_repeats", "--host-repeats", false},
    {"keep_going", "--keep-going", true},
    {"cl_options", "--cl-options", false},
    {"scenarios", "--scenario", false},
    {"sensors", "--sensors", false},
    {"settle_s", "--settle", false},
};

std::vector<std::string> split_names(const std::string& names) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (auto comma = names.find(','); comma != std::string::npos;
         start = comma + 1, comma = names.find(',', start)) {
        out.push_back(names.substr(start, comma - start));
    }
    out.push_back(names.substr(start));
    return out;
}

/// "-l 64,256 -l 1024" for every place argv gives one of `names` (also "--name=value").
std::string typed_text(const std::vector<std::string>& argv, const setting_option& o) {
    std::string out;
    const auto names = split_names(o.names);
    for (std::size_t i = 2; i < argv.size(); ++i) {
        for (const auto& n : names) {
            std::string given;
            if (argv[i] == n) {
                given = o.flag || i + 1 >= argv.size() ? n : n + " " + argv[i + 1];
            } else if (argv[i].rfind(n + "=", 0) == 0) {
                given = n + " " + argv[i].substr(n.size() + 1);
            }
            if (!given.empty()) {
                out += (out.empty() ? "" : " ") + given;
            }
        }
    }
    return out;
}

std::string value_text(const nlohmann::ordered_json& v) {
    if (v.is_array()) {
        std::string s;
        for (const auto& e : v) {
            s += (s.empty() ? "" : ",") + json_text(e);
        }
        return s;
    }
    if (v.is_boolean()) {
        return v.get<bool>() ? "yes" : "no";
    }
    return v.is_null() ? "" : json_text(v);
}

} // namespace

std::vector<run_setting> run_settings(const profile& p) {
    const auto& argv = p.tool.argv;
    const bool from_run = argv.size() >= 2 && argv[1] == "run";
    std::vector<run_setting> out;
    if (!p.settings.is_object()) {
        return out;
    }
    for (const auto& item : p.settings.items()) {
        // Not a structured binding: C++17 lambdas cannot capture one.
        const std::string& key = item.key();
        const auto& v = item.value();
        if (v.is_object()) { // duet, check: their fields as recorded
            for (auto& [sub, text] : flatten(v)) {
                out.push_back({key + "." + sub, text});
            }
            continue;
        }
        const auto* o = std::find_if(std::begin(options), std::end(options),
                                     [&](const setting_option& s) { return key == s.key; });
        const bool known = o != std::end(options);
        const std::string value = value_text(v);
        // Named by the profile's key, whose unit the recorded value has (max_noise is a
        // fraction where --max-noise takes a percentage).
        run_setting r{key, ""};
        const std::string typed = known && from_run ? typed_text(argv, *o) : "";
        if (!typed.empty()) {
            r.value = typed;
        } else if (value.empty() || value == "default") {
            r.value = "default";
        } else {
            r.value = known && from_run ? "default (" + value + ")" : value;
        }
        out.push_back(std::move(r));
    }
    return out;
}

run_span whole_run_span(const profile& p) {
    run_span s;
    auto take = [&](const host_info& h) {
        if (!h.started_at.empty() && (s.started_at.empty() || h.started_at < s.started_at)) {
            s.started_at = h.started_at;
        }
        if (!h.finished_at.empty() && h.finished_at > s.finished_at) {
            s.finished_at = h.finished_at;
        }
    };
    take(p.host);
    for (const auto& r : p.runs) {
        take(r.host);
    }
    s.processes = std::max<std::size_t>(1, p.runs.size());
    return s;
}

} // namespace grp::html
