// A duet judged whole: each A/A control once, then every candidate through compare_pair, gated
// by its controls (control.hpp). `compare DUET.json` prints it; `run --duet` asks it after every
// process whether the duet is decided yet (a sequential duet stops there). Pure: no I/O.
#pragma once

#include "grp/model/compare/pair.hpp"
#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp {

/// The controls of `pairs`, each once (a base gated several candidates; a candidate may be paired
/// with several bases), the bases' controls first, then the candidates' twins; then each
/// candidate gated by its controls. A candidate with runs that timed only one kernel, or without
/// a control, carries a warning that says so.
std::vector<comparison> judge_duet(const profile& p, const std::vector<kernel_pair>& pairs,
                                   const compare_options& opt, const std::string& file);

/// "run 0 (a.json), run 1": the first runs of `runs`, with the file a merged run came from.
std::string runs_text(const profile& p, const std::vector<run_index>& runs);

/// Inconclusive, but not slower than the base beyond `threshold` for any bias the A/A controls
/// allow: the interval's high end, widened by that bias (case_comparison::bias_allowed; 1 for a
/// case judged on its instances), within 1 + threshold. The one-sided question bisect asks.
[[nodiscard]] bool reads_not_slower(const case_comparison& cc, double threshold);

/// The candidates' cases of `judged` that more processes could still decide: those read
/// inconclusive. A case that is slower, faster, same or biased is decided; one that is wrong,
/// unmeasured or missing is not a question of more rounds. A control's inconclusive case counts
/// only through the candidate it gates: once every candidate is decided (in spite of it, by the
/// bias it allows: apply_controls), more processes change no verdict. With `one_sided` (a
/// threshold: run --one-sided), a case that reads_not_slower is decided too.
std::size_t undecided_cases(const std::vector<comparison>& judged,
                            std::optional<double> one_sided = std::nullopt);

} // namespace grp
