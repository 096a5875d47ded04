// A duet's candidate judged on its four instances. Every process of `run --duet` builds the base
// kernel twice (base, control) and the candidate twice (cand, twin) and times all four in the
// same rounds. Two instances of identical code in one process differ by an offset of their own
// (on the H100 a 2.2 % standard deviation at local 64, as large as the spread between
// processes: bench/results/h100-process-disagreement.txt), which more rounds never average
// away. Per process and round, with logs of the round centers,
//   change   d = (cand + twin - base - control) / 2
//   A/A      a = control - base,  a' = twin - cand
// Across processes d estimates the change with the instances' variance s^2 (its two instances
// per side halve it), and a / sqrt(2), a' / sqrt(2) are samples of the same noise with mean 0
// (identical code): so the change's interval is the mean of the processes' d with s pooled
// from the spread of d and the A/A contrasts, 3P - 1 degrees of freedom for P processes. The
// instance offsets are in the interval, where judging the rounds alone left them to a bias
// bound (control.hpp). A mean of the A/A contrasts away from 0 (one build favoured) widens s,
// and a control that reads slower or faster still makes the case biased. Pure: no I/O.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace grp {

/// The four cases of one sweep point of a duet.
struct instance_cases {
    const case_result *base = nullptr, *control = nullptr, *cand = nullptr, *twin = nullptr;
};

/// Per process that timed all four kernels: the median over its rounds of d, a and a' (log).
struct instance_contrasts {
    std::vector<double> change;          ///< d, one per process
    std::vector<double> aa_base;         ///< a = control - base, one per process
    std::vector<double> aa_cand;         ///< a' = twin - cand, one per process
    std::vector<std::string> invocation; ///< each process's file (pooled duets)
    std::size_t rounds = 0;              ///< rounds in which all four were timed
    std::size_t set_aside = 0;           ///< rounds of any of the four set aside
};

/// The contrasts of `k`'s four cases in `p`, round by round (the same slot: process and pass),
/// with opt's aside rule and round center.
instance_contrasts contrast_instances(const profile& p, const instance_cases& k,
                                      const compare_options& opt);

/// The fewest processes that judge on the instances: one process has no spread of d.
inline constexpr std::size_t min_instance_processes = 2;

/// Sets cc's ratio, interval (at opt.level(df)), p-value and df from `x` and classifies it
/// (rules.hpp): the pooled interval above; or, where the processes of several invocations
/// disagree by invocation (Kruskal-Wallis over their d, p < pair_process_alpha), the
/// invocations' means of d (Student t, invocations - 1 df). Marks cc.on_instances. Returns how
/// it was judged, in words, for the case's note. Precondition: x.change.size() >=
/// min_instance_processes.
std::string judge_on_instances(case_comparison& cc, const instance_contrasts& x,
                               const compare_options& opt);

/// The base's A/A control (control against base) judged on the same four instances: the mean
/// of the processes' a, its standard error sqrt(2 s^2 / P) with s^2 pooled from d, a and a'
/// each about its own mean (3P - 3 df), so that an instance's offset in its process is noise
/// here too and only an offset every process shares (a bias of the experiment) reads slower or
/// faster. The invocations' means of a where invocations disagree, as above. For the twin's
/// control, give x with the pairs swapped (contrast_instances with base and control the
/// candidate and its twin). Precondition as above.
std::string judge_control_on_instances(case_comparison& cc, const instance_contrasts& x,
                                       const compare_options& opt);

} // namespace grp
