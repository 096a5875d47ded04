// The comparison of a baseline with a candidate as data (like google/benchmark's
// get_difference_report): cases matched by key; a verdict per case from a confidence interval
// of the change in log time estimated on the right unit — the rounds (one median each) and,
// when a baseline merges several runs, the runs — never on pooled launches of one burst
// (inference.hpp); identity (device, host, driver, kernel source) and the context that differs.
// Printers (report/console, markdown, json, csv: compare.cpp in each) and the command only present
// it; nothing here does I/O.
#pragma once

#include "grp/model/compare/cross_device.hpp"
#include "grp/model/compare/options.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/compare/slow_cause.hpp"
#include "grp/model/profile/context.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/model/stats/inference.hpp"
#include "grp/model/stats/nested_variance.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace grp {

/// One profile's side of a case pair.
struct case_side {
    case_status status = case_status::ok;
    std::string reason;
    std::string device; ///< device name from profile::devices
    std::string host;   ///< host name of the run(s)
    std::string sha256; ///< of the kernel's source, "" when unknown
    std::size_t runs = 0, rounds = 0, samples = 0;
    std::size_t disturbed = 0; ///< rounds set aside: another process took the CPU
    /// exp(mean of the runs' mean ln round median): the time the ratio compares, in ns
    /// (normalized cases: on the normalized scale). Empty without usable rounds.
    std::optional<double> center;
    std::optional<double> median_ns; ///< median of the round medians, raw ns (for display)
    std::optional<double> pct_of_peak;
};

struct case_comparison {
    case_key key;
    std::optional<case_side> base, cand;
    verdict outcome = verdict::inconclusive;
    std::optional<double> ratio;           ///< candidate ÷ base of the centers
    std::optional<double> ci_low, ci_high; ///< the ratio's confidence interval (1 - alpha)
    std::optional<double> p_value;         ///< two-sided, no change
    std::optional<double> df;              ///< Welch-Satterthwaite degrees of freedom
    std::optional<double> between_run_var; ///< log scale; estimated only with several runs
    bool between_run_estimated = false;
    bool cross_device = false;  ///< different device models
    bool cross_machine = false; ///< the same model on another host
    /// Both profiles hold one run (process) each: the intervals come from rounds alone, which
    /// miss the level each process lands at (identical pairs failed 14 of 90 on the H100, 31 of
    /// 90 on a quiet 2-core PoCL VM). Its timing is read, not gated, unless --allow-one-run.
    bool one_run_each = false;
    /// A side's device timer is not trusted (timer_verdict.hpp): its timing is read, never
    /// gated, and the note says whose timer and why.
    bool untrusted_timer = false;
    /// The two sides' device conditions differ (conditions_gate.hpp): read, not gated, unless
    /// --conditions any; the note names the facts.
    bool conditions_differ = false;
    bool source_changed = false; ///< the kernel's source differs (sha256)
    bool fails = false;          ///< counts towards the exit code under the fail policy
    std::string note;            ///< the numbers behind the verdict, in words
    /// A duet's case left undecided: what would decide it (nested_variance.hpp), from its own
    /// rounds, processes and invocations.
    std::optional<decision_plan> plan;
    /// A duet's candidate case: the largest factor by which its A/A controls allow the
    /// experiment to favour one instance over another (1 where every control read same;
    /// control.hpp: apply_controls); empty without controls, where one has no interval, or
    /// where one read slower or faster (biased).
    std::optional<double> bias_allowed;
    /// A duet's case (candidate or A/A control) judged on its four instances (instances.hpp):
    /// the instances' spread is in its interval, so no bias bound widens it (bias_allowed 1).
    bool on_instances = false;
    /// A kernel pair's case (compare_pair): the index in profile::devices its sides ran on, so
    /// that a duet on several devices gates each device's candidate by that device's controls.
    std::optional<int> device;
    /// A slower case's cause, where check profiles were given or found (cause_match.hpp);
    /// empty otherwise. Never changes the verdict or whether the case fails.
    std::optional<slow_cause> cause;

    /// ratio - 1: +0.10 is 10 % slower; empty when there is no ratio.
    [[nodiscard]] std::optional<double> change() const;
};

