#include "commands/run/run_options.hpp"

#include "grp/core/error.hpp"
#include "grp/core/machine/control/control_request.hpp"
#include "grp/core/units.hpp"
#include "grp/model/host/reduce_op.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/spec/duet.hpp"
#include "grp/model/spec/kernel_catalog.hpp"
#include "grp/model/spec/param_override.hpp"
#include "grp/run/run_record.hpp"
#include "grp/run/scenario/scenarios.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <ostream>
#include <random>

namespace grp::cli {

namespace {

// --data, checked against every type the sweep runs (none named: float).
data_choice parse_checked_data(const std::string& text, const std::vector<element_type>& types) {
    auto data = parse_data_choice(text);
    for (auto t : types.empty() ? std::vector<element_type>{element_type::float32} : types) {
        check_data_for_type(data, t);
    }
    return data;
}

// -t, --layout, --op, -n, -l, --order, --cache, --seed: the sweep's axes (each --op once).
sweep_options sweep_of(const run_cli_options& o) {
    sweep_options s;
    for (const auto& t : o.types) {
        s.types.push_back(parse_element_type(t));
    }
    for (const auto& l : o.layouts) {
        s.layouts.push_back(parse_data_layout(l));
    }
    if (!o.ops.empty()) {
        s.ops.clear();
        for (const auto& op : o.ops) {
            const auto parsed = parse_reduce_op(op);
            if (std::find(s.ops.begin(), s.ops.end(), parsed) == s.ops.end()) {
                s.ops.push_back(parsed);
            }
        }
    }
    for (const auto& n : o.sizes) {
        s.sizes.push_back(parse_count(n, "-n"));
    }
    s.local_sizes = o.local_sizes;
    s.order = parse_sweep_order(o.order);
    s.cache = parse_cache_mode(o.cache);
    s.seed = o.seed;
    return s;
}

// The sampling as typed, with --order-seed drawn, --max-noise as a fraction, --samples as both
// bounds, and the rule for long launches off once the user set the sampling.
run::measure_options measure_of(const run_cli_options& o) {
    run::measure_options m = o.measure;
    m.order_seed = resolve_order_seed(o.order_seed);
    m.max_noise = o.max_noise_pct / 100.0;
    if (o.samples != 0) {
        m.min_samples = m.max_samples = o.samples;
    }
    if (o.sampling_given) {
        m.long_launch_s = 0; // what the user set runs as set
    }
    if (m.max_samples < m.min_samples) {
        throw usage_error("--max-samples must be at least --min-samples");
    }
    return m;
}

// -k and --duet with -a's overrides applied. `run --scenario X` alone runs the scenario only;
// add -k to sweep kernels as well.
void select_kernels(const run_cli_options& o, run::run_options& r) {
    std::vector<param_override> overrides;
    for (const auto& a : o.params) {
        overrides.push_back(parse_param_override(a));
    }
    const auto select = [&](const std::vector<std::string>& items) {
        auto kernels = resolve_kernels(items, r.sweep.layouts);
        apply_param_overrides(kernels, overrides);
        return kernels;
    };
    if (!o.duet.empty()) {
        auto plan = plan_duet(select({o.duet}), select(o.kernels));
        r.kernels = instantiate_kernels(plan.kernels);
        r.duet = std::move(plan.triples);
        r.duet_base = o.duet;
    } else if (o.scenarios.empty() || !o.kernels.empty() || !o.layouts.empty()) {
        r.kernels = instantiate_kernels(select(o.kernels));
    } else if (!overrides.empty()) {
        throw usage_error("--param sets tuning parameters of -k's kernels; --scenario alone "
                          "runs none");
    }
}

// --resume's profile and --after-hang's, read now (a bad one fails before any work).
void read_resume(const run_cli_options& o, run::run_options& r) {
    if (!o.resume.empty()) {
        r.resume = std::make_shared<const profile>(load_profile(o.resume));
        r.resume_path = o.resume;
    }
    if (!o.after_hang.empty()) {
        r.after_hang = std::make_shared<const profile>(load_profile(o.after_hang));
        r.after_hang_path = o.after_hang;
    }
    for (const auto& f : o.skip_hung) {
        r.hung_elsewhere.push_back(std::make_shared<const profile>(load_profile(f)));
    }
    r.launch_timeout_s = o.launch_timeout_s;
}

} // namespace

// Every value is checked in the order the options were always checked (the first bad one is
// the error a user sees).
run::run_options to_run_options(const run_cli_options& o) {
    run::run_options r;
    for (const auto& d : o.devices) {
        r.devices.push_back(parse_device_selector(d));
    }
    if (o.device_child >= 0) { // one of -d all's devices, measured in a process of its own
        r.devices = {parse_device_selector(std::to_string(o.device_child))};
    }
    r.sweep = sweep_of(o);
    r.search = parse_search(o.search);
    read_resume(o, r);
    if (r.search.what == search_options::kind::random) {
        r.sweep.random_configs = r.search.count;
    }
    r.measure = measure_of(o);
    r.resume_rounds = r.measure.rounds; // before a part of --runs takes its share
    r.data = parse_checked_data(o.data, r.sweep.types);
    r.wg_limit = run::parse_wg_limit_policy(o.wg_limit);
    r.keep_going = o.keep_going;
    r.gate = o.gate;
    // A duet is judged on ratios within rounds and never uses the peak: measured only when
    // --peak-bytes asks for it (it cost the PoCL duet 21 of its 55 s).
    r.measure_peak = !o.no_peak && (o.duet.empty() || o.peak_bytes != 0);
    r.sensors = sensor_settings_from_env(o.sensors == "on");
    r.settle.max_s = o.settle_s;
    (void)parse_clocks(o.clocks); // a malformed request stops the run before anything runs
    (void)parse_power_limit(o.power_limit);
    r.cooldown.margin_c = o.cooldown_margin_c;
    r.cooldown.max_s = o.cooldown_max_s;
    for (const auto& sc : o.scenarios) {
        run::check_scenario_name(sc);
        r.scenarios.push_back(sc);
    }
    select_kernels(o, r);
    if (r.sweep.types.empty()) { // each kernel's own types: a user's spec declares them
        for (const auto& k : r.kernels) {
            for (auto t : planned_types(k, r.sweep)) {
                check_data_for_type(r.data, t);
            }
        }
    }
    r.barrier_runs = o.barrier_runs;
    r.max_cases = o.max_cases;
    r.host_repeats = o.host_repeats;
    r.cl_options = o.cl_options;
    r.peak_bytes = o.peak_bytes;
    return r;
}

std::optional<git_revision> resolve_revision(const std::string& commit, std::ostream* warnings) {
    if (commit.empty()) {
        auto found = current_revision(".");
        if (warnings != nullptr && !found.not_recorded.empty()) {
            *warnings << "warning: revision not recorded: " << found.not_recorded
                      << "; give --commit SHA to record the commit measured\n";
        }
        return found.revision;
    }
    std::string sha = commit;
    std::transform(sha.begin(), sha.end(), sha.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!is_full_sha(sha)) {
        throw usage_error("--commit " + commit +
                          ": give the full sha (40 or 64 hex digits: git rev-parse HEAD)");
    }
    return git_revision{sha, "", false};
}

std::uint64_t resolve_order_seed(const std::string& text) {
    if (text != "random") {
        const auto seed = parse_count(text, "--order-seed");
        // Recorded in settings.order_seed: above 2^53 a JSON reader's double would not give
        // the same number back, and the order could not be repeated.
        if (seed > (std::uint64_t{1} << 53U) - 1U) {
            throw usage_error("--order-seed " + text +
                              " is above 2^53 - 1 (9007199254740991), "
                              "the largest a JSON reader reads back exactly; give a smaller one");
        }
        return seed;
    }
    std::random_device rd;
    const std::uint64_t high = rd();
    const std::uint64_t low = rd();
    return ((high << 32U) | low) & ((std::uint64_t{1} << 53U) - 1U);
}

std::string default_output() {
    std::string stamp = run::utc_now();
    stamp.erase(std::remove_if(stamp.begin(), stamp.end(), [](char c) { return c == ':'; }),
                stamp.end());
    std::random_device rd;
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, "%06x", rd() & 0xFFFFFFu);
    return "out/profile-" + stamp + "-" + suffix + ".json";
}

} // namespace grp::cli
