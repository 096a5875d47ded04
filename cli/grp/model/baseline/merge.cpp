#include "grp/model/baseline/merge.hpp"

#include "grp/core/error.hpp"
#include "grp/core/machine/host_probe.hpp"
#include "grp/core/strings.hpp"
#include "grp/model/measure/case_metrics.hpp"
#include "grp/model/profile/check_plan.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace grp {

namespace {

/// The same physical device: equal UUIDs when both have one, else name on the same host and,
/// where both report one, the same PCI bus (two cards of one model in one node, on a driver
/// without cl_khr_device_uuid, are two cards).
bool same_identity(const device_info& a, const host_info& ha, const device_info& b,
                   const host_info& hb) {
    if (a.uuid && b.uuid && !a.uuid->empty() && !b.uuid->empty()) {
        return *a.uuid == *b.uuid;
    }
    const bool buses = a.pci_bus && b.pci_bus && !a.pci_bus->empty() && !b.pci_bus->empty();
    return a.name == b.name && same_host(ha, hb) && (!buses || *a.pci_bus == *b.pci_bus);
}

/// The better read peak of `from` into `into` (the same device): every run's bursts are a
/// measurement of what the device can read, and a case is compared with the best of them.
void keep_best_read(std::optional<peak_bandwidth>& into,
                    const std::optional<peak_bandwidth>& from) {
    if (!from || !(from->read_gbps > 0)) {
        return;
    }
    if (!into) {
        into = from;
    } else if (from->read_gbps > into->read_gbps) {
        into->read_gbps = from->read_gbps;
        into->read_median_ns = from->read_median_ns;
        into->read_shape = from->read_shape;
        into->bytes = from->bytes;
    }
}

/// The lower launch floor of `from` into `into` (the same device), as keep_best_read keeps the
/// faster read: each run's empty-kernel median is a measurement of what a launch costs there.
void keep_lowest_floor(profile_device& into, const profile_device& from) {
    if (from.launch_floor_ns &&
        (!into.launch_floor_ns || *from.launch_floor_ns < *into.launch_floor_ns)) {
        into.launch_floor_ns = from.launch_floor_ns;
        into.launch_floor_launches = from.launch_floor_launches;
    }
}

/// Index of `d` (of a profile on host `h`) in `merged`, appending it when new.
int device_index(profile& merged, std::vector<host_info>& hosts, const profile_device& d,
                 const host_info& h) {
    for (std::size_t i = 0; i < merged.devices.size(); ++i) {
        if (same_identity(merged.devices[i].info, hosts[i], d.info, h)) {
            keep_best_read(merged.devices[i].peak, d.peak);
            keep_best_roofs(merged.devices[i].roofs, d.roofs); // each run's, the best per size
            keep_lowest_floor(merged.devices[i], d);
            return static_cast<int>(i);
        }
    }
    merged.devices.push_back(d);
    hosts.push_back(h);
    return static_cast<int>(merged.devices.size() - 1);
}

bool has_result(case_status s) {
    return s == case_status::ok || s == case_status::wrong || s == case_status::race_observed ||
           s == case_status::implausible;
}

/// Where each run of an input lands in the merged profile. A run merged before (the same id or
/// the same rounds: a file given twice, a run inside a baseline given beside it) lands on its first
/// copy and is `repeated`. A round of a run the input does not list moves by `offset`, the merged
/// runs before this input.
struct run_map {
    std::vector<run_index> to;
    std::vector<bool> repeated;
    run_index offset = 0;
};

void merge_case(case_result& into, const case_result& from, const run_map& runs) {
    if (!has_result(into.status) && has_result(from.status)) {
        // The first run skipped it, a later one measured it: keep the measured case's facts.
        const int device = into.device;
        const auto planned = into.rounds_planned;
        auto rounds = std::move(into.rounds);
        into = from;
        into.device = device;
        into.rounds = std::move(rounds);
        into.rounds_planned = planned;
    } else if (from.status == case_status::wrong && into.status != case_status::wrong) {
        into.status = case_status::wrong;
        into.reason = from.reason;
    }
    std::set<run_index> had; // the runs this case has rounds of already
    for (const auto& r : into.rounds) {
        had.insert(r.run);
    }
    bool any = false;
    for (auto r : from.rounds) {
        const bool listed = r.run < runs.to.size();
        const bool repeated = listed && runs.repeated[r.run];
        r.run = listed ? runs.to[r.run] : r.run + runs.offset;
        if (repeated && had.count(r.run) != 0) {
            continue; // this run's rounds of this case are merged already: counted once
        }
        into.rounds.push_back(std::move(r));
        any = true;
    }
    into.rounds_planned += any || from.rounds.empty() ? from.rounds_planned : 0;
}

/// A run's rounds as a number, or 0 when it has none: the sum of each round's FNV-1a over its
/// case key, start and samples (a sum: the order of the cases, which a merge may change, does
/// not matter). Two runs with the same non-zero digest are one run: the nanoseconds of a real run
/// never repeat, so a copy whose id was changed or dropped (an upgraded 0.1 profile has none) is
/// still recognised.
std::vector<std::uint64_t> run_digests(const profile& p) {
    std::vector<std::uint64_t> out(p.runs.size(), 0);
    const auto mix = [](std::uint64_t& h, const void* data, std::size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) {
            h = (h ^ bytes[i]) * 0x100000001b3ULL;
        }
    };
    for (const auto& c : p.cases) {
        const auto key = c.key.to_string();
        for (const auto& r : c.rounds) {
            if (r.run >= out.size() || r.samples_ns.empty()) {
                continue;
            }
            std::uint64_t h = 0xcbf29ce484222325ULL;
            mix(h, key.data(), key.size());
            mix(h, &r.started_s, sizeof r.started_s);
            mix(h, r.samples_ns.data(), r.samples_ns.size() * sizeof r.samples_ns[0]);
            out[r.run] += h;
        }
    }
    return out;
}

