// The layout and scenario views of report_data.hpp: best case per layout, and the facts the
// scenarios record in `extra` and profile::scenarios, read defensively (profiles are untrusted:
// a fact of the wrong JSON type is treated as absent, never thrown on); and the above-peak flag.
#pragma once

#include "grp/report/views/report_data.hpp"

namespace grp::html {

/// The layouts of a group in DESIGN order (aos12, aos16, soa, then others alphabetically).
std::vector<std::string> layouts_of(const case_group& g);

std::vector<layout_best> best_per_layout(const case_group& g);

/// A number from a scenario's `extra` object, or empty when absent, not a number or not finite.
std::optional<double> extra_number(const case_result& c, const char* key);

/// A device index as a scenario summary records it ("device": 0): a JSON integer from 0 to
/// INT_MAX, else empty (never cast: 2^32 must not name device 0).
std::optional<int> json_device_index(const nlohmann::ordered_json& j);

/// wg-probe throughput of a case in work-items/s: extra.items_per_s, else elements_per_s, else
/// n / median time.
std::optional<double> items_per_s(const case_result& c);

/// The summary of scenario `name` for one device: the element of profile::scenarios[name].devices
/// whose "device" (or "device_index") is `device` when the summary is kept per device, else the
/// summary itself; nullptr when there is none.
const nlohmann::ordered_json* scenario_summary_for(const profile& p, const std::string& name,
                                                   int device);

/// The wg-probe knee: the scenario summary's "knee" for the case's device, else the case's
/// extra.knee, else the device's simd_width_estimate.
std::optional<std::uint64_t> wg_probe_knee(const profile& p, const case_result& c);

/// barrier scenario: extra.wrong_fraction, else wrong_runs / runs (0…1).
std::optional<double> wrong_fraction(const case_result& c);

/// A case's % of peak as tables show it: "97.3", or "148.2 >peak" for a case flagged above 105 %
/// of its device's measured peak (case_result::above_peak), "n/a" without a peak.
std::string pct_of_peak_text(const case_result& c);

/// The cases flagged above 105 % of their device's measured peak, in profile order.
std::vector<const case_result*> above_peak_cases(const profile& p);

/// What a table's ">peak" means, for a note under it: "" when `count` is 0.
std::string above_peak_note(std::size_t count);

} // namespace grp::html
