// What one side of a case pair contributes to the test: the log of every round's median time,
// grouped by run (a merged baseline has several), on the scale being compared (raw, fraction
// of peak, or ratio to a reference case in the same round), or why there is nothing usable.
#pragma once

#include "grp/model/compare/options.hpp"
#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace grp {

struct side_rounds {
    std::vector<std::vector<double>> runs; ///< ln(round statistic) per run, in round order
    std::size_t rounds = 0;
    std::size_t samples = 0;
    std::size_t disturbed = 0; ///< rounds set aside: another process took the CPU, or unsteady
    std::string problem;       ///< why the side cannot be used ("" when it can)
    bool unmeasured = false;   ///< no timing at all (every sample flagged, or no rounds)
};

/// A round's place in a profile, (run, ordinal within the run), mapped to its median in ns:
/// the rounds of two cases of one run with the same slot ran in the same pass over the sweep.
using round_slots = std::map<std::pair<run_index, std::size_t>, double>;

/// The round centers (median, or the fastest sample with round_center::min) of `c` by slot;
/// rounds set aside (set_aside) are left out and counted in `*dropped` when given.
round_slots medians_by_slot(const case_result& c, const aside_rule& aside,
                            std::size_t* dropped = nullptr,
                            round_center center = round_center::median);

/// True when compare sets round `r` aside: another process took the CPU while it ran
/// (round_record::disturbed; never when aside.max_cpu_wait is 0) or, with aside.unsteady, its
/// sensors saw the clocks ramp or a throttle (round_record::unsteady).
bool set_aside(const round_record& r, const aside_rule& aside);

/// The rounds of case `c` of profile `p` as the comparison sees them.
side_rounds rounds_of(const profile& p, const case_result& c, const compare_options& opt);

/// The median of the round medians in ns (what a table shows as the case's time).
std::optional<double> median_of_rounds(const case_result& c);

} // namespace grp
