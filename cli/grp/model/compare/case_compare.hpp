// One case pair judged: the sides' rounds read once, statuses first, then the interval test on
// the right unit (inference.hpp), with the moderation prior fitted over the comparison's cases;
// and the identity tests (same device, same physical device, own reference) the verdict needs.
// compare_profiles (compare.hpp) calls these for every pair of two profiles.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/compare/side.hpp"
#include "grp/model/stats/moderation.hpp"

#include <vector>

namespace grp {

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
/// A `faster` candidate above implausible_factor x the read roof of its bytes (roof.hpp; the
/// candidate's profile's roof, else the base's on the same device) is `implausible` instead:
/// an improvement beyond what the device can read is counted as a lying result.
void mark_beyond_roof(case_comparison& cc, const profile& bp, const case_result* b,
                      const profile& cp, const case_result* c);

bool is_own_reference(const case_result& c, const compare_options& opt);

/// The record of the device a case ran on, or nullptr when the profile does not list it.
const profile_device* device_record(const profile& p, const case_result& c);

/// The device a case ran on, or nullptr when the profile does not list it.
const device_info* device_of(const profile& p, const case_result& c);

/// Why the timer of the device case `c` ran on keeps its timing from the gate ("LABEL's timer
/// on DEVICE is VERDICT"), or "" when the timer is trusted or unchecked (older profiles).
std::string untrusted_timer(const profile& p, const case_result& c, const std::string& label);

/// Marks `cc` (its base b, candidate c) as read but not gated when either side's timer is not
/// trusted (case_comparison::untrusted_timer), with the reason in its note.
void mark_untrusted_timer(case_comparison& cc, const profile& bp, const case_result* b,
                          const profile& cp, const case_result* c);

/// True when two devices are the same physical device: equal UUIDs when both report one,
/// else the same model on the same host (host_probe.hpp same_host).
bool same_physical_device(const device_info& a, const host_info& ha, const device_info& b,
                          const host_info& hb);

} // namespace grp
