// Box plots of sample distributions: one row per case, a shared linear or log10 value axis.
#pragma once

#include "grp/report/svg/chart.hpp"

namespace grp::svg {

/// Box plots, one row each; the height grows with the rows. Names are shortened with "…" to fit.
/// A row without a finite value shows "no samples".
std::string render_box_chart(const box_chart& chart);

} // namespace grp::svg
