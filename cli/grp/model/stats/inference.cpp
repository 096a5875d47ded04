#include "grp/model/stats/inference.hpp"

#include "grp/model/stats/stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace grp {

namespace {

// What estimate_change needs of one side. "Runs" are the runs with at least one round.
struct side_summary {
    std::size_t runs = 0, rounds = 0;
    std::size_t single_run_rounds = 0; // r, when runs == 1
    double mean = 0;                   // unweighted mean of the run means
    double run_mean_var = 0;           // S_m^2, sample variance of the run means (runs >= 2)
    double within_var = 0;             // pooled variance of rounds within runs
    double within_df = 0;              // sum of (r_j - 1)
    double within_over_rounds = 0;     // mean over runs of s_j^2 / r_j
    std::vector<double> run_means;     // in run order
};

// Sum of squared deviations from the mean (two-pass, so no cancellation for tight rounds).
double sum_sq_dev(const std::vector<double>& v, double mean) {
    double ss = 0;
    for (double x : v) {
        ss += (x - mean) * (x - mean);
    }
    return ss;
}

side_summary summarize_side(const std::vector<std::vector<double>>& runs, const char* who) {
    side_summary s;
    std::vector<double> run_means;
    std::vector<double> run_vars; // -1 for a run of one round
    std::vector<double> run_sizes;
    double within_ss = 0;
    for (const auto& run : runs) {
        for (double x : run) {
            if (!std::isfinite(x)) {
                throw std::invalid_argument(std::string(who) + ": a round value is not finite");
            }
        }
        if (run.empty()) {
            continue;
        }
        const double m = mean_of(run);
        const double ss = sum_sq_dev(run, m);
        const auto r = static_cast<double>(run.size());
        run_means.push_back(m);
        run_vars.push_back(run.size() >= 2 ? ss / (r - 1) : -1.0);
        run_sizes.push_back(r);
        within_ss += ss;
        s.within_df += r - 1;
        s.rounds += run.size();
        s.single_run_rounds = run.size();
    }
    s.runs = run_means.size();
    s.run_means = run_means;
    if (s.runs == 0) {
        return s;
    }
    s.mean = mean_of(run_means);
    s.within_var = s.within_df > 0 ? within_ss / s.within_df : 0.0;
    if (s.runs >= 2) {
        s.run_mean_var = sum_sq_dev(run_means, s.mean) / static_cast<double>(s.runs - 1);
    }
    // A run of one round has no variance of its own: it borrows the side's pooled one.
    for (std::size_t j = 0; j < s.runs; ++j) {
        const double var_j = run_vars[j] >= 0 ? run_vars[j] : s.within_var;
        s.within_over_rounds += var_j / run_sizes[j] / static_cast<double>(s.runs);
    }
    return s;
}

// The J - 1 Helmert contrasts of J >= 2 run means, (m_1 + ... + m_i - i m_(i+1)) / sqrt(i (i+1)):
// orthonormal, so their squares sum to the run means' sum of squared deviations, and the same
// runs in the same order give the same coordinates in every case.
void append_helmert(const std::vector<double>& means, std::vector<double>& out) {
    double prefix = 0;
    for (std::size_t i = 1; i < means.size(); ++i) {
        prefix += means[i - 1];
        const auto fi = static_cast<double>(i);
        out.push_back((prefix - fi * means[i]) / std::sqrt(fi * (fi + 1)));
    }
}

// sigma_b^2 from one side's summary, floored at 0, with its df J - 1.
std::pair<double, double> between_from(const side_summary& s) {
    if (s.runs < 2) {
        return {0.0, 0.0};
    }
    return {std::max(0.0, s.run_mean_var - s.within_over_rounds), static_cast<double>(s.runs - 1)};
}

// One variance estimate in the squared standard error, with its df (Satterthwaite treats the
// terms as independent; see estimate_change in the header for how they are grouped).
struct variance_term {
    double value, df;
};

// Why a side cannot give its mean's standard error, or "" when it can.
std::string side_problem(const side_summary& s, const char* name) {
    if (s.runs == 0) {
        return std::string(name) + " has no rounds";
    }
    if (s.runs == 1 && s.rounds == 1) {
        return std::string(name) +
               " has 1 round in 1 run: no variation between rounds to estimate its spread";
    }
    return "";
}

void check_prior(const variance_prior& prior) {
    if (!(std::isfinite(prior.between_var) && prior.between_var >= 0 && std::isfinite(prior.df) &&
          prior.df >= 0)) {
        throw std::invalid_argument(
            "estimate_change: the prior needs a finite between_var >= 0 and df >= 0");
    }
}

// Standard error, Satterthwaite df, p-value and interval from the terms of Var(log_change).
void finish(change_estimate& e, const std::vector<variance_term>& terms, double confidence) {
    double var = 0;
    double df_sum = 0;
    for (const auto& t : terms) {
        var += t.value;
        df_sum += t.df;
    }
    e.estimable = true;
    if (!(var > 0)) {
        // No spread in anything the terms measure (e.g. every round equal): nothing to scale
        // the change by. df is Satterthwaite's upper bound, its value when each term's share
        // is proportional to its df.
        e.df = df_sum;
        e.p_value = e.log_change == 0 ? 1.0 : 0.0;
        e.ci_low = e.ci_high = e.log_change;
        return;
    }
    // (sum v)^2 / sum(v^2 / df) on shares of the sum, so tiny variances cannot underflow; the
    // result lies between the smallest df and their sum (Cauchy–Schwarz), so finite and > 0.
    double denom = 0;
    for (const auto& t : terms) {
        const double share = t.value / var;
        denom += share * share / t.df;
    }
    e.df = std::min(df_sum, 1.0 / denom);
    e.std_error = std::sqrt(var);
    const double t_stat = e.log_change / e.std_error;
    e.p_value = std::min(1.0, 2.0 * student_t_cdf(-std::fabs(t_stat), e.df));
    double half = -student_t_quantile((1.0 - confidence) / 2, e.df) * e.std_error;
    if (!std::isfinite(half)) {
        half = std::numeric_limits<double>::max(); // only for df far below 1 (a prior's df)
    }
    e.ci_low = e.log_change - half;
    e.ci_high = e.log_change + half;
}

// V, the variance of one run's mean, pooled over the multi-run sides with df Σ(J - 1).
variance_term run_mean_pool(const side_summary& b, const side_summary& c) {
    double ss = 0, df = 0;
    for (const side_summary* s : {&b, &c}) {
        if (s->runs >= 2) {
            const double j1 = static_cast<double>(s->runs - 1);
            ss += std::max(s->run_mean_var, s->within_over_rounds) * j1;
            df += j1;
        }
    }
    return {df > 0 ? ss / df : 0.0, df};
}

// V moderated with the prior, (d0 s0^2 + d V) / (d0 + d), with d + d0 df if s0^2 were known;
// it is itself estimated from the cases (prior.var_df), so where Satterthwaite's df of that
// weighted sum is smaller, that.
variance_term moderate(variance_term own, const run_mean_prior& prior) {
    if (!(prior.df > 0)) {
        return own;
    }
    const double w = prior.df / (prior.df + own.df);
    const double from_prior = w * prior.var, from_case = (1 - w) * own.value;
    const double sum = from_prior + from_case;
    double df = own.df + prior.df;
    if (prior.var_df > 0 && sum > 0) {
        const double p = from_prior / sum, c = from_case / sum; // shares: no underflow
        df = std::min(df, 1.0 / (p * p / prior.var_df + c * c / own.df));
    }
    return {sum, df};
}

// With runs on a side, the terms of Var(m_cand - m_base) from the run means (see the header):
// V (moderated with the prior when it has df) times Σ 1/J, and a single-run side's own rounds
// term when they say its mean varies more than V.
std::vector<variance_term> run_mean_terms(const side_summary& b, const side_summary& c,
                                          const run_mean_prior& prior) {
    const auto [v, df] = moderate(run_mean_pool(b, c), prior);
    double coefficient = 0;
    std::vector<variance_term> terms;
    for (const side_summary* s : {&b, &c}) {
        if (s->runs >= 2) {
            coefficient += 1.0 / static_cast<double>(s->runs);
        } else if (s->within_over_rounds > v && s->within_df > 0) {
            terms.push_back({s->within_over_rounds, s->within_df});
        } else {
            coefficient += 1.0;
        }
    }
    terms.push_back({v * coefficient, df});
    return terms;
}

// The terms with one run a side: each side's rounds (its within-run variance / rounds: df its
// within df) and, with a prior, sigma_b^2 (1/J_b + 1/J_c) (df of the prior). Without a prior the
// run term is absent: the rounds are assumed to cover run-to-run variation.
std::vector<variance_term> change_terms(const side_summary& b, const side_summary& c,
                                        const variance_prior& between,
                                        const run_mean_prior& moderation) {
    if (b.runs >= 2 || c.runs >= 2) {
        return run_mean_terms(b, c, moderation);
    }
    std::vector<variance_term> terms;
    for (const side_summary* s : {&b, &c}) {
        if (s->within_df > 0) {
            terms.push_back({s->within_over_rounds, s->within_df});
        }
    }
    if (between.df > 0) {
        terms.push_back({between.between_var * 2.0, between.df});
    }
    if (terms.empty()) { // cannot happen: side_problem rejects a single run of a single round
        terms.push_back({0.0, 1.0});
    }
    return terms;
}

} // namespace

