// The duet's A/A controls (spec/duet.hpp): the base kernel and the candidate each built a second
// time and timed in the same rounds. Identical code must read `same`; when it reads slower or
// faster the experiment favours one kernel instance over another (its place in the build, the
// sweep, the memory), and a candidate's verdict would carry that bias. A control that reads
// slower or faster makes the candidate `biased`; otherwise a candidate judged on its four
// instances (instances.hpp) carries the controls' spread in its interval, and one judged on its
// rounds stands where both controls read `same` or where its verdict holds for every bias their
// intervals allow. Pure: no I/O.
#pragma once

#include "grp/model/compare/pair.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// An A/A control's comparison: `copy` (a second instance of `original`) against `original`,
/// marked as a control (its cases never fail: a control that reads slower or faster makes the
/// candidates `biased` instead). For the base's control: (pair.base, pair.control); the twin's:
/// (pair.cand, pair.twin).
/// `other`: the duet's other pair of instances (original, copy), with which the control is
/// judged on the four instances (kernel_pair::other_original); empty: on its rounds.
comparison compare_control(const profile& p, const std::string& original, const std::string& copy,
                           const compare_options& opt, const std::string& file,
                           const std::pair<std::string, std::string>& other = {});

/// One A/A control that gates candidates: its comparison and what it is ("the base kernel
/// built again").
struct control_gate {
    const comparison* result = nullptr;
    std::string what;
};

/// Gates `cand` by its controls, case by case (same sweep point on the same device): where a
/// control read slower or faster the candidate's timing verdict becomes `biased` (never slower,
/// never fails). A case judged on its four instances stands, unless a control's interval
/// excludes no change: then only if it holds for the square root of that control's bound (half
/// the offset may be in the change). For a case judged on its rounds: where every control reads
/// `same` the verdict stands. Where one could not be judged (inconclusive,
/// unmeasured, missing) a same/slower/faster stands only if it holds for every bias the
/// controls' intervals allow (the largest of their bias_bound: the candidate's interval divided
/// and multiplied by it); else it becomes inconclusive. Each control is one pair of instances
/// of identical code in this experiment, and the candidate against the base is one more: the
/// largest bias the experiment shows is the bound, not the sum of what each control allows,
/// which would count the same process noise twice. That bound is an assumption, not a
/// probability: that the candidate's pair of instances is favoured no more than the worst
/// pair the controls measured (the design shuffles builds and launches so that no pair is
/// special). Where every control reads same no bias is allowed for, as before (bias_allowed 1).
/// Call it once per candidate with every control: each call sets bias_allowed afresh. Each
/// note names the control that decided, keeps what the candidate read and quotes that
/// control's interval.
void apply_controls(comparison& cand, const std::vector<control_gate>& controls,
                    const compare_options& opt);

/// apply_controls with one control (for a candidate gated by one control only).
void apply_control(comparison& cand, const comparison& control, const std::string& what,
                   const compare_options& opt);

/// The largest factor by which the instance an A/A control compares could be favoured or
/// hindered, from its interval: max(ci_high, 1 / ci_low), at least 1; empty without one.
[[nodiscard]] std::optional<double> bias_bound(const case_comparison& control);

/// Whether cc's same/slower/faster holds when its ratio and interval may be off by a factor up
/// to `bias` either way (classify's rules on the widened interval).
[[nodiscard]] bool holds_for_any_bias(const case_comparison& cc, double bias, double threshold);

/// The pairs of a duet the profile records (settings.duet, written by run --duet), with their
/// controls; empty when it records none.
std::vector<kernel_pair> recorded_pairs(const profile& p);

} // namespace grp
