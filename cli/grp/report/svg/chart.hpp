// A small SVG chart writer for the HTML report: line/point charts (throughput against work-group
// size on a log2 axis, p5–p95 error bars, a reference line such as the measured peak), grouped
// vertical bar charts (wg-probe, layouts, barrier) with an optional marked category (the knee),
// grouped horizontal bar charts (one row per case when profiles are compared), and box plots
// of sample distributions (one row per case). Output is an
// inline <svg class="chart"> element with a viewBox, so the page scales it; colours come from
// CSS classes (series s0…s7, grid, axis, ref), so light, dark and print styles restyle every
// chart. All strings are escaped here: callers pass raw profile text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace grp::svg {

/// Series colours cycle through this many CSS classes (s0 … s7).
inline constexpr std::size_t palette_size = 8;

/// A horizontal line across the plot, e.g. the device's measured streaming-read peak.
struct reference_line {
    double y = 0;      ///< in the chart's y units
    std::string label; ///< drawn at the line's right end
};

struct point {
    double x = 0; ///< data units; > 0 on a log2 axis
    double y = 0;
    std::optional<double> y_lo, y_hi; ///< error bar, e.g. throughput at p95 and p5 time
    bool flagged = false;             ///< drawn as a red ring: e.g. the result was wrong
    std::string tip;                  ///< tooltip (the <title> of the point)
};

struct series {
    std::string name;
    std::vector<point> points; ///< drawn in the given order, joined by a line
};

struct line_chart {
    std::string title;
    std::string x_label; ///< with unit, e.g. "local size (work-items, log2)"
    std::string y_label; ///< with unit, e.g. "GB/s"
    bool log2_x = true;
    bool pow2_x_labels = false; ///< log2 x ticks written "2¹⁰" (problem sizes), else integers
    /// Names of the x positions 0, 1, 2, … (a linear axis of places, e.g. history's commits):
    /// when set, the ticks sit on those positions (every k-th where there are many) and read
    /// the names instead of numbers.
    std::vector<std::string> x_names;
    std::vector<series> lines;
    std::optional<reference_line> reference;
    /// When > 0, a right-hand axis shows y × y2_factor, labelled y2_label (e.g. GB/s on the
    /// left, G elements/s on the right when every case moves the same bytes per element).
    double y2_factor = 0;
    std::string y2_label;
};

struct bar_chart {
    std::string title;
    std::string x_label; ///< category axis label
    std::string y_label; ///< value axis label with unit
    std::vector<std::string> categories;
    std::vector<std::string> series_names; ///< one legend entry each; no legend for just one
    /// values[s][c]: series s in category c; nullopt leaves a gap. Each row has categories.size().
    std::vector<std::vector<std::optional<double>>> values;
    /// tips[s][c], optional (may be empty): tooltip text per bar.
    std::vector<std::vector<std::string>> tips;
    /// flagged[s][c], optional (may be empty): bar drawn with a red outline (e.g. wrong result).
    std::vector<std::vector<bool>> flagged;
    std::optional<std::size_t> marker; ///< category to mark, e.g. the knee of wg-probe
    std::string marker_label;          ///< e.g. "knee: 32"
    std::optional<reference_line> reference;
    std::optional<double> y_max; ///< fixed top of the value axis (e.g. 100 for percent)
};

/// One row of a box chart: a distribution drawn as a box (quartiles), whiskers (1.5 IQR, as
/// box_stats.hpp) and outlier dots, with marks on top (e.g. each round's median).
struct box_row {
    std::string name;
    std::vector<double> values;     ///< the distribution, e.g. every kept sample; any order
    std::vector<double> marks;      ///< drawn as diamonds over the box
    std::vector<bool> marks_hollow; ///< optional, per mark: drawn hollow (e.g. a round set aside)
    bool flagged = false;           ///< the row's label in red, e.g. a wrong result
    std::string tip;                ///< prefix of the box's tooltip (the numbers are added)
};

/// Horizontal box plots, one row per distribution, on a shared value axis.
struct box_chart {
    std::string title;
    std::string x_label; ///< the value axis, with unit
    bool log_x = false;  ///< a log10 value axis (for values spanning orders of magnitude)
    std::vector<box_row> rows;
};

} // namespace grp::svg
