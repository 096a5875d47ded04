#include "grp/model/access/time_estimate.hpp"

#include "grp/model/profile/profile.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace grp {

namespace {

/// Global bytes a pass moved: loads (constant memory included) and stores.
double global_bytes_of(const sim_pass_counts& p) {
    double b = 0;
    for (const char* k : {"load global", "load constant", "store global"}) {
        const auto it = p.bytes.find(k);
        b += it == p.bytes.end() ? 0.0 : static_cast<double>(it->second);
    }
    return b;
}

/// The case-wide access facts each pass is estimated with.
struct case_access {
    double requests = 0;       ///< warp-32 global requests, all passes
    double bytes = 0;          ///< global bytes, all passes
    double fetch_per_byte = 0; ///< new 32 B sectors' bytes per byte requested
    double miss_share = 0;
    double simd = 1;
};

pass_estimate estimate_pass(const sim_pass_counts& p, double local, const case_access& ca,
                            const estimate_device& d, const estimate_assumptions& a) {
    pass_estimate e;
    e.launch_ns = d.launch_ns;
    const double groups = static_cast<double>(p.work_groups);
    if (groups <= 0) {
        return e;
    }
    const double items = groups * local;
    const double warps = groups * std::ceil(local / access_warps[0]); // warp-32, as the metrics
    const double busy = std::min(d.compute_units, groups);
    const double per_cu =
        std::max(1.0, std::min(a.groups_per_cu_max, std::floor(a.resident_items_per_cu / local)));
    e.waves = std::ceil(groups / (d.compute_units * per_cu));
    const double cycle_ns = 1e9 / d.clock_hz;

    const double warp_instructions =
        static_cast<double>(p.instructions) / access_warps[0] / ca.simd;
    e.issue_ns = warp_instructions / (busy * a.issue_per_cycle) * cycle_ns;

    const double bytes = global_bytes_of(p);
    e.memory_ns = bytes * ca.fetch_per_byte / d.read_bytes_per_ns;

    const double requests_per_warp = ca.bytes > 0 ? ca.requests * bytes / ca.bytes / warps : 0;
    const double request_cycles =
        ca.miss_share * a.miss_cycles + (1.0 - ca.miss_share) * a.hit_cycles;
    const double chain_cycles = requests_per_warp * request_cycles +
                                static_cast<double>(p.barriers) / items * a.barrier_cycles;
    e.latency_ns = e.waves * chain_cycles * cycle_ns;
    return e;
}

} // namespace

double pass_estimate::total_ns() const {
    return launch_ns + std::max({issue_ns, memory_ns, latency_ns});
}

const char* pass_estimate::bound() const {
    if (latency_ns >= issue_ns && latency_ns >= memory_ns) {
        return "latency";
    }
    return memory_ns >= issue_ns ? "memory" : "issue";
}

std::optional<estimate_device> estimate_device_of(const profile_device& d, std::string& why) {
    const auto& i = d.info;
    if (!i.is_gpu()) {
        why = i.name + " is a " + i.type + " device: the estimate models a GPU";
    } else if (!i.compute_units || *i.compute_units == 0 || !i.max_clock_mhz ||
               *i.max_clock_mhz == 0) {
        why = i.name + " reports no compute units or clock";
    } else if (*i.compute_units > 100000) {
        why = i.name + " reports " + std::to_string(*i.compute_units) + " compute units";
    } else if (!d.launch_floor_ns || *d.launch_floor_ns <= 0) {
        why = i.name + " has no launch floor (profiles of schema 2.17 or later record it: run on "
                       "that GPU again)";
    } else if (!d.peak || d.peak->read_gbps <= 0) {
        why = i.name + " has no peak read (run on that GPU again without --no-peak)";
    } else {
        why.clear();
        estimate_device e;
        e.name = i.name;
        e.compute_units = *i.compute_units;
        e.clock_hz = *i.max_clock_mhz * 1e6;
        e.launch_ns = *d.launch_floor_ns;
        e.read_bytes_per_ns = d.peak->read_gbps;
        return e;
    }
    return std::nullopt;
}

std::optional<case_estimate> estimate_case(const check_record& c, std::uint64_t local_size,
                                           const estimate_device& d,
                                           const estimate_assumptions& a) {
    if (!c.access || c.passes.empty() || local_size == 0) {
        return std::nullopt;
    }
    const auto& x = *c.access;
    case_access ca;
    ca.requests = static_cast<double>(x.global_requests);
    for (const auto& p : c.passes) {
        ca.bytes += global_bytes_of(p);
    }
    // Every first request of a warp fetches, so requests without a new sector are a profile
    // written before 2.19 counted them: no estimate rather than a guess.
    if (ca.requests > 0 && x.new_sectors_per_request <= 0) {
        return std::nullopt;
    }
    ca.fetch_per_byte =
        ca.bytes > 0 ? x.new_sectors_per_request * 32.0 * ca.requests / ca.bytes : 0.0;
    ca.miss_share = x.miss_request_share;
    ca.simd = x.simd_efficiency > 0 ? x.simd_efficiency : 1.0;
    case_estimate out;
    std::array<double, 4> by_bound{}; // launch, issue, memory, latency
    for (const auto& p : c.passes) {
        const auto e = estimate_pass(p, static_cast<double>(local_size), ca, d, a);
        out.ns += e.total_ns();
        by_bound[0] += e.launch_ns;
        const std::string b = e.bound();
        by_bound[b == "issue"    ? 1
                 : b == "memory" ? 2
                                 : 3] += std::max({e.issue_ns, e.memory_ns, e.latency_ns});
        out.passes.push_back(e);
    }
    static const char* const names[] = {"launch", "issue", "memory", "latency"};
    out.bound = names[std::max_element(by_bound.begin(), by_bound.end()) - by_bound.begin()];
    return out;
}

} // namespace grp
