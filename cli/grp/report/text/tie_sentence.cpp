#include "grp/report/text/tie_sentence.hpp"

#include "grp/core/units.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace grp {

namespace {

// What sets each case apart from the others named in one sentence; the kernel too when the
// sweep point had several (`kernels`), so that no name leaves the reader to guess it.
std::vector<std::string> labels(const std::vector<const case_result*>& cases, bool kernels) {
    auto varies = [&](auto&& field) {
        std::set<std::string> seen;
        for (const auto* c : cases) {
            seen.insert(field(*c));
        }
        return seen.size() > 1;
    };
    const bool kernel = kernels || varies([](const case_result& c) { return c.key.kernel; });
    const bool local =
        varies([](const case_result& c) { return std::to_string(c.key.local_size); });
    const bool cache = varies([](const case_result& c) { return c.key.cache; });
    std::set<std::string> params;
    for (const auto* c : cases) {
        for (const auto& param : c->key.params) {
            const std::string& name = param.first;
            if (varies([&](const case_result& x) {
                    auto it = x.key.params.find(name);
                    return it == x.key.params.end() ? std::string("-") : it->second;
                })) {
                params.insert(name);
            }
        }
    }
    std::vector<std::string> out;
    for (const auto* c : cases) {
        std::string s = kernel || (params.empty() && !local && !cache) ? c->key.kernel : "";
        for (const auto& [name, value] : c->key.params) {
            if (params.count(name) != 0) {
                s += (s.empty() ? "" : " ") + name + "=" + value;
            }
        }
        if (local || s.empty()) {
            s += (s.empty() ? "" : " ") + std::string("local ") + std::to_string(c->key.local_size);
        }
        if (cache) {
            s += " " + c->key.cache;
        }
        out.push_back(s);
    }
    return out;
}

std::string pct(double log_change, bool sign) {
    const double x = (std::exp(log_change) - 1) * 100;
    const std::string s = format_fixed(std::fabs(x), std::fabs(x) < 10 ? 1 : 0) + " %";
    return sign ? (x < 0 ? "-" : "+") + s : s;
}

/// "A, B and C" (or "B and C" with `first` empty); past `shown` names, "A, B, C, D and 7 more
/// (best[].separation in the profile lists them)", so that a sweep of many configurations keeps
/// a line a reader can read.
std::string list_text(const std::string& first, const std::vector<std::string>& rest) {
    constexpr std::size_t shown = 4;
    std::vector<std::string> all;
    if (!first.empty()) {
        all.push_back(first);
    }
    all.insert(all.end(), rest.begin(), rest.end());
    if (all.size() > shown + 1) {
        const std::size_t more = all.size() - shown;
        all.resize(shown);
        all.push_back(std::to_string(more) + " more (best[].separation in the profile lists them)");
    }
    std::string out;
    for (std::size_t i = 0; i < all.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == all.size() ? " and " : ", ") + all[i];
    }
    return out;
}

/// The lead in the table's own terms, the medians: "5.71 ms against 5.73 ms for local 1" (the
/// runner-up named when it is not already in the sentence). Then compare's interval of the
/// change, only where compare would judge the runner-up against the winner (tied or separated):
/// for one it leaves inconclusive, an interval beside the medians reads as a verdict it is not,
/// and its centre (over the rounds' means) may even contradict them.
std::string margin_text(const best_ties& t, const std::vector<std::string>& names,
                        const std::vector<const case_result*>& named) {
    std::string runner;
    for (std::size_t i = 1; i < named.size(); ++i) {
        runner = named[i] == t.runner_up ? names[i] : runner;
    }
    runner = runner.empty() ? t.runner_up->key.to_string() : runner;
    const auto median = [](const case_result* c) {
        return c->summary ? format_ns(c->summary->median_ns) : std::string("-");
    };
    std::string s = median(t.winner) + " against " + median(t.runner_up) + " for " + runner;
    const bool judged = std::find(t.not_separated.begin(), t.not_separated.end(), t.runner_up) ==
                        t.not_separated.end();
    if (judged && t.margin.estimable) {
        s += " (the change to it " + pct(t.margin.log_change, true) + " [" +
             pct(t.margin.ci_low, true) + ", " + pct(t.margin.ci_high, true) + "], " +
             format_fixed(t.confidence * 100, 0) +
             " % interval over the rounds, as compare computes it)";
    }
    return s;
}

} // namespace

std::string ties_sentence(const best_ties& t) {
    if (t.winner == nullptr || t.runner_up == nullptr) {
        return "";
    }
    std::vector<const case_result*> named{t.winner};
    named.insert(named.end(), t.tied.begin(), t.tied.end());
    named.insert(named.end(), t.not_separated.begin(), t.not_separated.end());
    if (named.size() == 1) {
        named.push_back(t.runner_up);
    }
    const auto names = labels(named, t.several_kernels);
    const auto margin = margin_text(t, names, named);
    if (named.size() == 2 && t.tied.empty() && t.not_separated.empty()) {
        return names[0] + " is fastest: median " + margin;
    }
    const std::vector<std::string> tied(names.begin() + 1,
                                        names.begin() + 1 + static_cast<long>(t.tied.size()));
    const std::vector<std::string> open(names.begin() + 1 + static_cast<long>(t.tied.size()),
                                        names.end());
    const std::string within = "within ±" + format_fixed(t.threshold * 100, 0) + " %";
    std::string s;
    if (!tied.empty()) {
        s = list_text(names[0], tied) + " are tied (the same " + within + ")";
    }
    if (!open.empty()) {
        s += (s.empty() ? names[0] : "; " + names[0]) + " is not separated from " +
             list_text("", open) + " (only " + std::to_string(t.fewest_rounds) +
             (t.fewest_rounds == 1 ? " round" : " rounds") +
             ": too few to order them or to call them the same " + within +
             (t.no_interval.empty() ? "" : "; " + t.no_interval) +
             "; more --rounds or --runs would tell)";
    }
    return s + "; " + names[0] + " has the lowest median: " + margin;
}

} // namespace grp
