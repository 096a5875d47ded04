// A duet: the base revision's kernels timed beside the candidate's in one invocation (run
// --duet BASE_SPEC), each kernel twice. The base kernel runs under "base:NAME", the candidate
// under its own NAME, and a second, separately built instance of each as an A/A control:
// "control:NAME" (the base again) and "twin:NAME" (the candidate again). Identical code must read
// `same`; when it does not, what the duet measured was the kernel instances' places in the
// experiment (on the H100 a kernel built second read 5 % slower than its identical twin:
// bench/results/h100-aa-gridstride.txt), and compare calls the duet `biased` instead of judging
// the candidate. Two controls, one per side: a bias of either side's instance shows. The profile
// records the names in settings.duet, so `compare DUET.json` needs no names. Pure: no I/O.
#pragma once

#include "grp/model/spec/kernel_spec.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

/// The kernel names of one duet: base and control are the base revision's kernel, cand and twin
/// the candidate's; control is "" in a duet made by hand (two specs under two names), twin ""
/// there and in profiles of versions before 0.1's twin (schema 2.7 and older).
struct duet_triple {
    std::string base, cand, control, twin = {};
};

inline constexpr const char* duet_base_prefix = "base:";
inline constexpr const char* duet_control_prefix = "control:";
inline constexpr const char* duet_twin_prefix = "twin:";

/// The kernels to sweep: the candidates as given, every base kernel twice (renamed with the
/// base and control prefixes), each paired candidate again under the twin prefix, and the
/// triples. Throws usage_error when a base kernel has no candidate
/// of the same name (the duet would compare nothing), when a name already carries a prefix, or
/// when no kernel pairs at all.
struct duet_plan {
    std::vector<kernel_spec> kernels;
    std::vector<duet_triple> triples;
};
duet_plan plan_duet(const std::vector<kernel_spec>& base, const std::vector<kernel_spec>& cand);

/// settings.duet of a profile: {"base": where the base kernels came from, "pairs": [{"base",
/// "candidate", "control", "twin"}]}.
nlohmann::ordered_json duet_to_json(const std::string& base_source,
                                    const std::vector<duet_triple>& triples);

/// The triples a profile's settings record; empty when it is no duet or the record is not an
/// array of objects with string names (an older or hand-made profile).
std::vector<duet_triple> duet_triples(const nlohmann::ordered_json& settings);

} // namespace grp
