#include "grp/model/compare/side.hpp"

#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace grp {

namespace {

/// The reference case for normalization::kernel on the same device, or nullptr.
const case_result* find_reference(const profile& p, const case_result& c, const std::string& ref) {
    case_key want = c.key;
    want.kernel = ref;
    const bool full_key = ref.find('/') != std::string::npos;
    for (const auto& r : p.cases) {
        if (r.device == c.device && (full_key ? r.key.to_string() == ref : r.key == want)) {
            return &r;
        }
    }
    return nullptr;
}

/// ln of the factor normalization::peak multiplies every time by, or why there is none.
std::optional<double> peak_scale(const profile& p, const case_result& c, std::string& problem) {
    const bool known = c.device >= 0 && static_cast<std::size_t>(c.device) < p.devices.size();
    const auto* dev = known ? &p.devices[static_cast<std::size_t>(c.device)] : nullptr;
    if (!dev || !dev->peak || !(dev->peak->read_gbps > 0)) {
        problem = "no measured peak bandwidth for " + (dev ? dev->info.name : "its device");
        return std::nullopt;
    }
    return std::log(dev->peak->read_gbps);
}

/// ln of the factor normalization::floor divides every time by (the device's launch floor), or
/// why there is none (a profile older than 2.17, or a check profile).
std::optional<double> floor_scale(const profile& p, const case_result& c, std::string& problem) {
    const bool known = c.device >= 0 && static_cast<std::size_t>(c.device) < p.devices.size();
    const auto* dev = known ? &p.devices[static_cast<std::size_t>(c.device)] : nullptr;
    if (!dev || !dev->launch_floor_ns || !(*dev->launch_floor_ns > 0)) {
        problem = "no measured launch floor (empty-kernel span) for " +
                  (dev ? dev->info.name : "its device") +
                  ": a profile older than schema 2.17 has none; measure it again with run";
        return std::nullopt;
    }
    return -std::log(*dev->launch_floor_ns);
}

/// The unit of replication each run belongs to. A baseline merged from several `run`
/// invocations (runs tagged with their source file) has one unit per invocation: the processes
/// of one invocation run back to back and share its level, while invocations minutes apart
/// drift (on the H100 the 20 us cases of three processes sat within 2-4 % of each other while
/// invocations two minutes apart differed by 10-20 %: bench/results/h100-gate-power.txt).
/// Otherwise every run (a process of `run --runs`, or a run of a 0.1 merge) is its own unit.
std::vector<run_index> run_units(const profile& p) {
    std::map<std::string, run_index> unit_of_source;
    for (const auto& r : p.runs) {
        unit_of_source.emplace(r.source, unit_of_source.size());
    }
    std::vector<run_index> units(p.runs.size());
    const bool by_source = unit_of_source.size() >= 2 && unit_of_source.size() < p.runs.size();
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        units[i] = by_source ? unit_of_source[p.runs[i].source] : run_index{i};
    }
    return units;
}

/// Why a side with too few rounds left after setting some aside cannot be judged.
std::string set_aside_problem(const case_result& c, const side_rounds& s,
                              const compare_options& opt) {
    const auto unsteady =
        opt.set_aside_unsteady
            ? static_cast<std::size_t>(std::count_if(c.rounds.begin(), c.rounds.end(),
                                                     [&](const auto& r) { return r.unsteady(); }))
            : 0;
    const auto of = std::to_string(s.disturbed) + " of " + std::to_string(s.disturbed + s.rounds);
    if (unsteady >= s.disturbed) {
        return of + " rounds ran while the device's clocks ramped or were throttled (the rounds' "
                    "conditions say which): too few steady rounds to judge. Let the device cool, "
                    "check its power limit, or judge them anyway with compare --unsteady keep";
    }
    return of + " rounds were set aside (" + std::to_string(unsteady) +
           " of them unsteady clocks), most because another process took the CPU (its threads "
           "waited over " +
           std::to_string(static_cast<int>(opt.max_cpu_wait * 100)) +
           "% of the round): too few undisturbed rounds to judge. Separate invocations on "
           "a loaded machine are not comparable (keeping those rounds gave confident "
           "wrong verdicts); measure on a quieter machine, or time both kernels in one "
           "invocation, run -k NEW_SPEC --duet BASE_SPEC, and judge that profile with "
           "compare DUET.json (a duet keeps every round: docs/compare.md)";
}

} // namespace

