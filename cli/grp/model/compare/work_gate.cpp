#include "grp/model/compare/work_gate.hpp"

#include "grp/core/error.hpp"
#include "grp/model/profile/check_plan.hpp"

#include <algorithm>
#include <cstdio>
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
    case work_verdict::worse_access:
        return "worse-access";
    case work_verdict::better_access:
        return "better-access";
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
    return count(work_verdict::more_work) + count(work_verdict::worse_access) +
               count(work_verdict::unsafe) + count(work_verdict::wrong) +
               count(work_verdict::missing) >
           0;
}

std::vector<access_change> compare_access(const access_summary& base,
                                          const access_summary& candidate,
                                          const access_thresholds& t) {
    const auto relative = [](double b, double c, double th) {
        if (b <= 0 || c <= 0) {
            return 0; // a side without such accesses: nothing to compare
        }
        return c / b - 1 > th ? 1 : (c / b - 1 < -th ? -1 : 0);
    };
    // Totals, not means per request: a float4 load touches 4x the sectors of a float load in
    // a quarter of the requests, the same traffic; a chunked loop touches 8x in as many.
    const auto total = [](const access_summary& a, std::size_t s) {
        return a.segments[0][s] * static_cast<double>(a.global_requests);
    };
    std::vector<access_change> out;
    out.push_back({"global 32 B sectors", total(base, 0), total(candidate, 0),
                   relative(total(base, 0), total(candidate, 0), t.segments)});
    out.push_back({"global 128 B lines", total(base, 2), total(candidate, 2),
                   relative(total(base, 2), total(candidate, 2), t.segments)});
    out.push_back({"local bank-conflict ways", base.bank_conflict_ways,
                   candidate.bank_conflict_ways,
                   relative(base.bank_conflict_ways, candidate.bank_conflict_ways, t.bank_ways)});
    const double fall = base.simd_efficiency - candidate.simd_efficiency;
    out.push_back({"SIMD efficiency", base.simd_efficiency, candidate.simd_efficiency,
                   fall > t.simd_points ? 1 : (fall < -t.simd_points ? -1 : 0)});
    return out;
}

namespace {

/// "global 32 B sectors 523 -> 4184 (+700.0%)" for each metric past its threshold in
/// `direction`.
std::string access_note(const std::vector<access_change>& changes, int direction) {
    std::string s;
    for (const auto& a : changes) {
        if (a.direction != direction) {
            continue;
        }
        char text[160];
        const int digits = a.base >= 100 ? 0 : 2; // sums of sectors are whole
        std::snprintf(text, sizeof text, "%s %.*f -> %.*f (%+.1f%%)", a.name.c_str(), digits,
                      a.base, digits, a.candidate,
                      a.base > 0 ? 100.0 * (a.candidate / a.base - 1) : 0.0);
        s += (s.empty() ? "" : "; ") + std::string(text);
    }
    return s;
}

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

} // namespace

work_case compare_work_case(const case_result& b, const case_result& c, double threshold,
                            const std::string& base_label, const std::string& candidate_label) {
    require_counts(b, base_label);
    require_counts(c, candidate_label);
    work_case w{c.key, work_verdict::same_work, {}, "", {}};
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
    if (b.check->access && c.check->access) {
        w.access = compare_access(*b.check->access, *c.check->access, access_thresholds{});
        const auto has = [&](int d) {
            return std::any_of(w.access.begin(), w.access.end(),
                               [d](const access_change& a) { return a.direction == d; });
        };
        if (!more && has(1)) { // less work, accessed worse, is still a regression to look at
            w.verdict = work_verdict::worse_access;
            w.note = "accesses worse: " + access_note(w.access, 1);
        } else if (w.verdict == work_verdict::same_work && has(-1)) {
            w.verdict = work_verdict::better_access;
            w.note = "accesses better: " + access_note(w.access, -1);
        }
    }
    return w;
}

work_comparison compare_work(const profile& base, const profile& candidate, double threshold,
                             const std::string& base_label, const std::string& candidate_label) {
    if (!is_check_profile(base) || !is_check_profile(candidate)) {
        throw usage_error("compare: " + (is_check_profile(base) ? candidate_label : base_label) +
                          " is a timed profile and the other a check profile: counts and times "
                          "are not comparable; compare two profiles written by check");
    }
    if (const auto why = planned_grid_difference(base, candidate, base_label, candidate_label);
        !why.empty()) {
        throw usage_error("compare: " + why);
    }
    work_comparison out{base_label, candidate_label, threshold, {}};
    std::map<std::string, const case_result*> cand;
    for (const auto& c : candidate.cases) {
        cand.emplace(c.key.to_string(), &c);
    }
    for (const auto& b : base.cases) {
        const auto it = cand.find(b.key.to_string());
        if (it == cand.end()) {
            out.cases.push_back({b.key, work_verdict::missing, {}, "not in the candidate", {}});
            continue;
        }
        out.cases.push_back(
            compare_work_case(b, *it->second, threshold, base_label, candidate_label));
        cand.erase(it);
    }
    for (const auto& [k, c] : cand) {
        out.cases.push_back({c->key, work_verdict::added, {}, "not in the base", {}});
    }
    return out;
}

} // namespace grp
