#include "grp/model/compare/best_ties.hpp"

#include "grp/core/units.hpp"
#include "grp/model/compare/side.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace grp {

namespace {

bool same_group(const case_result& c, const best_config& b) {
    return c.scenario.empty() && c.device == b.device && c.key.type == b.type &&
           c.key.layout == b.layout && c.key.n == b.n && c.key.op == b.op;
}

bool competes(const case_result& c) {
    return c.status == case_status::ok && c.summary && !screened_by_halving(c);
}

// What sets each case apart from the others named in one sentence.
std::vector<std::string> labels(const std::vector<const case_result*>& cases) {
    auto varies = [&](auto&& field) {
        std::set<std::string> seen;
        for (const auto* c : cases) {
            seen.insert(field(*c));
        }
        return seen.size() > 1;
    };
    const bool kernel = varies([](const case_result& c) { return c.key.kernel; });
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

} // namespace

best_ties ties_of(const profile& p, const best_config& b) {
    best_ties t;
    const compare_options opt;
    t.confidence = 1 - opt.alpha;
    std::vector<const case_result*> others;
    for (const auto& c : p.cases) {
        if (!same_group(c, b) || !competes(c)) {
            continue;
        }
        if (c.key == b.key && t.winner == nullptr) {
            t.winner = &c;
        } else {
            others.push_back(&c);
        }
    }
    if (t.winner == nullptr) {
        return t;
    }
    std::stable_sort(others.begin(), others.end(), [](const case_result* x, const case_result* y) {
        return x->summary->median_ns < y->summary->median_ns;
    });
    const auto w = rounds_of(p, *t.winner, opt);
    for (const auto* c : others) {
        const auto o = rounds_of(p, *c, opt);
        if (!w.problem.empty() || !o.problem.empty()) {
            continue;
        }
        const auto e = estimate_change(w.runs, o.runs, t.confidence);
        if (t.runner_up == nullptr) {
            t.runner_up = c;
            t.margin = e;
        }
        if (e.estimable && e.ci_low <= 0 && e.ci_high >= 0) {
            t.tied.push_back(c);
        }
    }
    return t;
}

std::string ties_sentence(const best_ties& t) {
    if (t.winner == nullptr || t.runner_up == nullptr || !t.margin.estimable) {
        return "";
    }
    std::vector<const case_result*> named{t.winner};
    named.insert(named.end(), t.tied.begin(), t.tied.end());
    if (t.tied.empty()) {
        named.push_back(t.runner_up);
    }
    const auto names = labels(named);
    const std::string margin = pct(t.margin.log_change, false) + " [" + pct(t.margin.ci_low, true) +
                               ", " + pct(t.margin.ci_high, true) + "] (" +
                               format_fixed(t.confidence * 100, 0) +
                               " % interval over the rounds, as compare computes it)";
    if (t.tied.empty()) {
        return names[0] + " is fastest by " + margin + " over " + names[1];
    }
    std::string list = names[0];
    for (std::size_t i = 1; i < names.size(); ++i) {
        list += (i + 1 == names.size() ? " and " : ", ") + names[i];
    }
    return list + " are tied within noise; " + names[0] + " is fastest by " + margin;
}

} // namespace grp
