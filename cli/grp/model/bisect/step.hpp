// One step of `bisect` as data: a duet of a commit against the good one, judged whole
// (duet_judge.hpp), read as good, bad or undecided on the cases the bisection follows. The
// first step (the bad end) chooses those cases: the ones it reads slower, or every case a
// --case glob matches. Pure: the command runs the duet and loads its profile.
#pragma once

#include "grp/model/bisect/search.hpp"
#include "grp/model/compare/compare.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// One judged case of a step.
struct step_case {
    std::string key;                       ///< case_key::to_string
    std::string verdict;                   ///< compare's verdict word, or "not slower"
    std::optional<double> change;          ///< candidate / base - 1
    std::optional<double> ci_low, ci_high; ///< the change's interval at the duet's level
};

/// What a step's duet said.
struct step_result {
    step_verdict verdict = step_verdict::undecided;
    std::vector<step_case> cases; ///< the followed cases, as judged
    std::string reason;           ///< why undecided (or what decided), in words
};

/// Which candidate cases a step follows: those whose key matches `glob` (fnmatch), else those
/// named in `keys`; with neither, every candidate case.
struct case_selection {
    std::string glob;
    std::vector<std::string> keys;
};

/// Reads the candidate comparisons of a judged duet (controls left out) on the selected
/// cases: bad when one reads slower; good when every one reads same, faster, or not slower:
/// inconclusive, but its interval's high end times the bias its A/A controls allow
/// (case_comparison::bias_allowed) is within 1 + `threshold` (a one-sided question: a commit
/// is good when it is not slower than the good one, however much faster it may be); undecided
/// otherwise (inconclusive, biased, wrong, missing, or no case selected). A truly slower
/// commit reads not slower only when its interval misses its change on the high side (the
/// duet's alpha) or its instances are favoured more than any control's (apply_controls'
/// assumption).
///
/// `cuts`: per followed case (its key), the high end under which it reads not slower, in place
/// of `threshold` (good_cuts: half the bad end's regression); cases not in it use `threshold`.
step_result classify_step(const std::vector<comparison>& judged, const case_selection& sel,
                          double threshold, const std::map<std::string, double>& cuts = {});

/// The good side's line after the bad end read slower (#67): per case it read slower, half
/// its change, never below `threshold`. A commit is then good on a case when it is shown
/// less than half the bad end's regression slower: on a step history every commit before the
/// step (no change) can show that within a noisy device's interval, while one after it (the
/// whole change) reads slower. Sound as long as the bad end's estimate is below twice the
/// true change; on a gradual history the culprit is the first commit that carries more than
/// half of it. Empty for a bad end not read slower (an A/A history ends there).
std::map<std::string, double> good_cuts(const step_result& bad_end, double threshold);

/// The keys of the candidate cases `judged` reads slower: what a bisection without --case
/// follows after its first step.
std::vector<std::string> slower_cases(const std::vector<comparison>& judged);

} // namespace grp
