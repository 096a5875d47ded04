#include "grp/model/compare/compare.hpp"

#include "grp/core/host_probe.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/inference.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace grp {

namespace {

/// A case ran and produced a value (right or wrong); skipped and failed cases did not.
bool has_result(const case_result& c) {
    return c.status == case_status::ok || c.status == case_status::wrong ||
           c.status == case_status::race_observed;
}

} // namespace

std::string percent_text(double fraction) {
    std::ostringstream os;
    os.setf(std::ios::fixed | std::ios::showpos);
    os.precision(std::fabs(fraction) < 0.1 ? 2 : 1);
    os << fraction * 100 << '%';
    return os.str();
}

namespace {

std::string sha_of(const profile& p, const std::string& kernel) {
    for (const auto& k : p.kernels) {
        if (k.name == kernel) {
            return k.sha256;
        }
    }
    return "";
}

} // namespace

case_side side_of(const profile& p, const case_result& c, const side_rounds& r) {
    case_side s;
    s.status = c.status;
    s.reason = c.reason;
    const device_info* d = device_of(p, c);
    s.device = d ? d->name : "device #" + std::to_string(c.device);
    s.host = p.host.hostname;
    s.sha256 = sha_of(p, c.key.kernel);
    s.runs = r.runs.size();
    s.rounds = r.rounds;
    s.samples = r.samples;
    s.disturbed = r.disturbed;
    if (!r.runs.empty()) {
        double sum = 0;
        for (const auto& run : r.runs) {
            double m = 0;
            for (double v : run) {
                m += v;
            }
            sum += m / static_cast<double>(run.size());
        }
        s.center = std::exp(sum / static_cast<double>(r.runs.size()));
    }
    s.median_ns = median_of_rounds(c);
    s.pct_of_peak = c.pct_of_peak;
    return s;
}

std::string p_text(double p) {
    std::ostringstream os;
    os.precision(2);
    os << p;
    return os.str();
}

std::string interval_text(const case_comparison& cc, double confidence, const std::string& unit) {
    std::ostringstream os;
    os << percent_text(*cc.ratio - 1) << " [" << percent_text(*cc.ci_low - 1) << ", "
       << percent_text(*cc.ci_high - 1) << "] (" << confidence * 100 << "% interval"
       << (unit.empty() ? "" : ", " + unit) << ")";
    return os.str();
}

/// The verdict from the interval: slower/faster beyond the threshold with the whole interval
/// on one side of 1; same with the whole interval within ±threshold; else inconclusive (the
/// note then says how wide the interval is). Decided verdicts need no note: the change and
/// the interval are their numbers.
void classify(case_comparison& cc, const compare_options& opt) {
    const double t = opt.threshold;
    const double lo = *cc.ci_low, hi = *cc.ci_high, r = *cc.ratio;
    if (lo > 1 && r > 1 + t) {
        cc.outcome = verdict::slower;
    } else if (hi < 1 && r < 1 - t) {
        cc.outcome = verdict::faster;
    } else if (lo >= 1 - t && hi <= 1 + t) {
        cc.outcome = verdict::same;
    } else {
        cc.outcome = verdict::inconclusive;
        cc.note =
            interval_text(cc, 1 - opt.alpha,
                          cc.between_run_estimated ? "run-to-run spread measured" : "rounds only") +
            ": cannot tell the change from ±" + percent_text(t).substr(1) + "; the interval is " +
            percent_text((hi - lo) / 2).substr(1) + " wide each way (" +
            (cc.between_run_estimated
                 ? "more runs narrow it: its df are the runs, not the rounds"
                 : "a baseline merged from several runs, or more --rounds, narrow it") +
            ")";
    }
}

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

/// The verdict from the statuses alone; empty when both have a result and timing decides.
std::optional<verdict> status_verdict(const case_result* b, const case_result* c,
                                      std::string& note) {
    const bool b_has = b && has_result(*b);
    const bool c_has = c && has_result(*c);
    auto status_text = [](const char* side, const case_result& r) {
        return std::string(side) + ": " + to_string(r.status) +
               (r.reason.empty() ? "" : ": " + r.reason);
    };
    if (!b_has) {
        note = b ? status_text("base", *b) : "";
        if (!c_has && c) {
            note += (note.empty() ? "" : "; ") + status_text("candidate", *c);
        }
        return c_has ? verdict::added : verdict::not_run;
    }
    if (!c_has) {
        note = c ? status_text("candidate", *c) : "absent from the candidate";
        return verdict::missing;
    }
    const bool bw = b->status == case_status::wrong, cw = c->status == case_status::wrong;
    if (bw || cw) {
        note = cw ? c->reason : "";
        return bw && cw ? verdict::still_wrong : cw ? verdict::wrong : verdict::fixed;
    }
    return std::nullopt;
}

bool decide_fails(const case_comparison& cc, const compare_options& opt) {
    const bool raw = opt.normalize == normalization::none;
    switch (cc.outcome) {
    case verdict::wrong:
        return opt.fail_on.wrong;
    case verdict::missing:
        return opt.fail_on.missing;
    case verdict::unmeasured:
        return opt.fail_on.unmeasured;
    case verdict::inconclusive:
        return opt.fail_on.inconclusive;
    case verdict::slower:
        // Raw times of two different devices say nothing about a regression, and those of two
        // machines carry the machines' difference, which no baseline's spread contains.
        return opt.fail_on.slower && (!cc.cross_device || !raw) &&
               (!cc.cross_machine || !raw || opt.cross_machine_fails);
    default:
        return false;
    }
}

const device_info* device_of(const profile& p, const case_result& c) {
    if (c.device < 0 || static_cast<std::size_t>(c.device) >= p.devices.size()) {
        return nullptr;
    }
    return &p.devices[static_cast<std::size_t>(c.device)].info;
}

bool is_own_reference(const case_result& c, const compare_options& opt) {
    return opt.normalize == normalization::kernel &&
           (c.key.kernel == opt.reference || c.key.to_string() == opt.reference);
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
        cc.source_changed = !cc.base->sha256.empty() && !cc.cand->sha256.empty() &&
                            cc.base->sha256 != cc.cand->sha256;
    }
    if (auto v = status_verdict(b, c, cc.note)) {
        cc.outcome = *v;
    } else {
        decide_timing(cc, bm, cm, opt, prior);
    }
    cc.fails = decide_fails(cc, opt);
    if (cc.outcome == verdict::slower && !cc.fails && opt.fail_on.slower) {
        cc.note += cc.cross_device ? "; cross-device: raw times never fail (try --normalize peak)"
                                   : "; cross-machine: raw times do not fail (a baseline from "
                                     "this machine, --normalize peak or --allow-cross-machine)";
    }
    if (cc.source_changed) {
        cc.note += (cc.note.empty() ? "" : "; ") + std::string("kernel source changed (sha256 ") +
                   cc.base->sha256.substr(0, 8) + " -> " + cc.cand->sha256.substr(0, 8) + ")";
    }
    return cc;
}

} // namespace grp
