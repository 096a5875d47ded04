// Section "Kernel x local size": the articles' table as a heat map, one per sweep point with
// several local sizes or a host baseline (one for all profiles, a row per profile and kernel).
// Each cell shows the median time and GB/s, shaded by how far it is from the best cell (darker
// is faster); the host baseline is the last row.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// The kernel x local-size matrices as heat-map tables (median time and GB/s per cell, the
/// best marked, short reasons for cells without a time, the host baseline as the last row).
/// One section for all profiles: one table per sweep point and device model holding every
/// profile's rows ("P1 reduce6", "P2 reduce6", and a host row each), on the union of their
/// local sizes, shaded against and outlining the fastest cell of all.
std::string section_matrix(const std::vector<report_input>& inputs);

} // namespace grp::html
