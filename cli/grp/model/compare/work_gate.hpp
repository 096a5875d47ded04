// compare's second gate: the exact work counts `check` recorded (sim/case_check.hpp), judged
// without statistics. Identical code on identical data executes identical counts, so an
// unchanged kernel is `same-work` every time; a candidate that loads, stores or executes more
// than the base beyond the threshold is `more-work`. Counts cannot see coalescing, occupancy or
// caches: the gate says whether the kernel does more, not whether it is slower.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace grp {

enum class work_verdict {
    same_work, ///< every count within the threshold (identical when the threshold is 0)
    more_work, ///< a count above the base beyond the threshold
    less_work, ///< no count above, one below beyond the threshold
    unsafe,    ///< the candidate has a simulator finding (a race, an invalid access, ...)
    wrong,     ///< the candidate's result was wrong, or it failed
    missing,   ///< the base has the case, the candidate does not
    added,     ///< the candidate has a case the base lacks (not judged)
    skipped,   ///< the candidate's case did not run (the reason says why; not judged)
};
std::string to_string(work_verdict v);

/// One count on both sides.
struct work_metric {
    std::string name; ///< "instructions", "global load B", ...
    std::uint64_t base = 0, candidate = 0;
    [[nodiscard]] double change() const; ///< candidate / base - 1 (0 when both are 0)
};

struct work_case {
    case_key key;
    work_verdict verdict = work_verdict::same_work;
    std::vector<work_metric> metrics; ///< empty for missing/added
    std::string note;                 ///< the finding, or the reason a case was not judged
};

struct work_comparison {
    std::string base_label, candidate_label;
    double threshold = 0.01;
    std::vector<work_case> cases;
    [[nodiscard]] std::size_t count(work_verdict v) const;
    /// more-work, unsafe, wrong or missing: exit 1.
    [[nodiscard]] bool fails() const;
};

/// True when the profile was written by `check` (its cases carry counts, not times).
bool is_check_profile(const profile& p);

/// Throws usage_error unless both are check profiles, file_error (exit 5, naming the profile
/// and the case) when a case that ran lacks a pass's counts; `threshold` is a fraction (0.01 =
/// 1 %).
work_comparison compare_work(const profile& base, const profile& candidate, double threshold,
                             const std::string& base_label, const std::string& candidate_label);

} // namespace grp
