// Throughput across profiles: the plain sweep cases of every profile grouped by device model,
// kernel family, type and n, so that each group is drawn once for all profiles; and the
// overlaid line chart of a group that several profiles hold (a line per profile and kernel, so
// a change or another machine shows as lines that part).
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// One kernel family, type and n on one device model, with each profile's cases of it.
struct profile_group {
    std::string device, label, type;
    std::uint64_t n = 0;
    std::vector<std::pair<std::size_t, case_group>> members; ///< (profile index, its group)
};

/// The throughput groups of all profiles, merged by device name, family, type and n, in
/// first-seen order; a group that one profile holds has one member.
std::vector<profile_group> profile_groups(const std::vector<report_input>& inputs);

/// GB/s against local size of every member, a line per profile and kernel ("P2 reduce6").
std::string overlay_chart(const profile_group& o);

} // namespace grp::html
