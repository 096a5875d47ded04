// Grouped bar charts: vertical (wg-probe, layouts, barrier) and horizontal (one row per case).
#pragma once

#include "grp/report/svg/chart.hpp"

namespace grp::svg {

/// Vertical grouped bars, one group per category.
std::string render_bar_chart(const bar_chart& chart);

/// Horizontal grouped bars, one row per category; the height grows with the rows. For long
/// category names such as case keys. Names are shortened with "…" to fit (the tooltip and
/// the page's tables keep the full text).
std::string render_hbar_chart(const bar_chart& chart);

} // namespace grp::svg
