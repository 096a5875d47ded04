#include "grp/model/compare/pair.hpp"

#include "grp/model/compare/case_compare.hpp"
#include "grp/model/compare/instances.hpp"
#include "grp/model/compare/rules.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/stats/multiplicity.hpp"
#include "grp/model/stats/rank_tests.hpp"
#include "grp/model/stats/stats.hpp"
#include "grp/model/stats/student_t.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace grp {

namespace {

/// The log ratios cand / base of the rounds both ran in the same slot, grouped by process, and
/// each process's invocation (the file a pooled run came from; "" in a single duet).
struct paired_rounds {
    std::map<run_index, std::vector<double>> by_process;
    std::map<run_index, std::string> invocation;
    std::vector<double> all;
    std::size_t set_aside = 0; ///< rounds of either kernel set aside for CPU wait
};

paired_rounds pair_rounds(const profile& p, const case_result& b, const case_result& c,
                          const compare_options& opt) {
    paired_rounds out;
    const auto base = medians_by_slot(b, opt.aside(), &out.set_aside, opt.center);
    for (const auto& [slot, median] : medians_by_slot(c, opt.aside(), &out.set_aside, opt.center)) {
        auto it = base.find(slot);
        if (it != base.end() && median > 0 && it->second > 0) {
            const double d = std::log(median / it->second);
            out.by_process[slot.first].push_back(d);
            out.invocation[slot.first] =
                slot.first < p.runs.size() ? p.runs[slot.first].source : std::string();
            out.all.push_back(d);
        }
    }
    return out;
}

/// The one-sample t interval over `means` (size - 1 df): process means, or invocation means,
/// at opt.level(df) (alpha, or a sequential run's last look).
void judge_on_means(case_comparison& cc, const std::vector<double>& means,
                    const compare_options& opt) {
    const auto j = static_cast<double>(means.size());
    const double mean = mean_of(means);
    const double se = stddev(means) / std::sqrt(j), df = j - 1;
    const double level = opt.level(df);
    const double half = level > 0 ? -student_t_quantile(level / 2, df) * se
                                  : std::numeric_limits<double>::infinity();
    cc.ratio = std::exp(mean);
    cc.ci_low = std::exp(mean - half);
    cc.ci_high = std::exp(mean + half);
    cc.df = df;
    cc.p_value = se > 0 ? 2 * student_t_cdf(-std::fabs(mean / se), df) : (mean == 0 ? 1.0 : 0.0);
    cc.between_run_estimated = true;
}

/// The processes disagree (Kruskal-Wallis p = `process_p`): their means are the unit, unless
/// the profile pools several invocations whose processes disagree by invocation (Kruskal-Wallis
/// over the process means grouped by invocation, p < pair_process_alpha), where the
/// invocations' means are: the processes of one invocation share its build, placement and
/// start, so they are not independent of each other when invocations differ. Returns how the
/// case was judged, for its note.
std::string judge_on_processes(case_comparison& cc, const paired_rounds& r, double process_p,
                               const compare_options& opt) {
    std::vector<double> means;
    std::map<std::string, std::vector<double>> by_invocation;
    for (const auto& [process, d] : r.by_process) {
        means.push_back(mean_of(d));
        by_invocation[r.invocation.at(process)].push_back(means.back());
    }
    const std::string disagree =
        "the " + std::to_string(r.by_process.size()) +
        " processes disagree about the ratio (Kruskal-Wallis p = " + p_text(process_p) + ")";
    if (by_invocation.size() < 2) {
        judge_on_means(cc, means, opt);
        return disagree + ": judged on their means";
    }
    const std::string invocations = std::to_string(by_invocation.size()) + " invocations";
    const auto [invocation_means, kw] = kruskal_by_group(by_invocation);
    if (kw.df >= 1 && kw.p_value < pair_process_alpha) {
        judge_on_means(cc, invocation_means, opt);
        return disagree + ", and so do the " + invocations +
               " (Kruskal-Wallis p = " + p_text(kw.p_value) +
               " over their processes): judged on the invocations' means";
    }
    judge_on_means(cc, means, opt);
    return disagree + ", not by invocation: judged on their means, pooled over " + invocations;
}

/// The interval of one case from its paired rounds, or a note saying why there is none; `how`
/// gets how the processes were treated when that is not the usual rounds-as-unit.
void judge_rounds(case_comparison& cc, const paired_rounds& r, const compare_options& opt,
                  std::string& how) {
    const std::string rounds = std::to_string(r.all.size()) + " paired round(s)";
    if (r.all.size() < std::max<std::size_t>(opt.min_rounds, 2)) {
        cc.note = "only " + rounds +
                  " (both kernels timed in the same pass, not set aside): too few to judge; " +
                  (r.set_aside > 0
                       ? "keep the disturbed rounds with --max-cpu-wait 0 (the duet's default: "
                         "what disturbed a round disturbed both kernels of it)"
                       : "run both in one invocation with --runs 8 --rounds 48");
        return;
    }
    std::vector<std::vector<double>> groups;
    for (const auto& [process, d] : r.by_process) {
        groups.push_back(d);
    }
    const auto kw = kruskal_wallis(groups);
    if (kw.df >= 1 && kw.p_value < pair_process_alpha) {
        how = judge_on_processes(cc, r, kw.p_value, opt);
    } else {
        const double level = opt.level(static_cast<double>(r.all.size()) - 1);
        if (!(1 - level < 1)) { // an early look of a long plan: its alpha rounds to nothing
            cc.note = "the sequential boundary spends no alpha at this look (" +
                      std::to_string(opt.sequential->looks.back()) + " of " +
                      std::to_string(opt.sequential->max_processes) +
                      " processes): nothing can be decided before a later look";
            return;
        }
        const auto sr = signed_rank_test(r.all, 1 - level);
        if (!sr.bounded) {
            cc.note = rounds + " cannot bound a " + p_text((1 - opt.alpha) * 100) +
                      "% interval (the signed-rank test needs more); run with --rounds 30";
            return;
        }
        cc.ratio = std::exp(sr.estimate);
        cc.ci_low = std::exp(sr.ci_low);
        cc.ci_high = std::exp(sr.ci_high);
        cc.p_value = sr.p_value;
    }
    classify(cc, opt);
    if (cc.outcome == verdict::inconclusive) {
        cc.note = interval_text(cc, 1 - opt.alpha) + " over " + rounds +
                  ": cannot tell the change from +-" + percent_text(opt.threshold).substr(1) +
                  "; more --rounds narrow it";
    }
}

/// The rounds as invocations -> processes -> log ratios, for the planner.
nested_samples nested_of(const paired_rounds& r) {
    std::map<std::string, nested_samples::value_type> by_invocation;
    for (const auto& [process, d] : r.by_process) {
        by_invocation[r.invocation.at(process)].push_back(d);
    }
    nested_samples out;
    for (auto& [file, processes] : by_invocation) {
        out.push_back(std::move(processes));
    }
    return out;
}

/// A case's two sides and the four instances of its sweep point (any missing: none). For an A/A
/// control (`control`), b and c are the original and its copy, quad.base and quad.control.
struct paired_cases {
    const case_result *b = nullptr, *c = nullptr;
    instance_cases quad;
    bool control = false;
};

bool all_ok(const instance_cases& k) {
    const std::initializer_list<const case_result*> four{k.base, k.control, k.cand, k.twin};
    return std::all_of(four.begin(), four.end(), [](const case_result* c) {
        return c != nullptr && c->status == case_status::ok;
    });
}

/// Judges cc on the four instances of its sweep point where the duet has them, measured in
/// enough processes and rounds, and its look spends alpha (instances.hpp). Returns whether it
/// did; `how` gets how, and `set_aside` the rounds it set aside.
bool judged_on_instances(case_comparison& cc, const profile& p, const paired_cases& k,
                         const compare_options& opt, std::string& how, std::size_t& set_aside) {
    if (!all_ok(k.quad)) {
        return false;
    }
    const auto x = contrast_instances(p, k.quad, opt);
    const auto processes = x.change.size();
    if (processes < min_instance_processes || x.rounds < std::max<std::size_t>(opt.min_rounds, 2) ||
        !(1 - opt.level(static_cast<double>(3 * processes - (k.control ? 3 : 1))) < 1)) {
        return false; // judged on the candidate's rounds, its bias bounded by the controls
    }
    how = k.control ? judge_control_on_instances(cc, x, opt) : judge_on_instances(cc, x, opt);
    set_aside = x.set_aside;
    if (cc.outcome == verdict::inconclusive && cc.ci_low && cc.ci_high) {
        cc.note = interval_text(cc, 1 - opt.alpha) + ": cannot tell the change from +-" +
                  percent_text(opt.threshold).substr(1) + "; more processes narrow it";
    }
    return true;
}

void decide_paired(case_comparison& cc, const profile& p, const paired_cases& k,
                   const compare_options& opt) {
    cc.outcome = verdict::inconclusive;
    const auto r = pair_rounds(p, *k.b, *k.c, opt);
    std::string how; // how the processes were treated, when not as usual
    std::size_t set_aside = r.set_aside;
    if (!judged_on_instances(cc, p, k, opt, how, set_aside)) {
        judge_rounds(cc, r, opt, how);
    }
    if (cc.outcome == verdict::inconclusive && r.all.size() >= 2) {
        auto components = estimate_components(nested_of(r));
        if (cc.ratio && *cc.ratio > 0) {
            components.mean = std::log(*cc.ratio); // the change the verdict printed
        }
        cc.plan = plan_decision(components, std::log1p(opt.threshold), opt.alpha);
        if (cc.ci_low && cc.ci_high && *cc.ci_low > 0) {
            // What resolves now is the judge's own interval (rounds or processes as the unit).
            cc.plan->resolution = (std::log(*cc.ci_high) - std::log(*cc.ci_low)) / 2;
        }
    }
    if (!how.empty()) {
        cc.note += (cc.note.empty() ? "" : "; ") + how;
    }
    if (set_aside > 0) {
        cc.note += (cc.note.empty() ? "" : "; ") + std::to_string(set_aside) +
                   " round(s) set aside: another process took the CPU";
    }
}

/// key (with the kernel named `as`) and device -> the case.
std::map<std::pair<std::string, int>, const case_result*>
index_kernel(const profile& p, const std::string& kernel, const std::string& as) {
    std::map<std::pair<std::string, int>, const case_result*> out;
    for (const auto& c : p.cases) {
        if (c.key.kernel == kernel) {
            case_key k = c.key;
            k.kernel = as;
            out.emplace(std::make_pair(k.to_string(), c.device), &c);
        }
    }
    return out;
}

case_comparison compare_pair_case(const profile& p, const paired_cases& k, const kernel_pair& pair,
                                  const compare_options& opt) {
    const case_result* b = k.b;
    const case_result* c = k.c;
    case_comparison cc;
    cc.key = b ? b->key : c->key;
    cc.key.kernel = pair.base;
    cc.device = b ? b->device : c->device;
    const compare_options raw = [&opt] {
        auto o = opt;
        o.normalize = normalization::none;
        return o;
    }();
    const side_rounds br = b ? rounds_of(p, *b, raw) : side_rounds{};
    const side_rounds cr = c ? rounds_of(p, *c, raw) : side_rounds{};
    if (b) {
        cc.base = side_of(p, *b, br);
    }
    if (c) {
        cc.cand = side_of(p, *c, cr);
    }
    if (auto v = status_verdict(b, c, cc.note)) {
        cc.outcome = *v;
    } else if (br.unmeasured || cr.unmeasured) {
        // No timing at all on a side (every sample flagged): as in compare_profiles, never a
        // mere inconclusive, which would pass.
        cc.outcome = verdict::unmeasured;
        cc.note = br.unmeasured ? "base: " + br.problem : "candidate: " + cr.problem;
    } else {
        decide_paired(cc, p, k, opt);
    }
    mark_untrusted_timer(cc, p, b, p, c);
    cc.fails = decide_fails(cc, opt);
    return cc;
}

} // namespace

