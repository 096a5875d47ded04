// The comparison of a baseline with a candidate as data (like google/benchmark's
// get_difference_report): cases matched by key; a verdict per case from a confidence interval
// of the change in log time estimated on the right unit — the rounds (one median each) and,
// when a baseline merges several runs, the runs — never on pooled launches of one burst
// (inference.hpp); identity (device, host, driver, kernel source) and the context that differs.
// Printers (report/compare_print) and the command only present it; nothing here does I/O.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/inference.hpp"
#include "grp/model/profile/profile.hpp"

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
    bool cross_device = false;   ///< different device models
    bool cross_machine = false;  ///< the same model on another host
    bool source_changed = false; ///< the kernel's source differs (sha256)
    bool fails = false;          ///< counts towards the exit code under the fail policy
    std::string note;            ///< the numbers behind the verdict, in words

    /// ratio - 1: +0.10 is 10 % slower; empty when there is no ratio.
    [[nodiscard]] std::optional<double> change() const;
};

/// A context field that differs between the profiles, such as the driver version.
struct context_difference {
    std::string what, base, cand;
};

/// One line of a profile's run context, e.g. {"git sha", "4fdfe7962d1a"}.
struct context_field {
    std::string what, value;
};

/// The run context of `p` in a fixed order: tool, host, CPU (model, cores, clocks, governor),
/// memory, OS, runs, load, devices, drivers, platforms, then one "env NAME" line per name in
/// `env_names` ("unset" where `p` did not have it). Fields older profiles lack: "not recorded".
/// context.cpp.
std::vector<context_field> context_fields(const profile& p, const std::set<std::string>& env_names);
/// The environment variables recorded by any of `profiles` (host.env).
std::set<std::string> env_names_of(const std::vector<const profile*>& profiles);
/// The context fields whose values differ between `base` and `cand`.
std::vector<context_difference> context_differences(const profile& base, const profile& cand);
/// The 1-minute load average as text ("3.07"), "-" when not recorded.
std::string load_text(const std::optional<std::array<double, 3>>& load);

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

    [[nodiscard]] std::size_t count(verdict v) const;
    [[nodiscard]] std::size_t failures() const;
    [[nodiscard]] bool failed() const { return failures() > 0; }
};

/// Compares `cand` against `base`. Pure; never throws for valid profiles.
comparison compare_profiles(const profile& base, const profile& cand, const compare_options& opt,
                            const std::string& base_label, const std::string& cand_label);

/// One case of the base and its match in the candidate (either may be null, not both), with
/// the rounds each side contributes, read once for the prior and the verdict.
struct case_pair {
    const case_result* base = nullptr;
    const case_result* cand = nullptr;
    side_rounds base_rounds, cand_rounds;
};

/// The pair of `b` (of bp) and `c` (of cp) with their rounds (rounds_of).
case_pair pair_of(const profile& bp, const case_result* b, const profile& cp, const case_result* c,
                  const compare_options& opt);

/// One case pair: statuses first, then the interval test. Cases are not pooled; `prior` (from
/// moderation_prior_of) moderates the variance of a run's mean, with df capped by how
/// independently the cases move (moderation.hpp).
case_comparison compare_case(const profile& bp, const profile& cp, const case_pair& pair,
                             const compare_options& opt, const run_mean_prior& prior = {});

/// The prior fitted over the case pairs that the interval test will judge on run means: no
/// moderation (df 0) with --moderate off, with auto against a baseline of one invocation
/// (invocations_of(bp) < 2), or when fewer than 3 such cases vary.
run_mean_prior moderation_prior_of(const profile& bp, const std::vector<case_pair>& pairs,
                                   const compare_options& opt);

/// How many `run` invocations a profile's runs came from (distinct run sources; at least 1).
std::size_t invocations_of(const profile& p);

/// True when two devices are the same model: equal names (or equal UUIDs, for a driver that
/// renamed a card). Raw times of different models never fail.
bool same_device(const device_info& a, const device_info& b);

/// True when `opt` normalizes to a reference kernel (or case) and `c` is that reference for
/// itself: its normalized time is 1 in every round.
bool is_own_reference(const case_result& c, const compare_options& opt);

/// The device a case ran on, or nullptr when the profile does not list it.
const device_info* device_of(const profile& p, const case_result& c);

/// True when two devices are the same physical device: equal UUIDs when both report one,
/// else the same model on the same host (host_probe.hpp same_host).
bool same_physical_device(const device_info& a, const host_info& ha, const device_info& b,
                          const host_info& hb);

} // namespace grp
