// compare's second gate: the exact work counts `check` recorded (sim/case_check.hpp), judged
// without statistics. Identical code on identical data executes identical counts, so an
// unchanged kernel is `same-work` every time; a candidate that loads, stores or executes more
// than the base beyond the threshold is `more-work`. Since schema 2.18 the gate also reads how
// the work accesses memory (check.access): a candidate whose warp requests touch more global
// sectors or lines in all, conflicts more in local memory's banks or leaves more lanes idle than
// its own threshold allows is `worse-access` (it fails, as more-work does), even when it does less.
// Occupancy and caches stay unseen: the gate says what the kernel does, not how fast.
#pragma once

#include "grp/model/profile/check_plan.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

enum class work_verdict {
    same_work,     ///< every count within the threshold (identical when the threshold is 0)
    more_work,     ///< a count above the base beyond the threshold
    less_work,     ///< no count above, one below beyond the threshold
    worse_access,  ///< no count above, an access metric worse beyond its threshold
    better_access, ///< counts within the threshold, an access metric better, none worse
    unsafe,        ///< the candidate has a simulator finding (a race, an invalid access, ...)
    wrong,         ///< the candidate's result was wrong, or it failed
    missing,       ///< the base has the case, the candidate does not
    added,         ///< the candidate has a case the base lacks (not judged)
    skipped,       ///< the candidate's case did not run (the reason says why; not judged)
};
std::string to_string(work_verdict v);

/// One count on both sides.
struct work_metric {
    std::string name; ///< "instructions", "global load B", ...
    std::uint64_t base = 0, candidate = 0;
    [[nodiscard]] double change() const; ///< candidate / base - 1 (0 when both are 0)
};

/// One access metric on both sides (check.access), judged against its own threshold.
struct access_change {
    std::string name; ///< "global 32 B sectors", ...
    double base = 0, candidate = 0;
    int direction = 0; ///< +1 worse beyond the threshold, -1 better beyond it, 0 within
};

/// The access gate's thresholds (docs/check.md says how they were chosen).
struct access_thresholds {
    double segments = 0.10;    ///< relative rise of the global sectors (lines) touched in all
    double bank_ways = 0.10;   ///< relative rise of the mean bank-conflict ways
    double simd_points = 0.05; ///< absolute fall of SIMD efficiency (0..1)
};

struct work_case {
    case_key key;
    work_verdict verdict = work_verdict::same_work;
    std::vector<work_metric> metrics;  ///< empty for missing/added
    std::string note;                  ///< the finding, or the reason a case was not judged
    std::vector<access_change> access; ///< empty when either side has no access metrics
};

struct work_comparison {
    std::string base_label, candidate_label;
    double threshold = 0.01;
    std::vector<work_case> cases;
    [[nodiscard]] std::size_t count(work_verdict v) const;
    /// more-work, worse-access, unsafe, wrong or missing: exit 1.
    [[nodiscard]] bool fails() const;
};

/// The gated access metrics of two summaries, each judged against `t`.
std::vector<access_change> compare_access(const access_summary& base,
                                          const access_summary& candidate,
                                          const access_thresholds& t);

/// One case of the gate: base `b` against candidate `c`, both from check profiles (the labels
/// name them in errors). compare_work judges every case through it, and a timed `slower` verdict
/// borrows it for its cause (slow_cause.hpp), so the two can never classify differently. Throws
/// file_error (exit 5, naming the label and the case) when a case that ran lacks a pass's counts.
work_case compare_work_case(const case_result& b, const case_result& c, double threshold,
                            const std::string& base_label, const std::string& candidate_label);

/// Throws usage_error unless both are check profiles with grids planned alike
/// (check_plan.hpp: planned_grid_difference), file_error (exit 5, naming the profile
/// and the case) when a case that ran lacks a pass's counts; `threshold` is a fraction (0.01 =
/// 1 %).
work_comparison compare_work(const profile& base, const profile& candidate, double threshold,
                             const std::string& base_label, const std::string& candidate_label);

} // namespace grp
