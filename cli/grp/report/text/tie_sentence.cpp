#include "grp/report/text/tie_sentence.hpp"

#include "grp/core/units.hpp"

#include <cmath>
#include <set>
#include <vector>

namespace grp {

namespace {

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
