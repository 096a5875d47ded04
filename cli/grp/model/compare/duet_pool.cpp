#include "grp/model/compare/duet_pool.hpp"

#include "grp/core/error.hpp"
#include "grp/model/baseline/merge.hpp"
#include "grp/model/spec/duet.hpp"

#include <map>
#include <set>

namespace grp {

namespace {

/// The settings that say what was measured: any difference breaks the pooling.
const char* const measured_settings[] = {"sizes", "local_sizes", "types",      "layouts",
                                         "cache", "data",        "cl_options", "wg_limit",
                                         "duet",  "search",      "scenarios"};
/// The settings that say how long or in which order: a difference is a warning.
const char* const timing_settings[] = {"rounds",
                                       "extra_rounds",
                                       "warmup_per_round",
                                       "min_samples_per_round",
                                       "max_samples_per_round",
                                       "max_noise",
                                       "max_time_s",
                                       "round_spacing_s",
                                       "gate"};

std::string setting_text(const nlohmann::ordered_json& s, const char* key) {
    return s.contains(key) ? s.at(key).dump() : "(not recorded)";
}

std::map<std::string, std::string> kernel_sources(const profile& p) {
    std::map<std::string, std::string> out;
    for (const auto& k : p.kernels) {
        out[k.name] = k.sha256;
    }
    return out;
}

std::set<std::string> device_names(const profile& p) {
    std::set<std::string> out;
    for (const auto& d : p.devices) {
        out.insert(d.info.name + " (" + d.info.vendor + ", driver " +
                   d.info.driver_version.value_or("?") + ")");
    }
    return out;
}

[[noreturn]] void refuse(const std::string& file, const std::string& first,
                         const std::string& what) {
    throw usage_error("cannot pool " + file + " with " + first + ": " + what +
                      "; pool only invocations of one duet (the same kernels, device and sweep)");
}

/// Throws when `p` (from `file`) cannot be pooled with `first` (from `first_file`); adds a
/// warning for each timing setting that differs.
void check_poolable(const profile& first, const std::string& first_file, const profile& p,
                    const std::string& file, std::vector<std::string>& warnings) {
    if (!is_duet(p)) {
        refuse(file, first_file, "it records no duet (settings.duet): make it with run --duet");
    }
    for (const char* key : measured_settings) {
        if (setting_text(first.settings, key) != setting_text(p.settings, key)) {
            refuse(file, first_file,
                   std::string("settings.") + key + " differs (" + setting_text(p.settings, key) +
                       " against " + setting_text(first.settings, key) + ")");
        }
    }
    const auto a = kernel_sources(first), b = kernel_sources(p);
    for (const auto& [name, sha] : b) {
        auto it = a.find(name);
        if (it != a.end() && it->second != sha) {
            refuse(file, first_file, "kernel '" + name + "' has another source");
        }
    }
    if (device_names(first) != device_names(p)) {
        refuse(file, first_file, "it was measured on another device");
    }
    // Sequential invocations stop at their own looks, so their total rounds differ by design.
    const bool sequential =
        first.settings.contains("sequential") && p.settings.contains("sequential");
    for (const char* key : timing_settings) {
        if (sequential && std::string(key) == "rounds") {
            continue;
        }
        if (setting_text(first.settings, key) != setting_text(p.settings, key)) {
            warnings.push_back(file + ": settings." + key + " is " + setting_text(p.settings, key) +
                               " (" + setting_text(first.settings, key) + " in " + first_file +
                               "): pooled, each invocation weighs as one");
        }
    }
}

} // namespace

bool is_duet(const profile& p) {
    return !duet_triples(p.settings).empty();
}

duet_pool pool_duets(const std::vector<std::pair<profile, std::string>>& invocations) {
    if (invocations.size() < 2) {
        throw usage_error("pooling needs at least two invocations of a duet");
    }
    duet_pool out;
    const auto& [first, first_file] = invocations.front();
    if (!is_duet(first)) {
        refuse(first_file, invocations[1].second,
               "it records no duet (settings.duet): make it with run --duet");
    }
    for (std::size_t i = 1; i < invocations.size(); ++i) {
        check_poolable(first, first_file, invocations[i].first, invocations[i].second,
                       out.warnings);
    }
    auto merged = merge_profiles(invocations);
    out.pooled = std::move(merged.merged);
    out.pooled.settings["duet"] = first.settings.at("duet");
    // Each invocation's looks were its own: the pool is judged as one fixed design at alpha.
    out.pooled.settings.erase("sequential");
    for (auto& w : merged.warnings) {
        out.warnings.push_back(std::move(w));
    }
    return out;
}

} // namespace grp