/// The merged run that `run` (digest `digest`) already is, by id or by its rounds; or npos.
std::size_t same_run(const profile& merged, const std::vector<std::uint64_t>& known,
                     const run_record& run, std::uint64_t digest) {
    for (std::size_t i = 0; i < merged.runs.size(); ++i) {
        if ((!run.id.empty() && merged.runs[i].id == run.id) ||
            (digest != 0 && known[i] == digest)) {
            return i;
        }
    }
    return std::string::npos;
}

/// Appends the runs of `p` that `merged` lacks (by id or by rounds) and maps every run of `p`;
/// a warning names the input and the files its repeated runs were merged from first.
run_map merge_runs(profile& merged, std::vector<std::uint64_t>& known, const profile& p,
                   const std::string& label, std::vector<std::string>& warnings) {
    run_map out;
    out.offset = merged.runs.size();
    const auto digests = run_digests(p);
    std::vector<std::string> first_from; // the files the repeated runs came from first
    for (std::size_t k = 0; k < p.runs.size(); ++k) {
        auto run = p.runs[k];
        const auto same = same_run(merged, known, run, digests[k]);
        out.repeated.push_back(same != std::string::npos);
        if (same != std::string::npos) {
            out.to.push_back(same);
            const auto& from = merged.runs[same].source;
            if (std::find(first_from.begin(), first_from.end(), from) == first_from.end()) {
                first_from.push_back(from);
            }
            continue;
        }
        out.to.push_back(merged.runs.size());
        run.source = run.source.empty() ? label : run.source;
        merged.runs.push_back(std::move(run));
        known.push_back(digests[k]);
    }
    if (!first_from.empty()) {
        std::string files;
        for (const auto& f : first_from) {
            files += (files.empty() ? "" : ", ") + f;
        }
        const auto repeated = std::count(out.repeated.begin(), out.repeated.end(), true);
        warnings.push_back(label + " repeats " + std::to_string(repeated) + " of its " +
                           std::to_string(p.runs.size()) + " run(s) already merged from " + files +
                           " (the same run id, or the very same rounds): each run counts once, "
                           "so a copy never poses as an independent run");
    }
    return out;
}

void merge_kernels(profile& merged, const profile& p, const std::string& label,
                   std::vector<std::string>& warnings) {
    for (const auto& k : p.kernels) {
        bool known = false;
        for (const auto& m : merged.kernels) {
            if (m.name == k.name) {
                known = true;
                if (m.sha256 != k.sha256) {
                    warnings.push_back("kernel '" + k.name + "' has another source in " + label +
                                       " (sha256 " + k.sha256.substr(0, 8) + " vs " +
                                       m.sha256.substr(0, 8) + "): the baseline mixes them");
                }
            }
        }
        if (!known) {
            merged.kernels.push_back(k);
        }
    }
}

