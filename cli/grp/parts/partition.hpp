// How `run --runs K` shares one run's rounds between its K processes, and what the parent tells
// the later ones: part I of K takes its share of the rounds (the first `total % K` parts one
// more), starts the CPU rotation where the earlier parts left it, and, after the first, skips
// the peak's shape search (it takes the first part's read peak, written by part_peak_arg and
// read back by parse_part_peaks), the host baseline, the exact check and the scenarios, so the
// sweep costs what one process costs plus K - 1 starts. No process is started here.
#pragma once

#include "grp/model/profile/profile.hpp"
#include "grp/run/run_options.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace grp::parts {

/// Part `index` (1-based) of `count`, as the parent passes it to a child (--part I/K).
struct run_part {
    std::size_t index = 0;
    std::size_t count = 0;
};

/// The rounds part `index` (1-based) of `count` measures of `total`: total / count, plus one
/// for the first total % count parts. Precondition: 1 <= index <= count.
std::uint64_t round_share(std::uint64_t total, std::size_t index, std::size_t count);

/// Narrows `r` to one part: its share of the rounds (and of the extra rounds); parts after
/// the first skip the peak's search (they take `peaks`, parse_part_peaks), the host baseline,
/// the exact check on integer-valued data (every launch is still checked) and the scenarios.
/// Throws usage_error when the part has no round.
void apply_part(const run_part& part, run::run_options& r,
                const std::vector<std::string>& peaks = {});

/// --part-peak "DEVICE|BYTES|READ_MEDIAN_NS|SHAPE" (one per device) as the parent writes it
/// (part_peak_arg). Throws usage_error for a malformed one.
std::map<int, peak_bandwidth> parse_part_peaks(const std::vector<std::string>& texts);

/// The --part-peak value of device `index`'s read peak (the median to 17 digits: it reads back
/// exactly).
std::string part_peak_arg(int index, const peak_bandwidth& p);

} // namespace grp::parts
