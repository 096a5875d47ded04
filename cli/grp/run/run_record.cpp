#include "grp/run/run_record.hpp"

#include "grp/core/checked_math.hpp"
#include "grp/core/error.hpp"
#include "grp/core/machine/cpu_contention.hpp"
#include "grp/core/machine/host_probe.hpp"
#include "grp/core/sha256.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/version.hpp"
#include "grp/run/run_options.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <thread>

namespace grp::run {

namespace {

// This process's start, as stamp_profile saw it: its run's wall time and the machine's load
// are measured from here.
struct process_start {
    std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
    std::optional<cpu_ticks> ticks = read_cpu_ticks();
};

process_start& started() {
    static process_start s;
    return s;
}

// The process's phases (its devices' added up), wall time and the cores other processes kept
// busy meanwhile, on its run record.
void finish_run_record(run_record& r, const profile& p) {
    r.phases = {};
    for (const auto& d : p.devices) {
        for (const auto& [name, s] : d.phases.seconds) {
            r.phases.seconds[name] += s;
        }
    }
    const auto& s = started();
    r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - s.wall).count();
    const auto now = read_cpu_ticks();
    const auto share = s.ticks && now ? other_share(*s.ticks, *now) : std::nullopt;
    r.other_cpu_cores =
        share ? std::optional<double>(*share * std::max(1u, std::thread::hardware_concurrency()))
              : std::nullopt;
}

} // namespace

std::string utc_now() {
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

void stamp_profile(profile& p, const std::vector<std::string>& argv) {
    std::vector<std::string> args; // argv may hold any bytes (a Latin-1 file name)
    args.reserve(argv.size());
    for (const auto& a : argv) {
        args.push_back(valid_utf8(a));
    }
    p.tool = {tool_name, tool_version, tool_git_sha, args};
    p.host = probe_host();
    p.host.started_at = utc_now();
    started() = process_start{};
    p.runs = {{random_run_id(), "", tool_git_sha, tool_version, p.host, {}, {}, {}, {}, {}}};
}

void finish_host_record(profile& p) {
    p.host.finished_at = utc_now();
    p.host.load_end = read_load_average();
    if (p.runs.size() == 1) {
        p.runs.front().host.finished_at = p.host.finished_at;
        p.runs.front().host.load_end = p.host.load_end;
        finish_run_record(p.runs.front(), p);
    }
}

nlohmann::ordered_json settings_json(const run_options& o) {
    nlohmann::ordered_json types = nlohmann::ordered_json::array();
    for (auto t : o.sweep.types) {
        types.push_back(to_string(t));
    }
    nlohmann::ordered_json layouts = nlohmann::ordered_json::array();
    for (auto l : o.sweep.layouts) {
        layouts.push_back(to_string(l));
    }
    const auto& m = o.measure;
    nlohmann::ordered_json out = {{"local_sizes", o.sweep.local_sizes},
                                  {"search", to_string(o.search)},
                                  {"sizes", o.sweep.sizes},
                                  {"types", types},
                                  {"layouts", layouts},
                                  {"order", to_string(o.sweep.order)},
                                  {"cache", to_string(o.sweep.cache)},
                                  {"round_order", "seeded permutation"},
                                  {"order_seed", m.order_seed},
                                  {"seed", o.sweep.seed},
                                  {"data", o.data.describe(o.sweep.seed)},
                                  {"rounds", m.rounds},
                                  {"extra_rounds", m.extra_rounds},
                                  {"warmup_per_round", m.warmup},
                                  {"min_samples_per_round", m.min_samples},
                                  {"max_samples_per_round", m.max_samples},
                                  {"max_noise", m.max_noise},
                                  {"max_time_s", m.max_time_s},
                                  {"round_spacing_s", m.round_spacing_s},
                                  {"long_launch_s", m.long_launch_s},
                                  {"rotate_cpus", m.rotate_cpus},
                                  {"wg_limit", to_string(o.wg_limit)},
                                  {"host_repeats", o.host_repeats},
                                  {"keep_going", o.keep_going},
                                  {"gate", o.gate},
                                  {"cl_options", o.cl_options},
                                  {"scenarios", o.scenarios}};
    out["build_order"] = "seeded permutation per process";
    out["sensors"] = o.sensors.enabled ? "on" : "off";
    out["settle_s"] = o.settle.max_s;
    if (!o.duet.empty()) {
        out["duet"] = duet_to_json(o.duet_base, o.duet);
    }
    return out;
}

void record_kernels(profile& p, const std::vector<kernel_spec>& kernels) {
    for (const auto& k : kernels) {
        // The instances of a tunable kernel (one per configuration) are one kernel here.
        if (std::any_of(p.kernels.begin(), p.kernels.end(), [&](const kernel_record& o) {
                return o.name == k.name && o.entry == k.entry && o.path == k.source_path;
            })) {
            continue;
        }
        p.kernels.push_back({k.name, k.entry, k.source_path, sha256_hex(k.source_text), k.raw});
    }
}

std::uint64_t sweep_peak_bytes(const run_options& opt, const std::vector<sweep_point>& points,
                               const device_info& dev) {
    const std::uint64_t max_alloc = dev.max_alloc_bytes.value_or(UINT64_MAX);
    if (opt.peak_bytes != 0) {
        if (opt.peak_bytes > max_alloc) {
            throw usage_error(
                "--peak-bytes " + std::to_string(opt.peak_bytes) +
                " is over the device's largest buffer (CL_DEVICE_MAX_MEM_ALLOC_SIZE " +
                std::to_string(max_alloc) + " bytes); choose a smaller size");
        }
        return opt.peak_bytes;
    }
    std::uint64_t bytes = default_size(dev, 4) * 4;
    for (const auto& pt : points) {
        bytes = std::max(bytes, saturating_mul(pt.n, record_bytes(pt.layout, pt.type)));
    }
    // Cases over the device's largest buffer are skipped; the peak must not try one either.
    return std::min(bytes, max_alloc);
}

} // namespace grp::run
