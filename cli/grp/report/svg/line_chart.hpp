// Line/point charts: throughput against work-group size, one series per kernel.
#pragma once

#include "grp/report/svg/chart.hpp"

namespace grp::svg {

/// A line/point chart as an <svg class="chart"> element (about 720 × 360 user units plus legend).
/// An empty chart (no points) renders a frame with "no data".
std::string render_line_chart(const line_chart& chart);

} // namespace grp::svg
