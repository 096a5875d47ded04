// Section "Data layouts": aos12 / aos16 / soa side by side per local size, in records/s (the fair
// measure: aos16 moves 16 bytes per record where the others move 12) and in GB/s.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/views/report_data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// aos12 / aos16 / soa per local size: elements/s and GB/s bars per layout.
std::string section_layouts(const report_input& in, const std::string& tag);

} // namespace grp::html
