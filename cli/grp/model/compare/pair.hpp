// `compare --pair OLD=NEW PROFILE`: a candidate kernel judged against a baseline kernel that
// ran in the same invocation ("duet": e.g. the base revision's kernel and the candidate's,
// loaded through specs under two names). Each case of NEW is matched with OLD's case of the same
// type, layout, n, local size, operator, parameters and device, and every round of NEW with
// OLD's round of the same pass over the sweep (same process, same ordinal). Whatever an
// invocation or a process shares (clocks, placement, load) lands on both kernels, so the gate
// needs no baseline run-to-run spread: the unit is the round's ratio NEW / OLD.
// Measured on the H100 (bench/results/h100-gate-duet.txt): those ratios are heavy-tailed (a
// burst of interference can double one kernel's round and not its partner's), so the change is
// the Hodges-Lehmann estimate of the log ratios with the signed-rank test's distribution-free
// interval (rank_tests.hpp). Rounds are the unit only while the processes agree: when the
// ratios differ between processes (Kruskal-Wallis p < pair_process_alpha) a process is the
// unit, and the interval comes from the process means (Student t, processes - 1 df).
// Pure: no I/O.
#pragma once

#include "grp/model/compare/compare.hpp"

#include <string>
#include <vector>

namespace grp {

/// A baseline kernel and one candidate kernel of the same profile, and the duet's A/A controls:
/// control the base kernel built a second time, twin the candidate's ("" when the duet has none).
struct kernel_pair {
    std::string base, cand, control = {}, twin = {};
    /// For an A/A control (base: the original, cand: its copy): the duet's other pair of
    /// instances (the candidate and its twin for the base's control), so that the control is
    /// judged on the four instances too (instances.hpp); "" otherwise.
    std::string other_original = {}, other_copy = {};
};

/// "OLD=NEW" or "OLD=NEW1,NEW2": one pair per candidate. Throws std::invalid_argument with a
/// message for a missing '=', an empty name, a candidate that is the baseline itself, or one
/// named twice.
std::vector<kernel_pair> parse_kernel_pairs(const std::string& text);

/// Where the rounds of a pair's two kernels came from: the runs (processes) that timed both,
/// and those that timed only one. A duet's kernels share every run; a merge of separate
/// invocations (one kernel each) shares none, and its rounds can never be paired.
struct pair_runs {
    std::vector<run_index> shared, base_only, cand_only;
};

/// The runs of `p` holding rounds of pair.base and of pair.cand (any case of each kernel).
pair_runs runs_of_pair(const profile& p, const kernel_pair& pair);

/// The level below which the processes of an invocation are taken to disagree about the ratio.
inline constexpr double pair_process_alpha = 0.05;

/// The comparison of pair.cand against pair.base within `p`: one case per key of either kernel
/// (keyed by the baseline kernel's name, so that several candidates line up), Holm's
/// correction over the cases as in compare_profiles. labels: "FILE:OLD" / "FILE:NEW". A duet's
/// A/A control gates the result afterwards (control.hpp: apply_control). A profile that records
/// sequential looks (settings.sequential) is judged at its last look's level unless `opt`
/// names a design already, with the record's alpha capped at opt.alpha (a record never
/// judges looser than the header's interval). Throws file_error for a settings.sequential
/// that checked_sequential_design refuses.
comparison compare_pair(const profile& p, const kernel_pair& pair, const compare_options& opt,
                        const std::string& file);

} // namespace grp
