#include "grp/model/compare/instances.hpp"

#include "grp/model/compare/pair.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/stats/rank_tests.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <cmath>
#include <limits>

namespace grp {

namespace {

/// One process's rounds: the logs of the four kernels' round centers, slot by slot.
struct process_rounds {
    std::vector<double> d, a, a_twin;
};

/// A standard error (log scale) below which the times have no spread: rounding, not timing.
constexpr double no_spread = 1e-12;

/// Sets cc's ratio, p-value, df and interval from a mean, its standard error and df, at
/// opt.level(df). No interval (false) where there is no spread at all (the same times in every
/// process) or the level is 0 (a look that spends no alpha): nothing can be decided.
bool set_interval(case_comparison& cc, double mean, double se, double df,
                  const compare_options& opt) {
    const double level = opt.level(df);
    cc.ratio = std::exp(mean);
    cc.df = df;
    cc.between_run_estimated = true;
    if (!(se > no_spread) || !std::isfinite(se) || !(level > 0)) {
        return false;
    }
    const double half = -student_t_quantile(level / 2, df) * se;
    cc.ci_low = std::exp(mean - half);
    cc.ci_high = std::exp(mean + half);
    cc.p_value = 2 * student_t_cdf(-std::fabs(mean / se), df);
    return true;
}

/// Classifies cc where it has an interval; else inconclusive, with a note saying why.
void classify_or_explain(case_comparison& cc, const compare_options& opt) {
    if (cc.ci_low && cc.ci_high) {
        classify(cc, opt);
        return;
    }
    cc.outcome = verdict::inconclusive;
    cc.note = "no interval: the four instances' times leave no spread to build one from, or "
              "this look of a sequential duet spends no alpha";
}

double sum_of_squares(const std::vector<double>& v, double about) {
    double ss = 0;
    for (double x : v) {
        ss += (x - about) * (x - about);
    }
    return ss;
}

/// Where the processes of several invocations disagree about `values` by invocation
/// (Kruskal-Wallis, p < pair_process_alpha): cc's interval from the invocations' means, `how`
/// saying so, and true; else false.
bool judged_by_invocation(case_comparison& cc, const std::vector<double>& values,
                          const instance_contrasts& x, const compare_options& opt,
                          std::string& how) {
    std::map<std::string, std::vector<double>> by_invocation;
    for (std::size_t i = 0; i < values.size(); ++i) {
        by_invocation[x.invocation[i]].push_back(values[i]);
    }
    if (by_invocation.size() < 2) {
        return false;
    }
    const auto [means, kw] = kruskal_by_group(by_invocation);
    if (kw.df < 1 || kw.p_value >= pair_process_alpha) {
        return false;
    }
    const auto j = static_cast<double>(means.size());
    set_interval(cc, mean_of(means), stddev(means) / std::sqrt(j), j - 1, opt);
    how = "the " + std::to_string(means.size()) +
          " invocations disagree about it (Kruskal-Wallis p = " + p_text(kw.p_value) +
          "): judged on their means";
    return true;
}

std::string processes_text(const instance_contrasts& x) {
    return "judged on the four instances of " + std::to_string(x.change.size()) + " processes";
}

/// The change's interval: s^2 pooled from d about its mean and the A/A contrasts about 0,
/// halved (each is a difference of two instances; d one of two means of two), 3P - 1 df;
/// unless d spreads more than the contrasts allow (F test, p < pair_process_alpha: something
/// that moves the candidate's code and not a copy of it, which the contrasts cannot see), when
/// d alone is the unit (P - 1 df).
std::string judge_change(case_comparison& cc, const instance_contrasts& x,
                         const compare_options& opt) {
    const auto processes = static_cast<double>(x.change.size());
    const double mean = mean_of(x.change);
    const double ss_d = sum_of_squares(x.change, mean);
    const double ss_aa = (sum_of_squares(x.aa_base, 0) + sum_of_squares(x.aa_cand, 0)) / 2;
    const double aa_df = 2 * processes;
    const double f_p =
        fisher_f_sf((ss_d / (processes - 1)) / (ss_aa / aa_df), processes - 1, aa_df);
    const std::string head = processes_text(x);
    if (f_p < pair_process_alpha) {
        set_interval(cc, mean, std::sqrt(ss_d / (processes - 1) / processes), processes - 1, opt);
        return head +
               ": the processes' change spreads more than the A/A contrasts do (F test p = " +
               p_text(f_p) + "), so the processes alone set the interval (" +
               std::to_string(x.change.size() - 1) + " df)";
    }
    const double df = 3 * processes - 1;
    set_interval(cc, mean, std::sqrt((ss_d + ss_aa) / df / processes), df, opt);
    return head +
           " (candidate and twin against base and control, process by process; the A/A "
           "controls' spread is in the interval, " +
           std::to_string(static_cast<int>(df)) + " df)";
}

} // namespace

instance_contrasts contrast_instances(const profile& p, const instance_cases& k,
                                      const compare_options& opt) {
    instance_contrasts out;
    const auto base = medians_by_slot(*k.base, opt.aside(), &out.set_aside, opt.center);
    const auto control = medians_by_slot(*k.control, opt.aside(), &out.set_aside, opt.center);
    const auto twin = medians_by_slot(*k.twin, opt.aside(), &out.set_aside, opt.center);
    std::map<run_index, process_rounds> by_process;
    for (const auto& [slot, c] :
         medians_by_slot(*k.cand, opt.aside(), &out.set_aside, opt.center)) {
        const auto b = base.find(slot), ctl = control.find(slot), t = twin.find(slot);
        if (b == base.end() || ctl == control.end() || t == twin.end()) {
            continue; // medians_by_slot keeps positive centers only
        }
        const double lb = std::log(b->second), lctl = std::log(ctl->second);
        const double lc = std::log(c), lt = std::log(t->second);
        auto& r = by_process[slot.first];
        r.d.push_back((lc + lt - lb - lctl) / 2);
        r.a.push_back(lctl - lb);
        r.a_twin.push_back(lt - lc);
        ++out.rounds;
    }
    for (const auto& [process, r] : by_process) {
        out.change.push_back(median_of(r.d));
        out.aa_base.push_back(median_of(r.a));
        out.aa_cand.push_back(median_of(r.a_twin));
        out.invocation.push_back(process < p.runs.size() ? p.runs[process].source : "");
    }
    return out;
}

std::string judge_on_instances(case_comparison& cc, const instance_contrasts& x,
                               const compare_options& opt) {
    std::string how;
    if (!judged_by_invocation(cc, x.change, x, opt, how)) {
        how = judge_change(cc, x, opt);
    }
    cc.on_instances = true;
    classify_or_explain(cc, opt);
    return how;
}

std::string judge_control_on_instances(case_comparison& cc, const instance_contrasts& x,
                                       const compare_options& opt) {
    std::string how;
    if (!judged_by_invocation(cc, x.aa_base, x, opt, how)) {
        // Every contrast about its own mean: a bias shared by every process is what is tested.
        const auto processes = static_cast<double>(x.change.size());
        const double mean = mean_of(x.aa_base);
        const double ss =
            sum_of_squares(x.change, mean_of(x.change)) +
            (sum_of_squares(x.aa_base, mean) + sum_of_squares(x.aa_cand, mean_of(x.aa_cand))) / 2;
        const double df = 3 * (processes - 1);
        set_interval(cc, mean, std::sqrt(2 * ss / df / processes), df, opt);
        how = processes_text(x) +
              " (the copy against its original, process by process; the "
              "spread of the four instances' contrasts, " +
              std::to_string(static_cast<int>(df)) + " df)";
    }
    cc.on_instances = true;
    classify_or_explain(cc, opt);
    return how;
}

} // namespace grp