change_estimate estimate_change(const std::vector<std::vector<double>>& base_runs,
                                const std::vector<std::vector<double>>& cand_runs,
                                double confidence, const variance_prior& prior,
                                const run_mean_prior& moderation) {
    if (!(confidence > 0 && confidence < 1)) {
        throw std::invalid_argument("estimate_change: confidence must be in (0, 1)");
    }
    check_prior(prior);
    check_prior({moderation.var, moderation.df});
    const side_summary b = summarize_side(base_runs, "estimate_change");
    const side_summary c = summarize_side(cand_runs, "estimate_change");
    change_estimate e;
    e.base_runs = b.runs;
    e.cand_runs = c.runs;
    e.base_rounds = b.rounds;
    e.cand_rounds = c.rounds;
    e.base_within_var = b.within_var;
    e.cand_within_var = c.within_var;
    if (b.runs > 0 && c.runs > 0) {
        e.log_change = c.mean - b.mean;
    }
    std::vector<std::pair<double, double>> sides;
    for (const side_summary* s : {&b, &c}) {
        if (s->runs >= 2) {
            sides.push_back(between_from(*s));
        }
    }
    const variance_prior own = pool_between_run_variance(sides);
    const variance_prior used =
        prior.df > 0
            ? pool_between_run_variance({{prior.between_var, prior.df}, {own.between_var, own.df}})
            : own;
    e.between_run_var = used.between_var;
    e.between_run_estimated = used.df > 0;
    e.why_not = side_problem(b, "base");
    if (e.why_not.empty()) {
        e.why_not = side_problem(c, "cand");
    }
    if (e.why_not.empty()) {
        finish(e, change_terms(b, c, used, moderation), confidence);
        e.moderation_df = b.runs >= 2 || c.runs >= 2 ? moderation.df : 0.0;
    }
    return e;
}

