#include "grp/model/compare/work_gate.hpp"

#include "grp/core/error.hpp"

#include <algorithm>
#include <map>

namespace grp {

std::string to_string(work_verdict v) {
    switch (v) {
    case work_verdict::same_work:
        return "same-work";
    case work_verdict::more_work:
        return "more-work";
    case work_verdict::less_work:
        return "less-work";
    case work_verdict::unsafe:
        return "unsafe";
    case work_verdict::wrong:
        return "wrong";
    case work_verdict::missing:
        return "missing";
    case work_verdict::added:
        return "added";
    case work_verdict::skipped:
        return "skipped";
    }
    return "?";
}

double work_metric::change() const {
    if (base == 0) {
        return candidate == 0 ? 0.0 : 1.0;
    }
    return static_cast<double>(candidate) / static_cast<double>(base) - 1.0;
}

std::size_t work_comparison::count(work_verdict v) const {
    return static_cast<std::size_t>(std::count_if(
        cases.begin(), cases.end(), [v](const work_case& c) { return c.verdict == v; }));
}

bool work_comparison::fails() const {
    return count(work_verdict::more_work) + count(work_verdict::unsafe) +
               count(work_verdict::wrong) + count(work_verdict::missing) >
           0;
}

bool is_check_profile(const profile& p) {
    return p.settings.contains("check");
}

namespace {

std::vector<work_metric> metrics_of(const check_record& b, const check_record& c) {
    const auto bytes = [](const check_record& r, const char* a, const char* b2 = nullptr) {
        return r.total_bytes(a) + (b2 ? r.total_bytes(b2) : 0);
    };
    return {
        {"instructions", b.total_instructions(), c.total_instructions()},
        {"global load B", bytes(b, "load global", "load constant"),
         bytes(c, "load global", "load constant")},
        {"global store B", bytes(b, "store global"), bytes(c, "store global")},
        {"local B", bytes(b, "load local", "store local"), bytes(c, "load local", "store local")},
        {"barriers", b.total_barriers(), c.total_barriers()},
    };
}

/// A case that ran (ok) must carry one count table per pass: fewer means the simulator's
/// output was lost, and judging zeros would call any candidate `less-work`.
void require_counts(const case_result& r, const std::string& label) {
    if (r.status != case_status::ok || !r.check) {
        return;
    }
    const auto have = r.check->passes.size();
    if (have == 0 || have < r.passes.size()) {
        throw file_error(label + ": case " + r.key.to_string() + " has instruction counts for " +
                         std::to_string(have) + " of its " + std::to_string(r.passes.size()) +
                         " passes: its work was not counted, so it cannot be judged; run check "
                         "again");
    }
}

work_case judge(const case_result& b, const case_result& c, double threshold,
                const work_comparison& labels) {
    require_counts(b, labels.base_label);
    require_counts(c, labels.candidate_label);
    work_case w{c.key, work_verdict::same_work, {}, ""};
    if (c.status == case_status::unsafe) {
        w.verdict = work_verdict::unsafe;
        w.note = c.reason;
        return w;
    }
    if (c.status != case_status::ok || !c.check || !b.check) {
        w.verdict = c.status == case_status::skipped ? work_verdict::skipped : work_verdict::wrong;
        w.note = c.reason.empty() ? "no counts" : c.reason;
        return w;
    }
    w.metrics = metrics_of(*b.check, *c.check);
    const bool more = std::any_of(w.metrics.begin(), w.metrics.end(),
                                  [&](const work_metric& m) { return m.change() > threshold; });
    const bool less = std::any_of(w.metrics.begin(), w.metrics.end(),
                                  [&](const work_metric& m) { return m.change() < -threshold; });
    w.verdict =
        more ? work_verdict::more_work : (less ? work_verdict::less_work : work_verdict::same_work);
    return w;
}

} // namespace

work_comparison compare_work(const profile& base, const profile& candidate, double threshold,
                             const std::string& base_label, const std::string& candidate_label) {
    if (!is_check_profile(base) || !is_check_profile(candidate)) {
        throw usage_error("compare: " + (is_check_profile(base) ? candidate_label : base_label) +
                          " is a timed profile and the other a check profile: counts and times "
                          "are not comparable; compare two profiles written by check");
    }
    work_comparison out{base_label, candidate_label, threshold, {}};
    std::map<std::string, const case_result*> cand;
    for (const auto& c : candidate.cases) {
        cand.emplace(c.key.to_string(), &c);
    }
    for (const auto& b : base.cases) {
        const auto it = cand.find(b.key.to_string());
        if (it == cand.end()) {
            out.cases.push_back({b.key, work_verdict::missing, {}, "not in the candidate"});
            continue;
        }
        out.cases.push_back(judge(b, *it->second, threshold, out));
        cand.erase(it);
    }
    for (const auto& [k, c] : cand) {
        out.cases.push_back({c->key, work_verdict::added, {}, "not in the base"});
    }
    return out;
}

} // namespace grp