/// The host baselines of `p` that `merged` lacks (the first run's are kept for a sweep point:
/// with `run --runs` only the first process measures them).
void merge_host_baselines(profile& merged, const profile& p) {
    for (const auto& b : p.host_baselines) {
        const bool known =
            std::any_of(merged.host_baselines.begin(), merged.host_baselines.end(),
                        [&](const host_baseline& m) {
                            return m.type == b.type && m.layout == b.layout && m.n == b.n;
                        });
        if (!known) {
            merged.host_baselines.push_back(b);
        }
    }
}

/// What a reader of the merged baseline must know of input `p`: it is incomplete, it ran on
/// another host, or one of its devices ran under other conditions than in the first input
/// (device_conditions.hpp: the spread would then include that setting's effect).
void input_warnings(const profile& first, const profile& p, const std::string& label, bool shards,
                    std::vector<std::string>& warnings) {
    if (!p.complete) {
        warnings.push_back(label + " is incomplete: only its finished rounds are merged");
    }
    if (!shards && !same_host(first.host, p.host)) {
        warnings.push_back(label + " was measured on another host ('" + p.host.hostname +
                           "'): the baseline's spread then includes machine differences");
    }
    for (const auto& d : p.devices) {
        for (const auto& f : first.devices) {
            const auto facts = f.info.name == d.info.name && f.conditions && d.conditions
                                   ? differing_facts(*f.conditions, *d.conditions)
                                   : std::vector<std::string>{};
            if (!facts.empty()) {
                warnings.push_back(label + ": " + d.info.name +
                                   " ran under other conditions than in the first input (" +
                                   joined(facts, "; ") +
                                   "): the baseline's spread then includes that setting");
            }
        }
    }
}

/// Counts and times do not merge, nor counts of grids planned for other compute units.
void check_mergeable(const profile& first, const std::string& first_label, const profile& p,
                     const std::string& label) {
    if (is_check_profile(first) != is_check_profile(p)) {
        const bool p_checked = is_check_profile(p);
        throw usage_error("merge: " + (p_checked ? label : first_label) +
                          " is a check profile and " + (p_checked ? first_label : label) +
                          " a timed one: counts and times do not merge");
    }
    if (const auto why = planned_grid_difference(first, p, first_label, label);
        is_check_profile(p) && !why.empty()) {
        throw usage_error("merge: " + why);
    }
}

} // namespace

merge_result merge_profiles(const std::vector<std::pair<profile, std::string>>& inputs,
                            bool shards) {
    if (inputs.empty()) {
        throw usage_error("merge needs at least one profile");
    }
    merge_result out;
    profile& m = out.merged;
    const profile& first = inputs.front().first;
    m.tool = first.tool;
    m.host = first.host;
    m.settings = first.settings;
    m.scenarios = first.scenarios;
    m.runs.clear();
    std::vector<host_info> device_hosts;
    std::vector<std::uint64_t> digests; // of the merged runs: what identifies a run besides its id
    std::map<std::pair<case_key, int>, std::size_t> where;
    nlohmann::ordered_json sources = nlohmann::ordered_json::array();
    for (const auto& [p, label] : inputs) {
        check_mergeable(first, inputs.front().second, p, label);
        const auto runs = merge_runs(m, digests, p, label, out.warnings);
        m.complete = m.complete && p.complete;
        input_warnings(first, p, label, shards, out.warnings);
        merge_kernels(m, p, label, out.warnings);
        merge_host_baselines(m, p);
        for (const auto& c : p.cases) {
            const auto& dev = p.devices.at(static_cast<std::size_t>(c.device));
            const int d = device_index(m, device_hosts, dev, p.host);
            auto [it, fresh] = where.try_emplace({c.key, d}, m.cases.size());
            if (fresh) {
                m.cases.push_back(c);
                m.cases.back().device = d;
                m.cases.back().rounds.clear();
                m.cases.back().rounds_planned = 0;
            }
            merge_case(m.cases[it->second], c, runs);
        }
        sources.push_back(label);
    }
    // Every run's rounds and the best peak: GB/s and % of peak follow the merged median.
    for (auto& c : m.cases) {
        const auto d = static_cast<std::size_t>(c.device);
        derive_metrics(c, d < m.devices.size() ? m.devices[d] : profile_device{});
    }
    m.settings["merged_from"] = sources;
    return out;
}

} // namespace grp
