// A duet: the base revision's kernels timed beside the candidate's in one invocation (run
// --duet BASE_SPEC), each base kernel twice. The base kernel runs under "base:NAME", the
// candidate under its own NAME, and a second, separately built instance of the base kernel under
// "control:NAME": an A/A control. Identical code must read `same` against the base; when it does
// not, what the duet measured was the kernels' places in the experiment (on the H100 a kernel
// built second read 5 % slower than its identical twin: bench/results/h100-aa-gridstride.txt),
// and compare calls the duet `biased` instead of judging the candidate. The profile records the
// triples in settings.duet, so `compare DUET.json` needs no names. Pure: no I/O.
#pragma once

#include "grp/model/spec/kernel_spec.hpp"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace grp {

/// The kernel names of one duet: base and control are the base revision's kernel, cand the
/// candidate's; control is "" in a duet made by hand (two specs under two names).
struct duet_triple {
    std::string base, cand, control;
};

inline constexpr const char* duet_base_prefix = "base:";
inline constexpr const char* duet_control_prefix = "control:";

/// The kernels to sweep: the candidates as given, then every base kernel twice (renamed with
/// the prefixes above), and the triples. Throws usage_error when a base kernel has no candidate
/// of the same name (the duet would compare nothing), when a name already carries a prefix, or
/// when no kernel pairs at all.
struct duet_plan {
    std::vector<kernel_spec> kernels;
    std::vector<duet_triple> triples;
};
duet_plan plan_duet(const std::vector<kernel_spec>& base, const std::vector<kernel_spec>& cand);

/// settings.duet of a profile: {"base": where the base kernels came from, "pairs": [{"base",
/// "candidate", "control"}]}.
nlohmann::ordered_json duet_to_json(const std::string& base_source,
                                    const std::vector<duet_triple>& triples);

/// The triples a profile's settings record; empty when it is no duet or the record is not an
/// array of objects with string names (an older or hand-made profile).
std::vector<duet_triple> duet_triples(const nlohmann::ordered_json& settings);

} // namespace grp
