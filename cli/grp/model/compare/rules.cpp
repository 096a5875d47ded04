#include "grp/model/compare/rules.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/case_compare.hpp"
#include "grp/model/stats/multiplicity.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace grp {

namespace {

/// A case ran and produced a value (right or wrong); skipped and failed cases did not.
bool has_result(const case_result& c) {
    return c.status == case_status::ok || c.status == case_status::wrong ||
           c.status == case_status::race_observed || c.status == case_status::implausible;
}

std::string sha_of(const profile& p, const std::string& kernel) {
    for (const auto& k : p.kernels) {
        if (k.name == kernel) {
            return k.sha256;
        }
    }
    return "";
}

} // namespace

std::string percent_text(double fraction) {
    std::ostringstream os;
    os.setf(std::ios::fixed | std::ios::showpos);
    os.precision(std::fabs(fraction) < 0.1 ? 2 : 1);
    os << fraction * 100 << '%';
    return os.str();
}

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
                 ? "more runs narrow it: its df are the runs, not the rounds; a duet "
                   "(run -k NEW --duet BASE) pairs launches and often decides in one invocation"
                 : "a baseline merged from several runs, or more --rounds, narrow it") +
            ")";
    }
}

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
    // A time faster than the device reads the bytes is no time to judge (roof.hpp).
    if (c->status == case_status::implausible) {
        note = c->reason;
        return verdict::implausible;
    }
    if (b->status == case_status::implausible) {
        note = status_text("base", *b) + "; the candidate's time is plausible";
        return verdict::fixed;
    }
    return std::nullopt;
}

bool decide_fails(const case_comparison& cc, const compare_options& opt) {
    const bool raw = opt.normalize == normalization::none;
    switch (cc.outcome) {
    case verdict::wrong:
    case verdict::implausible:
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
               (!cc.cross_machine || !raw || opt.cross_machine_fails) &&
               (!cc.one_run_each || opt.one_run_gates) && !cc.untrusted_timer &&
               (!cc.conditions_differ || opt.any_conditions);
    default:
        return false;
    }
}

void sort_worst_first(std::vector<case_comparison>& cases) {
    std::stable_sort(cases.begin(), cases.end(), [](const auto& a, const auto& b) {
        if (a.outcome != b.outcome) {
            return static_cast<int>(a.outcome) < static_cast<int>(b.outcome);
        }
        const double ra = a.ratio.value_or(1.0), rb = b.ratio.value_or(1.0);
        if (ra != rb) {
            return ra > rb;
        }
        return a.key < b.key;
    });
}

namespace {

// One family: the claims of one direction. A case's one-sided p towards `v` is half its
// two-sided p when its change points that way, else 1 - half.
void correct_direction(std::vector<case_comparison>& cases, const std::vector<std::size_t>& tested,
                       verdict v, const compare_options& opt) {
    std::vector<double> p;
    for (auto i : tested) {
        const auto& cc = cases[i];
        const bool towards = (v == verdict::slower) == (cc.ratio && *cc.ratio > 1);
        p.push_back(towards ? *cc.p_value / 2 : 1 - *cc.p_value / 2);
    }
    const auto keep = holm_rejections(p, opt.alpha);
    const auto bars = holm_bars(p, opt.alpha);
    for (std::size_t j = 0; j < tested.size(); ++j) {
        auto& cc = cases[tested[j]];
        if (keep[j] || cc.outcome != v) {
            continue;
        }
        cc.outcome = verdict::inconclusive;
        cc.fails = opt.fail_on.inconclusive;
        // The notes a decided verdict carries (source changed, rounds set aside) stay.
        cc.note = to_string(v) + " alone (one-sided p = " + p_text(p[j]) + "), but not among the " +
                  std::to_string(tested.size()) +
                  " cases compared: Holm's correction needs p <= " + p_text(bars[j]) +
                  " here, so that an unchanged build is called " + to_string(v) + " at most " +
                  p_text(opt.alpha * 100) + " % of the time (--correction none " +
                  "judges each case alone)" + (cc.note.empty() ? "" : "; " + cc.note);
    }
}

} // namespace

void correct_for_multiplicity(std::vector<case_comparison>& cases, const compare_options& opt) {
    if (opt.correction != multiple_correction::holm) {
        return;
    }
    std::vector<std::size_t> tested;
    for (std::size_t i = 0; i < cases.size(); ++i) {
        if (cases[i].p_value) {
            tested.push_back(i);
        }
    }
    correct_direction(cases, tested, verdict::slower, opt);
    correct_direction(cases, tested, verdict::faster, opt);
}

} // namespace grp