pair_runs runs_of_pair(const profile& p, const kernel_pair& pair) {
    std::set<run_index> base, cand;
    for (const auto& c : p.cases) {
        const bool is_base = c.key.kernel == pair.base;
        if (!is_base && c.key.kernel != pair.cand) {
            continue;
        }
        for (const auto& r : c.rounds) {
            (is_base ? base : cand).insert(r.run);
        }
    }
    pair_runs out;
    std::set_intersection(base.begin(), base.end(), cand.begin(), cand.end(),
                          std::back_inserter(out.shared));
    std::set_difference(base.begin(), base.end(), cand.begin(), cand.end(),
                        std::back_inserter(out.base_only));
    std::set_difference(cand.begin(), cand.end(), base.begin(), base.end(),
                        std::back_inserter(out.cand_only));
    return out;
}

std::vector<kernel_pair> parse_kernel_pairs(const std::string& text) {
    const auto eq = text.find('=');
    if (eq == std::string::npos) {
        throw std::invalid_argument("'" + text + "' is not OLD=NEW (e.g. reduce6=reduce6_new)");
    }
    const std::string base = text.substr(0, eq);
    std::vector<kernel_pair> out;
    std::string rest = text.substr(eq + 1) + ",";
    for (std::size_t at = 0, comma; (comma = rest.find(',', at)) != std::string::npos;
         at = comma + 1) {
        out.push_back({base, rest.substr(at, comma - at)});
        if (base.empty() || out.back().cand.empty()) {
            throw std::invalid_argument("'" + text + "': a kernel name is empty");
        }
        if (out.back().cand == base) {
            throw std::invalid_argument("'" + text + "': " + base + " is paired with itself");
        }
        for (std::size_t k = 0; k + 1 < out.size(); ++k) {
            if (out[k].cand == out.back().cand) {
                throw std::invalid_argument("'" + text + "': " + out.back().cand +
                                            " is named twice (each candidate is judged once)");
            }
        }
    }
    return out;
}