round_slots medians_by_slot(const case_result& c, const aside_rule& aside, std::size_t* dropped,
                            round_center center) {
    round_slots out;
    std::map<run_index, std::size_t> ordinal;
    for (const auto& r : c.rounds) {
        std::optional<double> m = r.median_ns();
        if (center == round_center::min && !r.samples_ns.empty()) {
            m = static_cast<double>(*std::min_element(r.samples_ns.begin(), r.samples_ns.end()));
        }
        const auto slot = std::make_pair(r.run, ordinal[r.run]++);
        if (set_aside(r, aside)) {
            if (dropped && m) {
                ++*dropped;
            }
        } else if (m && *m > 0) {
            out[slot] = *m;
        }
    }
    return out;
}

bool set_aside(const round_record& r, const aside_rule& aside) {
    return r.disturbed(aside.max_cpu_wait) || (aside.unsteady && r.unsteady());
}

std::optional<double> median_of_rounds(const case_result& c) {
    std::vector<double> medians;
    for (const auto& r : c.rounds) {
        if (auto m = r.median_ns()) {
            medians.push_back(*m);
        }
    }
    if (medians.empty()) {
        return std::nullopt;
    }
    std::sort(medians.begin(), medians.end());
    return percentile_sorted(medians, 0.5);
}

side_rounds rounds_of(const profile& p, const case_result& c, const compare_options& opt) {
    side_rounds s;
    s.samples = c.samples_ns.size();
    const bool scaled =
        opt.normalize == normalization::peak || opt.normalize == normalization::floor;
    // Added to every ln value: the normalization to the device's peak or launch floor.
    const auto shift = !scaled                                ? std::optional<double>(0.0)
                       : opt.normalize == normalization::peak ? peak_scale(p, c, s.problem)
                                                              : floor_scale(p, c, s.problem);
    if (!shift) {
        return s;
    }
    round_slots reference;
    if (opt.normalize == normalization::kernel) {
        const auto* r = find_reference(p, c, opt.reference);
        if (!r || r->status != case_status::ok ||
            (reference = medians_by_slot(*r, opt.aside(), nullptr, opt.center)).empty()) {
            s.problem = "no usable reference case '" + opt.reference + "' for this case";
            return s;
        }
    }
    const auto unit_of = run_units(p);
    std::map<run_index, std::vector<double>> by_run;
    for (const auto& [slot, median] : medians_by_slot(c, opt.aside(), &s.disturbed, opt.center)) {
        double v = std::log(median) + *shift;
        if (opt.normalize == normalization::kernel) {
            auto it = reference.find(slot);
            if (it == reference.end()) {
                continue; // the reference has no such round: this round cannot be paired
            }
            v -= std::log(it->second);
        }
        by_run[slot.first < unit_of.size() ? unit_of[slot.first] : slot.first].push_back(v);
        ++s.rounds;
    }
    for (auto& [run, values] : by_run) {
        s.runs.push_back(std::move(values));
    }
    if (s.rounds == 0 && s.disturbed == 0) {
        s.unmeasured = opt.normalize != normalization::kernel || c.rounds.empty() || s.samples == 0;
        s.problem = c.flagged_samples > 0 ? "every sample was flagged by the timestamp checks (" +
                                                std::to_string(c.flagged_samples) + ")"
                                          : "no timed rounds";
    } else if (s.disturbed > 0 && s.rounds < opt.min_rounds) {
        s.problem = set_aside_problem(c, s, opt);
    }
    return s;
}

} // namespace grp
