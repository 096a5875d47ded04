#include "grp/model/compare/case_compare.hpp"

#include "grp/core/machine/host_probe.hpp"
#include "grp/model/compare/conditions_gate.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/measure/roof.hpp"
#include "grp/model/stats/inference.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace grp {

namespace {

/// Why the rounds of a pair cannot go to the interval test ("" when they can).
std::string rounds_problem(const side_rounds& b, const side_rounds& c, const compare_options& opt) {
    if (!b.problem.empty() || !c.problem.empty()) {
        return !b.problem.empty() ? "base: " + b.problem : "candidate: " + c.problem;
    }
    if (b.rounds < opt.min_rounds || c.rounds < opt.min_rounds) {
        return "too few rounds to see round-to-round variation (base " + std::to_string(b.rounds) +
               ", candidate " + std::to_string(c.rounds) + "; --min-rounds " +
               std::to_string(opt.min_rounds) +
               "). A schema 1.x profile holds one burst: launches of one burst are not "
               "independent samples; measure it again with this version";
    }
    return "";
}

void decide_timing(case_comparison& cc, const side_rounds& b, const side_rounds& c,
                   const compare_options& opt, const run_mean_prior& prior) {
    cc.outcome = verdict::inconclusive;
    if (b.unmeasured || c.unmeasured) {
        cc.outcome = verdict::unmeasured;
        cc.note = b.unmeasured ? "base: " + b.problem : "candidate: " + c.problem;
        return;
    }
    cc.note = rounds_problem(b, c, opt);
    if (!cc.note.empty()) {
        return;
    }
    const auto e = estimate_change(b.runs, c.runs, 1 - opt.alpha, {}, prior);
    if (!e.estimable) {
        cc.note = e.why_not;
        return;
    }
    cc.ratio = std::exp(e.log_change);
    cc.ci_low = std::exp(e.ci_low);
    cc.ci_high = std::exp(e.ci_high);
    cc.p_value = e.p_value;
    cc.df = e.df;
    cc.between_run_var = e.between_run_var;
    cc.between_run_estimated = e.between_run_estimated;
    classify(cc, opt);
    if (b.disturbed + c.disturbed > 0) {
        cc.note += (cc.note.empty() ? "" : "; ") + std::to_string(b.disturbed) + " base and " +
                   std::to_string(c.disturbed) +
                   " candidate round(s) set aside: another process took the CPU";
    }
}

} // namespace

const profile_device* device_record(const profile& p, const case_result& c) {
    return c.device >= 0 && static_cast<std::size_t>(c.device) < p.devices.size()
               ? &p.devices[static_cast<std::size_t>(c.device)]
               : nullptr;
}

const device_info* device_of(const profile& p, const case_result& c) {
    const auto* d = device_record(p, c);
    return d == nullptr ? nullptr : &d->info;
}

std::string untrusted_timer(const profile& p, const case_result& c, const std::string& label) {
    const auto* d = device_record(p, c);
    if (d == nullptr) {
        return "";
    }
    return d->timer.gateable()
               ? ""
               : label + "'s timer on " + d->info.name + " is " + describe(d->timer);
}

void mark_untrusted_timer(case_comparison& cc, const profile& bp, const case_result* b,
                          const profile& cp, const case_result* c) {
    if (b == nullptr || c == nullptr) {
        return;
    }
    auto why = untrusted_timer(bp, *b, "base");
    if (why.empty()) {
        why = untrusted_timer(cp, *c, "candidate");
    }
    if (!why.empty()) {
        cc.untrusted_timer = true;
        cc.note += std::string(cc.note.empty() ? "" : "; ") + "timing not gated: " + why;
    }
}

void mark_beyond_roof(case_comparison& cc, const profile& bp, const case_result* b,
                      const profile& cp, const case_result* c) {
    if (cc.outcome != verdict::faster || b == nullptr || c == nullptr || !c->gbps ||
        cc.cross_device) {
        return;
    }
    for (const auto* d : {device_record(cp, *c), device_record(bp, *b)}) {
        const auto roof = d ? roof_gbps(*d, c->bytes) : std::nullopt;
        if (roof && *c->gbps > implausible_factor * *roof) {
            cc.outcome = verdict::implausible;
            cc.note =
                "candidate " + implausible_reason(c->bytes, *c->gbps, *roof,
                                                  d == device_record(bp, *b) ? "the base's" : "");
            return;
        }
    }
}

bool is_own_reference(const case_result& c, const compare_options& opt) {
    return opt.normalize == normalization::kernel &&
           (c.key.kernel == opt.reference || c.key.to_string() == opt.reference);
}

bool same_physical_device(const device_info& a, const host_info& ha, const device_info& b,
                          const host_info& hb) {
    if (a.uuid && b.uuid && !a.uuid->empty() && !b.uuid->empty()) {
        return *a.uuid == *b.uuid;
    }
    return a.name == b.name && same_host(ha, hb);
}

