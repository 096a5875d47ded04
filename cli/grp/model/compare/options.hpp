// The vocabulary of `compare`: verdicts, the --fail-on policy, normalization and the statistical
// settings, with their parsers and names. Separate from compare.hpp so that the command and the
// printers can name options and verdicts without the matching logic.
#pragma once

#include "grp/model/compare/sequential_design.hpp"

#include <cstddef>
#include <optional>
#include <string>

namespace grp {

/// Per-case outcome, in worst-first order (the order tables use).
enum class verdict {
    wrong,       ///< candidate's result is wrong and the base's was not
    implausible, ///< faster than the device reads its bytes (roof.hpp); fails where wrong does
    slower,      ///< the whole confidence interval above 1 and the change beyond the threshold
    unmeasured,  ///< a result without timing: every sample flagged, or no rounds at all
    missing,     ///< the base has a result, the candidate none (absent, skipped or failed)
    /// A duet whose A/A control (the base kernel built a second time) read slower or faster:
    /// the experiment favours one kernel instance, so the candidate is not judged (pair.hpp).
    biased,
    inconclusive, ///< the interval is too wide to tell the change from the threshold
    still_wrong,  ///< wrong in both: a known-bad kernel on this device, not a new failure
    same,         ///< the whole interval within ±threshold
    faster,       ///< the whole interval below 1 and the change beyond the threshold
    fixed,        ///< wrong in the base, correct in the candidate
    added,        ///< only the candidate has a result
    not_run,      ///< neither has a result (skipped or failed in both)
};
std::string to_string(verdict v);

/// Every verdict, worst first.
inline constexpr verdict all_verdicts[] = {
    verdict::wrong,   verdict::implausible, verdict::slower,       verdict::unmeasured,
    verdict::missing, verdict::biased,      verdict::inconclusive, verdict::still_wrong,
    verdict::same,    verdict::faster,      verdict::fixed,        verdict::added,
    verdict::not_run};

/// What a case is measured by; see compare_options::normalize.
enum class normalization {
    none,   ///< raw kernel time
    peak,   ///< time × the profile's measured peak read GB/s (∝ 1 / fraction of peak)
    kernel, ///< time ÷ the same round's time of a reference case of the same profile
    /// 2.17: time ÷ the profile's launch floor of the case's device (devices[].launch_floor_ns):
    /// times the empty-kernel span, a unit that crosses devices at launch-bound sizes
    floor,
};

/// What stands for a round's samples (--round-center). Interference only adds time, so the
/// fastest sample of a round is the least disturbed (BenchmarkTools.jl's estimator); the median
/// is the default (bench/results/pocl-gate-power-center.txt compares them).
enum class round_center {
    median, ///< the median of the round's samples
    min,    ///< the fastest sample of the round
};
/// "median" or "min"; throws usage_error otherwise.
round_center parse_round_center(const std::string& s);
std::string to_string(round_center c);

/// The outcomes --fail-on can select. Improvements never fail.
struct fail_policy {
    bool slower = true;
    bool wrong = true;
    bool unmeasured = true;
    bool missing = false;
    bool inconclusive = false;
};

/// Parses "slower,wrong,unmeasured,missing,inconclusive" (any subset) or "none". Throws
/// usage_error on other words and on an empty list (an unset CI variable must not switch the
/// gate off: "none" says so explicitly).
fail_policy parse_fail_on(const std::string& list);
std::string to_string(const fail_policy& f);

/// How slower/faster verdicts account for judging many cases at once (multiplicity.hpp).
enum class multiple_correction {
    holm, ///< the chance of any false slower/faster in a comparison stays at alpha
    none, ///< each case alone at alpha
};

/// When compare borrows strength across cases (--moderate).
enum class moderation_mode {
    /// Only against a baseline merged from several invocations: the processes of one
    /// invocation share its level, so against a one-invocation baseline the variance of a run's
    /// mean misses how invocations differ, and narrowing it turns that into false alarms.
    automatic,
    on,  ///< always
    off, ///< never: each case on its own runs alone
};

/// Which rounds compare sets aside: those another process disturbed (their threads waited for a
/// CPU over `max_cpu_wait` of the round; <= 0 keeps them) and, with `unsteady`, those whose
/// sensors saw the clocks ramp or a throttle (round_record::unsteady).
struct aside_rule {
    aside_rule(double wait = 0.1, bool unsteady_too = true) // NOLINT: a wait alone converts
        : max_cpu_wait(wait), unsteady(unsteady_too) {}
    double max_cpu_wait;
    bool unsteady;
};

struct compare_options {
    double threshold = 0.05;    ///< the smallest relative change that matters, 0.05 = 5 %
    double alpha = 0.01;        ///< 1 - confidence of the interval (0.01: a 99 % interval)
    std::size_t min_rounds = 2; ///< fewer rounds on a side give inconclusive
    /// Rounds whose threads waited for a CPU longer than this share of the round (another
    /// process took the CPU: round_record::cpu_wait) are set aside; <= 0 keeps every round.
    double max_cpu_wait = 0.1;
    /// Rounds whose sensors saw the clocks ramp or a throttle are set aside (--unsteady).
    bool set_aside_unsteady = true;
    [[nodiscard]] aside_rule aside() const { return {max_cpu_wait, set_aside_unsteady}; }
    round_center center = round_center::median; ///< what stands for a round
    normalization normalize = normalization::none;
    /// For normalization::kernel: a kernel name (the reference is the case with the same type,
    /// layout, n and local size) or a full case key such as "copy/float/flat/n=1024/local=64"
    /// (one reference case for every case of the profile).
    std::string reference;
    fail_policy fail_on;
    /// Raw-time verdicts between different hosts fail too (by default they are reported but do
    /// not fail: machine-to-machine differences are not in a baseline's spread).
    bool cross_machine_fails = false;
    /// Timing verdicts between two profiles of one run each fail too (by default they are read,
    /// not gated: the rounds of one process miss the run-to-run spread, see
    /// case_comparison::one_run_each). compare --allow-one-run.
    bool one_run_gates = false;
    /// Timing verdicts between sides whose device conditions differ fail too (by default they
    /// are read, not gated: conditions_gate.hpp). compare --conditions any.
    bool any_conditions = false;
    multiple_correction correction = multiple_correction::holm;
    /// Whether each case's run-to-run variance is moderated with a prior fitted over all the
    /// cases of the comparison (moderation.hpp).
    moderation_mode moderate = moderation_mode::automatic;
    /// The looks of a sequential run (settings.sequential): its cases are judged at the level
    /// of its last look instead of alpha (sequential_design.hpp).
    std::optional<sequential_design> sequential;
    /// The two-sided level an interval with `df` degrees of freedom is built at: alpha, or the
    /// last look's level of a sequential run.
    [[nodiscard]] double level(double df) const {
        return sequential ? sequential->level_at_last_look(df) : alpha;
    }
};

/// Parses --normalize: "none", "peak", "floor", or anything else as a reference kernel or case
/// key.
/// compare's defaults for kernels timed in the same rounds (a duet, or the configurations of one
/// sweep point): every round kept, disturbed or unsteady. What disturbed a round (another
/// process took the CPU, the clocks ramped) disturbed every kernel of it, and the ratio within
/// the round cancels it: under a CI-like load on PoCL the duet that kept every round was right
/// (docs/compare.md). `compare DUET.json` uses them unless told otherwise, and so do run's
/// sequential looks and the best configuration's separation, so the three judge alike.
compare_options same_round_options();

void parse_normalize(const std::string& text, compare_options& opt);

/// Checks the statistical settings; throws usage_error naming the option (NaN included).
void check_compare_options(const compare_options& opt);

} // namespace grp