std::optional<case_run_variance>
run_mean_variance(const std::vector<std::vector<double>>& base_runs,
                  const std::vector<std::vector<double>>& cand_runs) {
    const side_summary b = summarize_side(base_runs, "run_mean_variance");
    const side_summary c = summarize_side(cand_runs, "run_mean_variance");
    if (!(b.runs >= 2 || c.runs >= 2) || !side_problem(b, "base").empty() ||
        !side_problem(c, "cand").empty()) {
        return std::nullopt;
    }
    const auto [v, df] = run_mean_pool(b, c);
    case_run_variance out{v, df, {}};
    for (const side_summary* s : {&b, &c}) {
        append_helmert(s->run_means, out.residuals);
    }
    return out;
}

std::pair<double, double> between_run_variance(const std::vector<std::vector<double>>& runs) {
    return between_from(summarize_side(runs, "between_run_variance"));
}

variance_prior pool_between_run_variance(const std::vector<std::pair<double, double>>& per_case) {
    double weighted = 0;
    double df = 0;
    for (const auto& [var, var_df] : per_case) {
        if (!(std::isfinite(var) && var >= 0 && std::isfinite(var_df) && var_df >= 0)) {
            throw std::invalid_argument(
                "pool_between_run_variance: every variance and df must be finite and >= 0");
        }
        weighted += var_df * var;
        df += var_df;
    }
    if (!(df > 0)) {
        return {};
    }
    return {weighted / df, df};
}

} // namespace grp
