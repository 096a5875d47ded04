// The search of `bisect`, as a pure unit: which commit to measure next, what a verdict on it
// tells, when the search has its answer, and how the error rate is shared between its duets.
// Commits are places on the first-parent line from the good commit (place 0) to the bad one
// (place N). The first duet confirms the bad end against the good one; each later one measures
// a midpoint of the range still open (last good, first bad) and narrows it, or, when undecided,
// is skipped as `git bisect skip` skips: the next pick is the untried place nearest the middle.
// The whole search makes at most max_duets duets, each judged at alpha / max_duets, so by the
// union bound the chance that any duet's verdict is wrong, and with it the answer, is at most
// alpha (docs/bisect.md derives it). No I/O: the command measures, this decides.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// A duet's verdict on one commit against the good one.
enum class step_verdict {
    good,      ///< every judged case read same (or faster): not slower than the good commit
    bad,       ///< a judged case read slower
    undecided, ///< neither, within the step's budget (inconclusive, biased, wrong, missing)
};
std::string to_string(step_verdict v);
/// "good", "bad" or "undecided"; nullopt otherwise.
std::optional<step_verdict> parse_step_verdict(const std::string& s);

/// How the error rate is shared: max_duets = 1 (the bad end confirmed) + halvings
/// (ceil(log2 N), a plain bisection of N commits) + max_skips (undecided duets the search may
/// buy back), and every duet is judged at per_duet = alpha / max_duets.
struct alpha_plan {
    double alpha = 0.05;       ///< the whole search's error rate
    std::size_t halvings = 0;  ///< ceil(log2 N)
    std::size_t max_skips = 0; ///< undecided duets paid for in advance
    std::size_t max_duets = 0; ///< 1 + halvings + max_skips
    double per_duet = 0;       ///< alpha / max_duets: each duet's two-sided level
};

/// The plan for N = `commits` (>= 1) commits after the good one. Throws std::invalid_argument
/// when commits is 0 or alpha is not in (0, 0.5).
alpha_plan plan_alpha(double alpha, std::size_t commits, std::size_t max_skips);

/// ceil(log2 n) for n >= 1 (0 for n = 1).
std::size_t ceil_log2(std::size_t n);

/// Where a search stands.
enum class search_outcome {
    running,    ///< a place is left to measure and duets are left to spend
    culprit,    ///< first bad found: the place after the last good is bad
    not_slower, ///< the bad end read good against the good commit: nothing to bisect
    undecided,  ///< the bad end undecided, every place left skipped, or the duets spent
};
std::string to_string(search_outcome o);

/// One measured place and its verdict.
struct search_step {
    std::size_t place = 0;
    step_verdict verdict = step_verdict::undecided;
};

class bisect_search {
public:
    /// A search over places 0 (good) .. commits (bad), at most `max_duets` duets.
    bisect_search(std::size_t commits, std::size_t max_duets);

    /// The place to measure next, nullopt when the search has ended (outcome() != running).
    [[nodiscard]] std::optional<std::size_t> next() const;
    /// Records the verdict on `place`, which must be next(); throws std::logic_error otherwise.
    void record(std::size_t place, step_verdict v);
    [[nodiscard]] search_outcome outcome() const;

    [[nodiscard]] std::size_t last_good() const { return m_lo; }
    [[nodiscard]] std::size_t first_bad() const { return m_hi; }
    [[nodiscard]] std::size_t commits() const { return m_commits; }
    [[nodiscard]] const std::vector<search_step>& steps() const { return m_steps; }
    /// The places inside (last_good, first_bad) whose duet was undecided.
    [[nodiscard]] std::vector<std::size_t> skipped() const;
    [[nodiscard]] std::size_t duets_left() const { return m_max_duets - m_steps.size(); }

private:
    [[nodiscard]] bool skipped_place(std::size_t place) const;
    [[nodiscard]] std::optional<std::size_t> midpoint() const;

    std::size_t m_commits;
    std::size_t m_max_duets;
    std::size_t m_lo = 0;
    std::size_t m_hi;
    bool m_confirmed = false;
    bool m_not_slower = false;
    std::vector<search_step> m_steps;
};

} // namespace grp
