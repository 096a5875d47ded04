// The sections of the HTML report, one function each (html_page.cpp puts them in order). Each
// returns a complete <section> (or "" when it has nothing to show) and escapes every profile
// string it writes. With several profiles, per-profile sections carry the profile's tag
// ("P1", "P2", …) in their ids and headings.
#pragma once

#include "grp/model/compare/compare.hpp"
#include "grp/report/html/data.hpp"

#include <string>
#include <vector>

namespace grp::html {

/// "P1", "P2", …: short names for the profiles, in command-line order.
std::string profile_tag(std::size_t index);

/// Devices (facts and measured peak) and run context (tool, host, times, settings) of every
/// profile; warns about incomplete profiles. html_context.cpp.
std::string section_context(const std::vector<report_input>& inputs);

/// Per kernel family: GB/s against local size, one series per kernel, p5–p95 error bars, the
/// measured peak as a reference line and elements/s on a second axis (or chart).
/// html_throughput.cpp. `tag` is "" for a single profile, else profile_tag(i).
std::string section_throughput(const report_input& in, const std::string& tag);

/// With several profiles: the throughput charts of the same family, type, n and device model
/// overlaid, a line per profile and kernel. "" for one profile. html/overlay.cpp.
std::string section_overlay(const std::vector<report_input>& inputs);

/// When a sweep has several sizes: per family and type, each kernel's best GB/s at each n on a
/// log2 axis, with the measured peak as a line. html/sizes.cpp.
std::string section_sizes(const report_input& in, const std::string& tag);

/// Per family, type and n: each case's kept samples as a box plot with its round medians;
/// `log_time` puts the time axis on a log10 scale. html/distributions.cpp.
std::string section_distributions(const report_input& in, const std::string& tag, bool log_time);

/// The kernel x local-size matrices as heat-map tables (median time and GB/s per cell, the
/// best marked, short reasons for cells without a time, the host baseline as the last row).
/// html_matrix.cpp.
std::string section_matrix(const report_input& in, const std::string& tag);

/// aos12 / aos16 / soa per local size: elements/s and GB/s bars per layout. html_layouts.cpp.
std::string section_layouts(const report_input& in, const std::string& tag);

/// The built-in scenarios (wg-probe, barrier, precision) specifically, any other generically
/// (summary facts and a table of each case's scenario facts). html_scenarios.cpp.
std::string section_scenarios(const report_input& in, const std::string& tag);

/// Verification: counts per status for every profile, and every case that is not ok with its
/// reason and errors, wrong ones highlighted. html_status.cpp.
std::string section_status(const std::vector<report_input>& inputs);

/// With two or more profiles: verdicts of each profile against the first (compare's model) and
/// side-by-side bars per case. "" for one profile. html_compare.cpp.
std::string section_compare(const std::vector<report_input>& inputs, const compare_options& opt);

/// Every case of every profile in one sortable, filterable table. html_cases.cpp.
std::string section_cases(const std::vector<report_input>& inputs);

} // namespace grp::html