comparison compare_pair(const profile& p, const kernel_pair& pair, const compare_options& given,
                        const std::string& file) {
    compare_options opt = given;
    if (!opt.sequential) {
        opt.sequential = checked_sequential_design(p); // judged at the run's last look, checked
    }
    if (opt.sequential) { // a record never judges looser than the alpha the header states
        opt.sequential->alpha = std::min(opt.sequential->alpha, opt.alpha);
    }
    comparison r;
    r.base_label = file + ":" + pair.base;
    r.cand_label = file + ":" + pair.cand;
    r.paired = true;
    r.pair_cand = pair.cand;
    r.options = opt;
    r.measured_by = p.tool.argv;
    std::set<std::string> files;
    for (const auto& run : p.runs) {
        files.insert(run.source);
    }
    r.invocations = std::max<std::size_t>(1, files.size());
    r.base_runs = r.cand_runs = std::max<std::size_t>(1, p.runs.size());
    auto bi = index_kernel(p, pair.base, pair.base);
    const auto ci = index_kernel(p, pair.cand, pair.base);
    // The other two instances: the controls of a candidate, or the other pair of an A/A control.
    const bool control = !pair.other_original.empty() && !pair.other_copy.empty();
    const auto third = index_kernel(p, control ? pair.other_original : pair.control, pair.base);
    const auto fourth = index_kernel(p, control ? pair.other_copy : pair.twin, pair.base);
    for (const auto& [key, c] : ci) {
        bi.try_emplace(key, nullptr);
    }
    const auto find = [](const auto& index, const auto& key) -> const case_result* {
        const auto it = index.find(key);
        return it == index.end() ? nullptr : it->second;
    };
    for (const auto& [key, b] : bi) {
        paired_cases k{b, find(ci, key), {}, control};
        k.quad = control ? instance_cases{b, k.c, find(third, key), find(fourth, key)}
                         : instance_cases{b, find(third, key), k.c, find(fourth, key)};
        r.common += b && k.c ? 1 : 0;
        r.cases.push_back(compare_pair_case(p, k, pair, opt));
    }
    correct_for_multiplicity(r.cases, opt);
    sort_worst_first(r.cases);
    return r;
}

} // namespace grp