bool same_device(const device_info& a, const device_info& b) {
    if (a.uuid && b.uuid && !a.uuid->empty() && !b.uuid->empty() && *a.uuid == *b.uuid) {
        return true;
    }
    return a.name == b.name;
}

/// How many `run` invocations a profile's runs came from: the distinct sources a merge tagged
/// them with (1 for a profile of one invocation, however many processes it ran).
std::size_t invocations_of(const profile& p) {
    std::set<std::string> sources;
    for (const auto& r : p.runs) {
        sources.insert(r.source);
    }
    return std::max<std::size_t>(1, sources.size());
}

case_pair pair_of(const profile& bp, const case_result* b, const profile& cp, const case_result* c,
                  const compare_options& opt) {
    case_pair p{b, c, {}, {}};
    if (b) {
        p.base_rounds = rounds_of(bp, *b, opt);
    }
    if (c) {
        p.cand_rounds = rounds_of(cp, *c, opt);
    }
    return p;
}

run_mean_prior moderation_prior_of(const profile& bp, const std::vector<case_pair>& pairs,
                                   const compare_options& opt) {
    if (opt.moderate == moderation_mode::off ||
        (opt.moderate == moderation_mode::automatic && invocations_of(bp) < 2)) {
        return {};
    }
    std::vector<case_run_variance> cases;
    for (const auto& p : pairs) {
        std::string note;
        const side_rounds &bm = p.base_rounds, &cm = p.cand_rounds;
        if (!p.base || !p.cand || status_verdict(p.base, p.cand, note) || bm.unmeasured ||
            cm.unmeasured || !rounds_problem(bm, cm, opt).empty()) {
            continue;
        }
        if (auto v = run_mean_variance(bm.runs, cm.runs)) {
            cases.push_back(std::move(*v));
        }
    }
    return moderation_prior(cases);
}

namespace {

// Why a slower case under a policy that gates timing does not fail: the rule of decide_fails
// that applied, in its order, so an option already given is never suggested; empty when the
// case's note already says why (an untrusted timer).
std::string not_failing_note(const case_comparison& cc, const compare_options& opt) {
    const bool raw = opt.normalize == normalization::none;
    if (cc.cross_device && raw) {
        return "cross-device: raw times never fail (try --normalize peak)";
    }
    if (cc.cross_machine && raw && !opt.cross_machine_fails) {
        return "cross-machine: raw times do not fail (a baseline from this machine, "
               "--normalize peak or --allow-cross-machine)";
    }
    if (cc.one_run_each && !opt.one_run_gates) {
        return "one run on each side: read, not gated";
    }
    return "";
}

} // namespace

case_comparison compare_case(const profile& bp, const profile& cp, const case_pair& pair,
                             const compare_options& opt, const run_mean_prior& prior) {
    const case_result *b = pair.base, *c = pair.cand;
    const side_rounds &bm = pair.base_rounds, &cm = pair.cand_rounds;
    case_comparison cc;
    cc.key = b ? b->key : c->key;
    if (b) {
        cc.base = side_of(bp, *b, bm);
    }
    if (c) {
        cc.cand = side_of(cp, *c, cm);
    }
    if (b && c) {
        const device_info* bd = device_of(bp, *b);
        const device_info* cd = device_of(cp, *c);
        cc.cross_device = bd && cd && !same_device(*bd, *cd);
        // A case whose device the profile does not list cannot be placed: cross-machine.
        cc.cross_machine =
            !cc.cross_device && (!bd || !cd || !same_physical_device(*bd, bp.host, *cd, cp.host));
        cc.one_run_each = bp.runs.size() <= 1 && cp.runs.size() <= 1;
        cc.source_changed = !cc.base->sha256.empty() && !cc.cand->sha256.empty() &&
                            cc.base->sha256 != cc.cand->sha256;
    }
    if (auto v = status_verdict(b, c, cc.note)) {
        cc.outcome = *v;
    } else {
        decide_timing(cc, bm, cm, opt, prior);
        mark_beyond_roof(cc, bp, b, cp, c);
    }
    mark_untrusted_timer(cc, bp, b, cp, c);
    mark_conditions(cc, bp, b, cp, c, opt);
    cc.fails = decide_fails(cc, opt);
    if (cc.outcome == verdict::slower && !cc.fails && opt.fail_on.slower &&
        (!cc.conditions_differ || opt.any_conditions)) { // else the note says it already
        if (const auto why = not_failing_note(cc, opt); !why.empty()) {
            cc.note += (cc.note.empty() ? "" : "; ") + why;
        }
    }
    if (cc.source_changed) {
        cc.note += (cc.note.empty() ? "" : "; ") + std::string("kernel source changed (sha256 ") +
                   cc.base->sha256.substr(0, 8) + " -> " + cc.cand->sha256.substr(0, 8) + ")";
    }
    return cc;
}

} // namespace grp
