// Section "Energy": each case's median time against its energy per launch (from the rounds'
// sensor readings, schema 2.8), one series per kernel joining its local sizes, so a faster
// configuration that costs more joules shows up; with the table of power, J per launch, GB/s
// per W and what the power came from.
#pragma once

#include "grp/report/views/report_data.hpp"

#include <string>

namespace grp::html {

/// Empty when no case has energy (no sensor, or a profile before 2.8).
std::string section_energy(const report_input& in, const std::string& tag);

} // namespace grp::html
