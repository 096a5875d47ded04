// What the throughput charts plot (internal to the html section writers): a case as a point of
// GB/s or elements/s against its local size, with its p5-p95 band and tooltip, and the cases of
// a group as one series per configuration (kernel, layout, operator and tuning parameters).
#pragma once

#include "grp/report/svg/chart.hpp"
#include "grp/report/views/report_data.hpp"

#include <optional>
#include <string>
#include <vector>

namespace grp::html {

/// True for a result drawn with a red ring: wrong or race observed.
bool flagged(const case_result& c);

/// "reduce6", or "vec3_tree (soa)" for a layout case: the series a case belongs to.
std::string series_name(const case_result& c);

/// series_name with the operator (other than sum) and the tuning parameters ("my_sum TILE=4"):
/// one configuration, so its cases make one line, one box-plot row label, one bar (#71: three
/// configurations were drawn as one line labelled "my_sum").
std::string config_name(const case_result& c);

/// A point's tooltip: series, local size, value with unit, p5-p95 band, median time, % of peak.
std::string point_tip(const case_result& c, double value, const std::string& unit,
                      const std::optional<band>& b);

/// One series per configuration (config_name), points sorted by local size: GB/s, or elements/s
/// divided by `unit`'s factor when `use_elements`.
std::vector<svg::series> build_series(const case_group& g, bool use_elements,
                                      const rate_unit& unit = {});

} // namespace grp::html
