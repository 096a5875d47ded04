#include "grp/parts/device_merge.hpp"

#include "grp/model/scenario/summary.hpp"

#include <algorithm>
#include <cstddef>

namespace grp::parts {

namespace {

using json = nlohmann::ordered_json;

/// Run j of every device's process is run j of the profile: they ran at once, so its wall time
/// is the longest, its phases the devices' added up (a sequential run adds its devices' too).
void merge_run(run_record& into, const run_record& from) {
    if (from.wall_s && (!into.wall_s || *from.wall_s > *into.wall_s)) {
        into.wall_s = from.wall_s;
    }
    if (from.other_cpu_cores &&
        (!into.other_cpu_cores || *from.other_cpu_cores > *into.other_cpu_cores)) {
        into.other_cpu_cores = from.other_cpu_cores;
    }
    for (const auto& [name, s] : from.phases.seconds) {
        into.phases.seconds[name] += s;
    }
}

void merge_runs(profile& m, const profile& part, bool first) {
    if (first) {
        m.runs = part.runs;
        return;
    }
    for (std::size_t j = 0; j < part.runs.size(); ++j) {
        if (j < m.runs.size()) {
            merge_run(m.runs[j], part.runs[j]);
        } else {
            m.runs.push_back(part.runs[j]); // a sequential duet of this device looked longer
        }
    }
}

void merge_kernels(profile& m, const profile& part) {
    for (const auto& k : part.kernels) {
        if (std::none_of(m.kernels.begin(), m.kernels.end(),
                         [&](const kernel_record& have) { return have.name == k.name; })) {
            m.kernels.push_back(k);
        }
    }
}

/// The host's sums are the first device's that timed them (a sequential run times each once).
void merge_host_baselines(profile& m, const profile& part) {
    for (const auto& b : part.host_baselines) {
        if (std::none_of(m.host_baselines.begin(), m.host_baselines.end(),
                         [&](const host_baseline& h) {
                             return h.type == b.type && h.layout == b.layout && h.n == b.n;
                         })) {
            m.host_baselines.push_back(b);
        }
    }
}

/// One part's scenario `name` (its one device's summary) into the profile's, for device `d`.
void merge_scenario(json& into, const json& from, int d) {
    std::vector<std::string> per_device; // the keys of a device's summary
    if (from.contains("devices") && from["devices"].is_array()) {
        for (const auto& entry : from["devices"]) {
            json summary = json::object();
            for (const auto& [k, v] : entry.items()) {
                if (k != "device") {
                    summary[k] = v;
                    per_device.push_back(k);
                }
            }
            add_device_summary(into, d, summary);
        }
    }
    if (from.contains("record_sizes") && from["record_sizes"].is_object()) {
        for (const auto& [k, v] : from["record_sizes"].items()) {
            into["record_sizes"][std::to_string(d)] = v; // the part's one device, "0"
        }
    }
    for (const auto& [k, v] : from.items()) {
        const bool own = k == "devices" || k == "record_sizes" ||
                         std::find(per_device.begin(), per_device.end(), k) != per_device.end();
        if (!own && !into.contains(k)) {
            into[k] = v; // the scenario's rule or explanation: the same for every device
        }
    }
}

void merge_scenarios(profile& m, const profile& part, int d) {
    if (!part.scenarios.is_object()) {
        return;
    }
    for (const auto& [name, s] : part.scenarios.items()) {
        if (s.is_object()) {
            merge_scenario(m.scenarios[name], s, d);
        }
    }
}

/// Device `d`'s record: its part's, or the parent's listing where none was written; a failure
/// the parent saw wins over the part's (a single device's process records none of its own).
profile_device device_record(const device_part& dp) {
    profile_device out;
    if (dp.part && !dp.part->devices.empty()) {
        out = dp.part->devices.front();
    } else {
        out.info = dp.info;
    }
    if (!dp.failure.empty()) {
        out.failure = dp.failure;
    }
    return out;
}

} // namespace

profile merge_device_parts(const std::vector<device_part>& parts, const profile& base) {
    profile m = base;
    m.devices.clear();
    m.cases.clear();
    m.kernels.clear();
    m.host_baselines.clear();
    m.scenarios = json::object();
    bool first = true;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const auto& dp = parts[i];
        const int d = static_cast<int>(i);
        m.devices.push_back(device_record(dp));
        if (!dp.part) {
            continue;
        }
        const profile& part = *dp.part;
        if (first) {
            m.settings = part.settings;
        }
        merge_runs(m, part, first);
        first = false;
        merge_kernels(m, part);
        merge_host_baselines(m, part);
        merge_scenarios(m, part, d);
        for (auto c : part.cases) {
            c.device = d; // the part's one device is device 0
            m.cases.push_back(std::move(c));
        }
        if (dp.failure.empty() && !part.complete && m.complete) {
            m.complete = false;
            m.incomplete_reason = part.incomplete_reason;
        }
    }
    return m;
}

} // namespace grp::parts
