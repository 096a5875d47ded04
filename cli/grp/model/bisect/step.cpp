#include "grp/model/bisect/step.hpp"

#include "grp/model/compare/duet_judge.hpp"
#include "grp/model/compare/rules.hpp"

#include <algorithm>
#include <fnmatch.h>

namespace grp {

namespace {

bool selected(const case_selection& sel, const std::string& key) {
    if (!sel.glob.empty()) {
        // fnmatch reads C strings: a glob with a NUL in it would match as its prefix.
        return sel.glob.find('\0') == std::string::npos &&
               fnmatch(sel.glob.c_str(), key.c_str(), 0) == 0;
    }
    return sel.keys.empty() || std::find(sel.keys.begin(), sel.keys.end(), key) != sel.keys.end();
}

/// The case as the user names it: a duet's comparison carries the base kernel's key
/// ("base:NAME/..."), and the kernel of both sides is NAME.
std::string followed_key(const case_comparison& cc) {
    auto key = cc.key.to_string();
    return key.rfind("base:", 0) == 0 ? key.substr(5) : key;
}

step_case case_of(const case_comparison& cc, double threshold,
                  const std::map<std::string, double>& cuts) {
    step_case c;
    c.key = followed_key(cc);
    const auto cut = cuts.find(c.key);
    c.verdict = reads_not_slower(cc, cut == cuts.end() ? threshold : cut->second)
                    ? "not slower"
                    : to_string(cc.outcome);
    c.change = cc.change();
    if (cc.ci_low && cc.ci_high) {
        c.ci_low = *cc.ci_low - 1;
        c.ci_high = *cc.ci_high - 1;
    }
    return c;
}

std::string undecided_reason(const std::vector<step_case>& cases) {
    for (const auto& c : cases) {
        if (c.verdict != "same" && c.verdict != "faster" && c.verdict != "slower" &&
            c.verdict != "not slower") {
            return c.key + " read " + c.verdict;
        }
    }
    return "no followed case was measured";
}

/// " than half the bad end's change (+12.4 %)" when a followed case was read against such a
/// line (the largest if several), else "".
std::string cut_text(const step_result& r, const std::map<std::string, double>& cuts) {
    double most = 0;
    for (const auto& c : r.cases) {
        if (const auto it = cuts.find(c.key); it != cuts.end()) {
            most = std::max(most, it->second);
        }
    }
    return most > 0 ? " than half the bad end's change (" + percent_text(most) + ")" : "";
}

} // namespace

step_result classify_step(const std::vector<comparison>& judged, const case_selection& sel,
                          double threshold, const std::map<std::string, double>& cuts) {
    step_result r;
    for (const auto& cmp : judged) {
        if (cmp.control) {
            continue; // a control's verdict reaches its candidates as `biased`
        }
        for (const auto& cc : cmp.cases) {
            if (selected(sel, followed_key(cc))) {
                r.cases.push_back(case_of(cc, threshold, cuts));
            }
        }
    }
    const auto is = [&](const char* v) {
        return [v](const step_case& c) {
            return c.verdict == v;
        };
    };
    const auto slower = std::find_if(r.cases.begin(), r.cases.end(), is("slower"));
    if (slower != r.cases.end()) {
        r.verdict = step_verdict::bad;
        r.reason = slower->key + " read slower";
    } else if (!r.cases.empty() && std::all_of(r.cases.begin(), r.cases.end(), [](const auto& c) {
                   return c.verdict == "same" || c.verdict == "faster" || c.verdict == "not slower";
               })) {
        r.verdict = step_verdict::good;
        r.reason = "every followed case read same, faster or not slower" + cut_text(r, cuts);
    } else {
        r.reason = undecided_reason(r.cases);
    }
    return r;
}

std::map<std::string, double> good_cuts(const step_result& bad_end, double threshold) {
    std::map<std::string, double> cuts;
    for (const auto& c : bad_end.cases) {
        if (c.verdict == "slower" && c.change) {
            cuts[c.key] = std::max(threshold, *c.change / 2);
        }
    }
    return cuts;
}

std::vector<std::string> slower_cases(const std::vector<comparison>& judged) {
    std::vector<std::string> keys;
    for (const auto& cmp : judged) {
        for (const auto& cc : cmp.cases) {
            if (!cmp.control && cc.outcome == verdict::slower) {
                keys.push_back(followed_key(cc));
            }
        }
    }
    return keys;
}

} // namespace grp
