// The five numbers of a box plot, computed the way numpy and matplotlib do (so the chart can be
// checked against them): quartiles by linear interpolation ("type 7"), whiskers at the most
// extreme values within 1.5 interquartile ranges of the box (Tukey), the values beyond them as
// outliers. Pure, so it is unit-tested without drawing anything.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace grp::svg {

struct box_stats {
    double q1 = 0, median = 0, q3 = 0;
    double low = 0, high = 0;     ///< whisker ends: data values, never beyond the fences
    std::vector<double> outliers; ///< values outside [q1 - 1.5 IQR, q3 + 1.5 IQR], ascending
    std::size_t count = 0;        ///< finite values summarised
};

/// The box of `values` (any order; non-finite values are ignored). Empty when none is finite.
std::optional<box_stats> box_stats_of(std::vector<double> values);

} // namespace grp::svg
