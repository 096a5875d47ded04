// compare_profiles: pairs the cases of two profiles by key (and device), compares each pair,
// sorts worst first, and collects the context that differs and the warnings a reader needs
// before trusting a verdict (different machines or drivers, changed kernel sources, load,
// incomplete or one-round profiles).
#include "grp/model/compare/compare.hpp"

#include "grp/core/error.hpp"
#include "grp/core/machine/host_probe.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/conditions_gate.hpp"
#include "grp/model/compare/replication.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/profile/context.hpp"
#include "grp/model/profile/io.hpp"
#include "grp/model/stats/inference.hpp"
#include "grp/model/stats/multiplicity.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

namespace grp {

namespace {

using case_index = std::map<case_key, std::vector<const case_result*>>;

case_index index_cases(const profile& p) {
    case_index idx;
    for (const auto& c : p.cases) {
        idx[c.key].push_back(&c);
    }
    return idx;
}

/// Pairs the cases of one key: by device (UUID or name) first, then in profile order.
std::vector<std::pair<const case_result*, const case_result*>>
pair_cases(const profile& bp, std::vector<const case_result*> bs, const profile& cp,
           std::vector<const case_result*> cs) {
    std::vector<std::pair<const case_result*, const case_result*>> out;
    for (auto& b : bs) {
        for (auto& c : cs) {
            const device_info* bd = device_of(bp, *b);
            const device_info* cd = c ? device_of(cp, *c) : nullptr;
            if (bd && cd && same_device(*bd, *cd)) {
                out.emplace_back(b, c);
                b = c = nullptr;
                break;
            }
        }
    }
    bs.erase(std::remove(bs.begin(), bs.end(), nullptr), bs.end());
    cs.erase(std::remove(cs.begin(), cs.end(), nullptr), cs.end());
    for (std::size_t i = 0; i < std::max(bs.size(), cs.size()); ++i) {
        out.emplace_back(i < bs.size() ? bs[i] : nullptr, i < cs.size() ? cs[i] : nullptr);
    }
    return out;
}

/// Refuses a comparison whose cases match only when the cache state is ignored: a cold launch
/// reads its input from memory, a warm one may read it from the cache (run --cache).
void refuse_cache_mismatch(const case_index& bi, const case_index& ci, const std::string& base,
                           const std::string& cand) {
    for (const auto& [key, list] : bi) {
        case_key other = key;
        other.cache = key.cache == "cold" ? "warm" : "cold";
        if (ci.count(key) != 0 || ci.count(other) == 0 || bi.count(other) != 0) {
            continue;
        }
        other.cache = "warm"; // the key's text without the cache
        throw usage_error(
            "cache states differ: " + base + " timed " + other.to_string() + " " + key.cache +
            ", " + cand + " timed it " + (key.cache == "cold" ? "warm" : "cold") +
            " (run --cache). A warm launch may read its input from the cache, a cold one from "
            "memory, so the difference would not be the kernels'. Measure both sides with the "
            "same --cache (cold is the default on GPUs, warm on CPUs; profiles before schema 2.6 "
            "are warm)");
    }
}

} // namespace

namespace {

bool loaded(const host_info& h) {
    const double cores = h.cpu_cores > 0 ? h.cpu_cores : 1;
    return (h.load_start && (*h.load_start)[0] > 0.5 * cores) ||
           (h.load_end && (*h.load_end)[0] > 0.5 * cores);
}

void identity_warnings(comparison& r, const profile& base, const profile& cand) {
    const bool cross_machine =
        std::any_of(r.cases.begin(), r.cases.end(), [](const auto& c) { return c.cross_machine; });
    if (cross_machine) {
        r.warnings.push_back(
            "cross-machine: the base ran on '" + base.host.hostname + "' (" + base.host.cpu_model +
            "), the candidate on '" + cand.host.hostname + "' (" + cand.host.cpu_model +
            "): the difference between machines is not in the baseline's spread, so raw-time "
            "'slower' does not fail. Make the baseline on this machine, compare efficiency "
            "with --normalize peak, or accept machine differences with --allow-cross-machine");
    }
    // Only where a case is compared on one device model: across devices (or with no case in
    // common) no change is read from a time, and the context table lists the differences.
    const bool same_device = std::any_of(r.cases.begin(), r.cases.end(), [](const auto& c) {
        return c.base && c.cand && !c.cross_device;
    });
    for (const auto& d : r.context) {
        if (same_device && (d.what == "driver" || d.what == "os")) {
            r.warnings.push_back(d.what + " differs: " + d.base + " -> " + d.cand +
                                 "; a change may come from it rather than from the kernels");
        }
    }
    const auto changed = std::count_if(r.cases.begin(), r.cases.end(),
                                       [](const auto& c) { return c.source_changed; });
    if (changed > 0) {
        r.warnings.push_back(std::to_string(changed) +
                             " case(s) compare kernels whose source changed (sha256 differs): "
                             "intended when you test a change, a surprise otherwise");
    }
    for (const auto* p : {&base, &cand}) {
        if (loaded(p->host)) {
            r.warnings.push_back((p == &base ? r.base_label : r.cand_label) +
                                 " ran on a loaded machine (load " + load_text(p->host.load_start) +
                                 " -> " + load_text(p->host.load_end) + " on " +
                                 std::to_string(p->host.cpu_cores) + " CPUs)");
        }
    }
}

// A device timer that is neither trusted nor unchecked: its cases are read, never gated.
void timer_warnings(comparison& r, const profile& base, const profile& cand) {
    for (const auto* side : {&base, &cand}) {
        for (const auto& d : side->devices) {
            if (!d.timer.gateable()) {
                r.warnings.push_back((side == &base ? r.base_label : r.cand_label) +
                                     ": the timer of " + d.info.name + " is " + describe(d.timer) +
                                     "; its cases' timing is read, never gated");
            }
        }
    }
}

void add_warnings(comparison& r, const profile& base, const profile& cand) {
    for (const auto* p : {&base, &cand}) {
        const auto& label = p == &base ? r.base_label : r.cand_label;
        if (!p->complete) {
            r.warnings.push_back(
                label + " is incomplete (" +
                (p->incomplete_reason.empty() ? "the run was interrupted" : p->incomplete_reason) +
                ")");
        }
        for (const auto& dup : duplicate_case_keys(*p)) {
            r.warnings.push_back(label + ": " + dup + "; they are paired in file order");
        }
    }
    if (auto w = replication_warning(base, r.base_label, cand, r.cand_label, r.options.aside())) {
        r.warnings.push_back(std::move(*w));
    }
    identity_warnings(r, base, cand);
    conditions_warnings(r, base, cand);
    timer_warnings(r, base, cand);
    // Neither a GPU's rounds nor a CPU's hold the run-to-run spread
    // (bench/results/h100-gate-power.txt, bench/results/pocl-gate-power-runs.txt). Under a
    // policy that gates timing the headline says so (NOT GATED) unless --allow-one-run.
    const bool headline_says_it = r.options.fail_on.slower && !r.options.one_run_gates;
    if (base.runs.size() <= 1 && cand.runs.size() <= 1 && r.common > 0 && !headline_says_it) {
        r.warnings.emplace_back(
            std::string("one run on each side: the intervals come from rounds alone, which do "
                        "not hold the run-to-run spread (identical pairs failed 14 of 90 on the "
                        "H100 and 31 of 90 on a quiet 2-core PoCL VM, with 3 processes 0-2 of "
                        "90: bench/results/h100-gate-power-runs.txt, "
                        "pocl-gate-power-runs.txt); ") +
            (r.options.one_run_gates ? "--allow-one-run gates them anyway; " : "") +
            "measure with run --gate (3 processes), or give compare a baseline of 3 or more "
            "runs (--base r1.json --base r2.json --base r3.json, or gpu-reduce-prof merge)");
    }
    if (r.common == 0) {
        r.warnings.push_back(
            "no case in common: " + r.base_label + " has " + std::to_string(base.cases.size()) +
            " cases" + (base.cases.empty() ? "" : " (e.g. " + base.cases[0].key.to_string() + ")") +
            ", " + r.cand_label + " has " + std::to_string(cand.cases.size()) +
            (cand.cases.empty() ? "" : " (e.g. " + cand.cases[0].key.to_string() + ")") +
            "; cases match by kernel, type, layout, n and local size, so run both with the same "
            "-k, -t, -n and -l" +
            (r.cross_devices.empty() ? std::string()
                                     : " (the cross-device table compares each kernel's best "
                                       "configuration instead; timing is not gated there)"));
    }
}

} // namespace

comparison compare_profiles(const profile& base, const profile& cand, const compare_options& opt,
                            const std::string& base_label, const std::string& cand_label) {
    comparison r;
    r.base_label = base_label;
    r.cand_label = cand_label;
    r.options = opt;
    r.base_runs = base.runs.size();
    r.cand_runs = cand.runs.size();
    case_index bi = index_cases(base), ci = index_cases(cand);
    refuse_cache_mismatch(bi, ci, base_label, cand_label);
    for (const auto& [key, list] : ci) {
        bi.try_emplace(key); // union of keys, so added cases are visited too
    }
    std::vector<case_pair> pairs;
    for (const auto& [key, bs] : bi) {
        auto it = ci.find(key);
        auto cs = it == ci.end() ? std::vector<const case_result*>{} : it->second;
        for (auto [b, c] : pair_cases(base, bs, cand, cs)) {
            r.common += b && c ? 1 : 0;
            if (is_own_reference(b ? *b : *c, opt)) {
                ++r.reference_cases; // 1.0 in every round: not a result, and no df to lend
                continue;
            }
            pairs.push_back(pair_of(base, b, cand, c, opt));
        }
    }
    r.base_invocations = invocations_of(base);
    r.moderation = moderation_prior_of(base, pairs, opt);
    for (const auto& p : pairs) {
        r.cases.push_back(compare_case(base, cand, p, opt, r.moderation));
    }
    correct_for_multiplicity(r.cases, opt);
    sort_worst_first(r.cases);
    r.context = context_differences(base, cand);
    if (!r.paired && wants_cross_device(base, cand, r.common)) {
        r.cross_devices = cross_device_table(base, cand);
    }
    add_warnings(r, base, cand);
    return r;
}

std::optional<double> case_comparison::change() const {
    return ratio ? std::optional<double>(*ratio - 1.0) : std::nullopt;
}

std::size_t comparison::count(verdict v) const {
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [v](const auto& c) { return c.outcome == v; }));
}

