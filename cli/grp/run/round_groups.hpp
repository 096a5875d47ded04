// Which cases a round visits together. The kernels of one family (a tuning family, a duet's
// base and candidates) at one sweep point alternate their launches (ABAB...) so that a change
// of the machine's state between them falls on all of them alike; every other case is sampled
// alone. rounds.cpp visits the groups in a fresh seeded order each round.
#pragma once

#include "grp/run/launch/case_setup.hpp"

#include <map>
#include <string>
#include <vector>

namespace grp::run {

/// The groups of `cases`: those whose kernel has a family in `families` (kernel name -> family)
/// and share type, layout, n, local size, operator and parameters form one group; every other
/// case is a group of its own. Groups keep the order of their first case.
std::vector<std::vector<prepared_case*>>
round_groups(const std::map<std::string, std::string>& families,
             const std::vector<prepared_case*>& cases);

} // namespace grp::run
