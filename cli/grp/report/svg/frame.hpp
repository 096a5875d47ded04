// Shared pieces of the SVG charts (internal to report/svg/*.cpp): the <svg> element with its title,
// the plot area, value axes with grid lines, legends laid out in rows, and text helpers that
// estimate widths (no font metrics exist when writing SVG from C++, so widths are estimates for
// a 12 px sans-serif and layouts leave slack).
#pragma once

#include "grp/report/svg/axis.hpp"
#include "grp/report/svg/chart.hpp"

#include <string>
#include <vector>

namespace grp::svg::detail {

inline constexpr double chart_width = 720;
inline constexpr double font_px = 12;

/// The plot area inside the chart, in user units.
struct plot_area {
    double left = 0, top = 0, right = 0, bottom = 0;
    [[nodiscard]] double width() const { return right - left; }
    [[nodiscard]] double height() const { return bottom - top; }
};

/// Number of code points in UTF-8 text (continuation bytes are not counted).
std::size_t utf8_length(const std::string& text);

/// Estimated rendered width of `text` at `size_px` in a sans-serif font.
double text_width(const std::string& text, double size_px = font_px);

/// At most `max_chars` code points of `text`, ending in "…" when shortened. Never splits a
/// UTF-8 sequence.
std::string shorten(const std::string& text, std::size_t max_chars);

/// An SVG <text> element; `content` is raw and escaped here. anchor: "start", "middle", "end".
std::string text(double x, double y, const std::string& content, const char* cls = nullptr,
                 const char* anchor = "start", double rotate_deg = 0);

/// Opens <svg class="chart"> with a viewBox of width × height, an accessible name, and the
/// title drawn at the top left.
std::string open_chart(double height, const std::string& title);

/// Legend rows for `names`, wrapped to `width`: each entry a colour swatch (line or square) and
/// the name. `top` is the y of the first row.
struct legend {
    std::string svg;
    double height = 0;
};
legend layout_legend(const std::vector<std::string>& names, double left, double top, double width,
                     bool line_swatch);

/// Horizontal grid lines with tick labels on the left (and on the right, scaled by y2_factor,
/// when it is > 0), plus the rotated axis labels.
std::string value_axis_y(const scale& y, const std::vector<double>& ticks, const plot_area& a,
                         const std::string& label, double y2_factor = 0,
                         const std::string& y2_label = "");

/// How tick values are written: format_tick (linear axes), as integers (work-group sizes),
/// as powers of two "2¹⁰" (problem sizes), or with format_value (log axes, uneven steps).
enum class tick_text { value, integer, pow2, each };

/// Vertical grid lines with tick labels below the plot, plus the axis label; for a value axis
/// that runs horizontally (the horizontal bar and box charts) or a log2 x axis.
/// With `names`, tick t reads names[t] (a tick outside them reads nothing).
std::string value_axis_x(const scale& x, const std::vector<double>& ticks, const plot_area& a,
                         const std::string& label, tick_text style,
                         const std::vector<std::string>* names = nullptr);

/// The dashed reference line with its label at the right end, above the line.
std::string draw_reference(const reference_line& ref, const scale& y, const plot_area& a);

/// "no data" in the middle of the plot area.
std::string no_data(const plot_area& a);

/// CSS class of series i: "s0" … "s7", cycling; the second round adds "dash" (dashed lines).
std::string series_class(std::size_t i);

} // namespace grp::svg::detail