std::size_t comparison::failures() const {
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [](const auto& c) { return c.fails; }));
}

std::size_t comparison::timing_cases() const {
    return count(verdict::same) + count(verdict::slower) + count(verdict::faster) +
           count(verdict::inconclusive) + count(verdict::unmeasured) + count(verdict::biased);
}

std::size_t comparison::timing_judged() const {
    return static_cast<std::size_t>(
        std::count_if(cases.begin(), cases.end(), [this](const auto& c) {
            return (c.outcome == verdict::same || c.outcome == verdict::slower ||
                    c.outcome == verdict::faster) &&
                   !ungated(c);
        }));
}

bool comparison::ungated(const case_comparison& cc) const {
    return (cc.cross_device && options.normalize == normalization::none) ||
           (cc.one_run_each && !options.one_run_gates) || cc.untrusted_timer ||
           (cc.conditions_differ && !options.any_conditions);
}

bool comparison::one_run_not_gated() const {
    return !options.one_run_gates &&
           std::any_of(cases.begin(), cases.end(), [](const auto& c) { return c.one_run_each; });
}

bool comparison::conditions_not_gated() const {
    return !options.any_conditions && std::any_of(cases.begin(), cases.end(), [](const auto& c) {
        return c.conditions_differ;
    });
}

} // namespace grp
