// The barrier scenario's bookkeeping, without a driver: the tally of R launches of one kernel
// (how many gave a wrong sum, the first wrong value and what it should have been) and what the
// tally means for the case. A wrong run of the kernel WITH the barrier is a failure (status
// wrong); wrong runs of the kernel WITHOUT it are the finding (status race-observed).
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <optional>

namespace grp {

class barrier_tally {
public:
    /// Records one launch's result against its expected sum.
    void add(std::int64_t got, std::int64_t expected);

    [[nodiscard]] std::uint64_t runs() const { return m_runs; }
    [[nodiscard]] std::uint64_t wrong_runs() const { return m_wrong; }
    /// wrong_runs / runs; 0 when nothing ran.
    [[nodiscard]] double wrong_fraction() const;
    /// The first wrong value seen, and the value that run should have given.
    [[nodiscard]] const std::optional<std::int64_t>& example_wrong() const { return m_example; }
    [[nodiscard]] const std::optional<std::int64_t>& example_expected() const {
        return m_example_expected;
    }
    /// The last run's expected and actual values (for result/reference when nothing was wrong).
    [[nodiscard]] std::int64_t last_got() const { return m_last_got; }
    [[nodiscard]] std::int64_t last_expected() const { return m_last_expected; }

private:
    std::uint64_t m_runs = 0;
    std::uint64_t m_wrong = 0;
    std::optional<std::int64_t> m_example, m_example_expected;
    std::int64_t m_last_got = 0, m_last_expected = 0;
};

/// Sets status, reason, result, reference, abs_error/rel_error/tolerance and
/// extra = {runs, wrong_runs, wrong_fraction, example_wrong, expected} of a barrier case.
/// with_barrier: any wrong run makes it `wrong`; without: `race_observed` when any run was
/// wrong, else `ok`. No runs (e.g. interrupted before the first): `skipped`.
void apply_barrier_tally(case_result& c, const barrier_tally& t, bool with_barrier);

/// The value launch `run` adds to every element (1 + run % 1000), so the expected sum differs
/// from one launch to the next and a stale value left in __local memory by the previous launch
/// cannot pass for a right answer.
std::int64_t barrier_run_offset(std::uint64_t run);

} // namespace grp