struct comparison {
    std::string base_label, cand_label; ///< usually the file paths
    compare_options options;
    std::vector<case_comparison> cases; ///< worst first
    std::vector<context_difference> context;
    std::vector<std::string> warnings; ///< e.g. cross-machine, an incomplete profile
    std::size_t common = 0;            ///< keys present in both
    std::size_t base_runs = 0, cand_runs = 0;
    run_mean_prior moderation; ///< the prior the cases' run-to-run variances were moderated with
    std::size_t base_invocations = 0; ///< invocations_of(base)
    /// Cases left out because they are the --normalize reference itself (always 1.0 on that
    /// scale: a yardstick, not a result).
    std::size_t reference_cases = 0;
    /// compare --pair: two kernels of one profile, judged on the ratio within each round
    /// (pair.hpp); base_runs is then the profile's processes.
    bool paired = false;
    /// compare --pair / a duet: the candidate kernel (the cases are keyed by the base's).
    std::string pair_cand;
    /// The check profiles the slower cases' causes came from; empty when none was given or found.
    std::optional<cause_sources> work;
    /// A duet: the command line that measured it (the profile's tool.argv), for the plan's
    /// command to copy (plan_text.hpp: rerun_command); empty otherwise.
    std::vector<std::string> measured_by;
    /// A duet: how many invocations were pooled into it (duet_pool.hpp); 1 for one profile.
    std::size_t invocations = 1;
    /// A duet's A/A control (the base kernel built again, judged against the base): its cases
    /// never fail; a control that is not `same` makes the candidates' cases `biased`.
    bool control = false;
    /// Each kernel's best on each side, where the devices differ or no case is in common
    /// (cross_device.hpp); never gated.
    std::vector<cross_device_row> cross_devices;
    /// One line per device whose conditions differ between the sides, naming each differing
    /// fact ("NVIDIA H200: power_limit_w: 700 -> 500"); conditions_gate.hpp.
    std::vector<std::string> conditions;

    [[nodiscard]] std::size_t count(verdict v) const;
    [[nodiscard]] std::size_t failures() const;
    [[nodiscard]] bool failed() const { return failures() > 0; }
    /// Cases whose timing was for the gate to judge: both sides have a result (same, slower,
    /// faster, inconclusive, unmeasured or biased).
    [[nodiscard]] std::size_t timing_cases() const;
    /// Of timing_cases, the ones timing decided for the gate: same, slower or faster, except
    /// raw times of two device models (never gated: a slower GPU is not a regression).
    [[nodiscard]] std::size_t timing_judged() const;
    /// True when a case is on two device models and compared on raw time: read, never gated.
    [[nodiscard]] bool ungated(const case_comparison& cc) const;
    /// True when the policy gates timing (--fail-on slower) but timing could only be read: across
    /// devices, or one run against one run (one_run_not_gated); for devices: a cross-device table
    /// stands in and no case's timing was gated (none in common, or every one on another device
    /// model). The headline then says NOT GATED, never PASS. A policy that gates results only
    /// (--fail-on wrong,missing) asked for no timing verdict: its headline stays PASS or FAIL on
    /// the results, the table shown beside it.
    [[nodiscard]] bool timing_not_gated() const {
        return options.fail_on.slower &&
               (!cross_devices.empty() || one_run_not_gated() || conditions_not_gated()) &&
               timing_judged() == 0 && failures() == 0;
    }
    /// True when the devices differ and times are compared raw (--normalize none): the reason
    /// their timing is not gated, before any other.
    [[nodiscard]] bool raw_cross_device() const {
        return !cross_devices.empty() && options.normalize == normalization::none;
    }
    /// True when some case's timing was read but not gated because each side holds one run
    /// (case_comparison::one_run_each) and --allow-one-run was not given.
    [[nodiscard]] bool one_run_not_gated() const;
    /// True when some case's timing was read but not gated because the device conditions differ
    /// (case_comparison::conditions_differ) and --conditions any was not given.
    [[nodiscard]] bool conditions_not_gated() const;
    /// True when the policy gates timing (--fail-on slower) and timing could not be judged for
    /// some case, or there was none to judge: the headline then says UNDECIDED, never PASS.
    [[nodiscard]] bool undecided() const {
        return options.fail_on.slower && (timing_cases() == 0 || timing_judged() < timing_cases());
    }
    /// True when the policy gates timing and timing judged no case at all (compare exits 8).
    [[nodiscard]] bool judged_nothing() const {
        return options.fail_on.slower && timing_judged() == 0;
    }
};

/// Compares `cand` against `base`. Pure; never throws for valid profiles.
comparison compare_profiles(const profile& base, const profile& cand, const compare_options& opt,
                            const std::string& base_label, const std::string& cand_label);

} // namespace grp
