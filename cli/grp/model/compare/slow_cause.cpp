#include "grp/model/compare/slow_cause.hpp"

#include <cstdio>

namespace grp {

std::string to_string(cause_class c) {
    switch (c) {
    case cause_class::more_work:
        return "more-work";
    case cause_class::worse_access:
        return "worse-access";
    case cause_class::device_side:
        return "device-side";
    case cause_class::unknown:
        return "unknown";
    }
    return "?";
}

namespace {

/// "instructions +12.5%; global load B +12.5%": the counts that grew past the threshold.
std::string grown_counts_of(const work_case& w, double threshold) {
    std::string s;
    for (const auto& m : w.metrics) {
        if (m.change() > threshold) {
            char pct[32];
            std::snprintf(pct, sizeof pct, " %+.1f%%", 100.0 * m.change());
            s += (s.empty() ? "" : "; ") + m.name + pct;
        }
    }
    return s;
}

std::string without_cause_prefix(const std::string& s, const std::string& prefix) {
    return s.rfind(prefix, 0) == 0 ? s.substr(prefix.size()) : s;
}

} // namespace

slow_cause classify_slow_cause(const work_case& w, double threshold,
                               std::vector<std::string> facts) {
    slow_cause c;
    switch (w.verdict) {
    case work_verdict::more_work:
        c.kind = cause_class::more_work;
        c.detail = grown_counts_of(w, threshold);
        break;
    case work_verdict::worse_access:
        c.kind = cause_class::worse_access;
        c.detail = without_cause_prefix(w.note, "accesses worse: ");
        break;
    case work_verdict::same_work:
    case work_verdict::less_work:
    case work_verdict::better_access:
        c.kind = cause_class::device_side;
        c.detail = to_string(w.verdict);
        c.facts = std::move(facts);
        break;
    default: // unsafe, wrong, skipped, missing, added: the counts say nothing sure
        c.kind = cause_class::unknown;
        c.detail =
            "the check case is " + to_string(w.verdict) + (w.note.empty() ? "" : ": " + w.note);
        break;
    }
    return c;
}

std::string cause_text(const slow_cause& c) {
    const std::string counted =
        c.counted_n != 0 ? " (counted at n=" + std::to_string(c.counted_n) + ")" : "";
    switch (c.kind) {
    case cause_class::more_work:
        return "more-work: " + c.detail + counted;
    case cause_class::worse_access:
        return "worse-access: " + c.detail + counted;
    case cause_class::device_side: {
        std::string s = "same work and access: device-side" +
                        (c.detail == "same-work" ? std::string() : " (check: " + c.detail + ")") +
                        counted;
        if (c.same_rounds) {
            return s + "; both kernels timed in the same rounds";
        }
        if (c.facts.empty()) {
            return s + "; no recorded condition, device or card differs";
        }
        s += "; differs: ";
        for (std::size_t i = 0; i < c.facts.size(); ++i) {
            s += (i == 0 ? "" : "; ") + c.facts[i];
        }
        return s;
    }
    case cause_class::unknown:
        break;
    }
    return "cause unknown: " + c.detail;
}

} // namespace grp
