#include "commands/run/run_plan.hpp"

#include "commands/run/run_shard.hpp"
#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/model/plan/cache_mode.hpp"
#include "grp/model/plan/cost_model.hpp"
#include "grp/ocl/enumerate.hpp"
#include "grp/report/text/table.hpp"
#include "grp/run/launch/size_cache.hpp"
#include "grp/run/resume.hpp"
#include "grp/run/shard_plan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <set>
#include <tuple>

namespace grp::cli {

namespace {

constexpr double process_s = 1.0;
constexpr double data_s_per_byte = 4e-9; ///< host generation, reference sum and upload

/// The cases of one kernel name: what varies, for the plan's table.
struct kernel_rows {
    std::string name;
    std::set<std::string> types, configs;
    std::set<std::uint64_t> sizes, locals;
    std::size_t cases = 0, skipped = 0;
};

struct device_plan {
    std::vector<kernel_rows> kernels; ///< in the sweep's order of first appearance
    std::vector<sweep_point> timed;
    std::map<std::string, std::size_t> skipped; ///< reason -> cases
    std::size_t cases = 0;
};

template <typename T, typename F> std::string joined(const std::set<T>& s, F text) {
    std::string out;
    for (const auto& x : s) {
        out += (out.empty() ? "" : ",") + text(x);
    }
    return out;
}

device_plan plan_device(const run::run_options& opt, const device_info& dev, int device_index) {
    device_plan d;
    const auto points = run::points_to_resume( // --shard: its share; --resume: those left
        run::shard_points(opt, plan_capped_sweep(opt.kernels, opt.sweep, dev, opt.max_cases),
                          device_index),
        opt.kernels, dev, opt.resume.get(), run::resume_rules_of(opt));
    std::map<std::string, std::size_t> index;
    for (const auto& p : points) {
        const auto& k = opt.kernels[p.kernel];
        auto [it, added] = index.emplace(k.name, d.kernels.size());
        if (added) {
            d.kernels.push_back({k.name, {}, {}, {}, {}, 0, 0});
        }
        auto& row = d.kernels[it->second];
        ++row.cases;
        ++d.cases;
        row.types.insert(to_string(p.type));
        row.sizes.insert(p.n);
        row.locals.insert(p.local_size);
        if (!k.config.empty()) {
            row.configs.insert(describe_config(k.tuning, k.config));
        }
        if (auto why = run::planned_skip_reason(k, p, dev); !why.empty()) {
            ++row.skipped;
            ++d.skipped[why];
        } else {
            d.timed.push_back(p);
        }
    }
    return d;
}

round_shape shape_of(const run::measure_options& m) {
    return {m.warmup, m.min_samples, m.max_samples, m.rounds, run::round_budget_s(m)};
}

struct estimate {
    double build_s = 0, data_s = 0, sampling_s = 0, fixed_s = 0;
    [[nodiscard]] double total_s() const { return build_s + data_s + sampling_s + fixed_s; }
};

// Builds and inputs in every process; the rounds, each at least --round-spacing after the
// previous one; each process's start, and the peak.
estimate estimate_plan(const device_plan& d, const run::run_options& opt, const device_info& dev,
                       std::size_t runs) {
    const auto& m = opt.measure;
    const auto costs = costs_of(dev.type);
    std::map<std::tuple<int, int, std::uint64_t>, double> inputs;
    double per_round = 0;
    for (const auto& p : d.timed) {
        inputs[{static_cast<int>(p.type), static_cast<int>(p.layout), p.n}] =
            static_cast<double>(p.n) * static_cast<double>(record_bytes(p.layout, p.type));
        const double launch_s = launch_cost_s(p, dev);
        per_round += round_cost_s(shape_of(m), launch_s) * cold_factor(p, dev, launch_s);
    }
    estimate e;
    const auto processes = static_cast<double>(runs);
    e.build_s = processes * static_cast<double>(d.timed.size()) * costs.build_s;
    for (const auto& [key, bytes] : inputs) {
        e.data_s += processes * bytes * data_s_per_byte;
    }
    if (!d.timed.empty()) {
        e.sampling_s = static_cast<double>(m.rounds) * std::max(per_round, m.round_spacing_s);
    }
    e.fixed_s = processes * process_s + (opt.measure_peak ? costs.peak_s : 0);
    return e;
}

std::string duration_text(double s) {
    char buf[48];
    if (s < 60) {
        std::snprintf(buf, sizeof buf, "%.0f s", std::max(1.0, s));
    } else if (s < 3600) {
        std::snprintf(buf, sizeof buf, "%.0f min %02.0f s", std::floor(s / 60), std::fmod(s, 60));
    } else {
        std::snprintf(buf, sizeof buf, "%.1f h", s / 3600);
    }
    return buf;
}

void print_kernels(std::ostream& os, const device_plan& d) {
    text_table t;
    for (const char* c : {"kernel", "cases", "skipped", "types", "n", "local", "configurations"}) {
        t.add_column(c, std::string(c) == "cases" || std::string(c) == "skipped"
                            ? text_table::align::right
                            : text_table::align::left);
    }
    for (const auto& k : d.kernels) {
        t.add_row({{k.name},
                   {std::to_string(k.cases)},
                   {std::to_string(k.skipped)},
                   {joined(k.types, [](const std::string& s) { return s; })},
                   {joined(k.sizes, [](std::uint64_t v) { return format_count(v); })},
                   {joined(k.locals, [](std::uint64_t v) { return std::to_string(v); })},
                   {k.configs.empty() ? "-" : std::to_string(k.configs.size())}});
    }
    t.print(os, false, "  ");
    for (const auto& [reason, count] : d.skipped) {
        os << "  skipped " << count << "x: " << terminal_escape(reason) << '\n';
    }
}

void print_estimate(std::ostream& os, const estimate& e, const run::run_options& opt,
                    const device_info& dev, std::size_t runs) {
    const auto& m = opt.measure;
    const auto costs = costs_of(dev.type);
    os << "  estimated wall time: about " << duration_text(e.total_s()) << " (builds "
       << duration_text(e.build_s) << ", inputs " << duration_text(e.data_s) << ", rounds "
       << duration_text(e.sampling_s) << ", " << runs << (runs == 1 ? " process" : " processes")
       << (opt.measure_peak ? " and the peak " : " ") << duration_text(e.fixed_s) << ")\n"
       << "  how: " << m.rounds << " rounds; a case's round at most its share of --max-time ("
       << format_fixed(run::round_budget_s(m) * 1e3, 1) << " ms) or --min-samples " << m.min_samples
       << " launches, whichever is longer, capped at --max-samples " << m.max_samples
       << "; a launch at a nominal " << format_fixed(costs.bandwidth / 1e9, 0) << " GB/s plus "
       << format_fixed(costs.overhead_s * 1e6, 0) << " us (" << device_class(dev.type)
       << "); rounds at least --round-spacing " << format_fixed(m.round_spacing_s, 2)
       << " s apart; a build and first launch ~" << format_fixed(costs.build_s, 2)
       << " s per case per process; a loaded machine takes longer. An upper bound on the rounds (a "
          "round also ends when "
          "its median is steady, --max-noise), not counting extra rounds for disturbed cases"
       << (opt.scenarios.empty() ? "" : ", scenarios")
       << (opt.search.what == search_options::kind::halving ? " or halving's screening" : "")
       << ".\n";
}

// A CPU's default n (#47): the one an earlier run measured here, else what run will measure.
std::string dry_run_size(const run::run_options& opt, device_info& dev) {
    if (!run::measures_default_size(opt, dev)) {
        return "";
    }
    if (const auto c = run::cached_default_size(dev)) {
        dev.measured_default_bytes = c->bytes;
        return "  default n: " + format_bytes(c->bytes) +
               " of input, as measured before: " + c->why + "\n";
    }
    return "  default n: measured when the run starts (the read bandwidth against size, about a "
           "second, kept for later runs: docs/run.md#default-size); this plan assumes " +
           format_bytes(default_floor_bytes(dev)) + "\n";
}

} // namespace

void print_run_plan(std::ostream& os, const run::run_options& opt, std::size_t runs) {
    os << "dry run: nothing is built or timed, no profile is written\n";
    const auto devices = ocl::select(opt.devices);
    int index = 0;
    for (const auto& h : devices) {
        device_info dev = h.info;
        const auto size_note = dry_run_size(opt, dev);
        const auto d = plan_device(opt, dev, index++);
        os << "\ndevice " << dev.index << ": " << terminal_escape(dev.name) << " ("
           << terminal_escape(dev.platform_name) << "): " << d.cases << " cases planned, "
           << d.timed.size() << " to time, " << d.cases - d.timed.size() << " to skip\n"
           << size_note;
        print_kernels(os, d);
        print_estimate(os, estimate_plan(d, opt, dev, runs), opt, dev, runs);
    }
}

namespace {

std::string start_estimate_line(const run::run_options& opt, std::size_t runs) {
    std::string per_device;
    int index = 0;
    // Listed without the probe's context and build: the listing of a run opens no context (a
    // device's first context is its session's; fault.device_fails counts on it).
    const auto devices = ocl::select(opt.devices, /*probe=*/false);
    for (const auto& h : devices) {
        device_info dev = h.info;
        dry_run_size(opt, dev); // the default n the plan assumes, as --dry-run reads it
        const auto d = plan_device(opt, dev, index++);
        const auto s = duration_text(estimate_plan(d, opt, dev, runs).total_s());
        per_device += (per_device.empty() ? "" : ", ") + s +
                      (devices.size() > 1 ? " on device " + std::to_string(dev.index) : "");
    }
    if (per_device.empty()) {
        return "";
    }
    return "estimated wall time: about " + per_device +
           " (as --dry-run computes it: an upper bound on the rounds; extra rounds for disturbed "
           "cases and a loaded machine add to it)";
}

} // namespace

void print_start_estimate(std::ostream& os, const run::run_options& opt, std::size_t runs,
                          bool quiet) {
    if (const auto line = quiet ? "" : start_estimate_line(opt, runs); !line.empty()) {
        os << line << '\n'; // #71: a loaded run took 83 s where ~25 s was expected, unannounced
    }
}

int print_dry_run(const run::run_options& opts, std::size_t runs, const sequential_plan& seq,
                  const std::optional<run::shard_plan>& shard) {
    print_run_plan(std::cout, opts, runs);
    if (shard) {
        print_shard_plan(std::cout, *shard);
    }
    print_sequential_plan(std::cout, seq);
    return 0;
}

} // namespace grp::cli
