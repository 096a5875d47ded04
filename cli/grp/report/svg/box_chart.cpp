// Box plots of sample distributions: one row per case, a shared linear or log10 value axis.
#include "grp/report/svg/box_chart.hpp"

#include "grp/report/svg/box_stats.hpp"
#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/frame.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grp::svg {

namespace {

using namespace detail;

constexpr double row_h = 22;
constexpr double label_w = 200;

struct range {
    double lo = std::numeric_limits<double>::infinity();
    double hi = 0;
};

range value_range(const box_chart& c) {
    range r;
    auto take = [&](double v) {
        if (std::isfinite(v) && (!c.log_x || v > 0)) {
            r.lo = std::min(r.lo, v);
            r.hi = std::max(r.hi, v);
        }
    };
    for (const auto& row : c.rows) {
        std::for_each(row.values.begin(), row.values.end(), take);
        std::for_each(row.marks.begin(), row.marks.end(), take);
    }
    return r;
}

// A log axis spans the data's decades (or 1-2-5 steps); a linear one starts at 0, so that box
// widths compare as proportions.
scale make_scale(const box_chart& c, const range& r, const plot_area& a, std::vector<double>& t) {
    if (c.log_x) {
        t = log10_ticks(r.lo, r.hi);
        return scale(t.front(), t.back(), a.left, a.right, true);
    }
    t = nice_ticks(0, r.hi * 1.04, 7);
    return scale(t.front(), t.back(), a.left, a.right);
}

std::string dot(const char* cls, double x, double y, double r) {
    return "<circle class=\"" + std::string(cls) + "\" cx=\"" + px(x) + "\" cy=\"" + px(y) +
           "\" r=\"" + px(r) + "\"/>";
}

std::string box_tip(const box_row& row, const box_stats& b) {
    return (row.tip.empty() ? row.name : row.tip) + ": " + std::to_string(b.count) +
           " samples, median " + format_value(b.median) + ", quartiles " + format_value(b.q1) +
           "\xE2\x80\x93" + format_value(b.q3) + ", whiskers " + format_value(b.low) +
           "\xE2\x80\x93" + format_value(b.high) + ", " + std::to_string(b.outliers.size()) +
           " outliers";
}

std::string draw_box(const box_row& row, const box_stats& b, const scale& x, double y) {
    const double top = y - 7, h = 14;
    std::string s = "<g class=\"box\"><title>" + html_escape(box_tip(row, b)) + "</title>";
    s += "<path class=\"whisker\" d=\"M" + px(x(b.low)) + " " + px(y) + "H" + px(x(b.q1)) + "M" +
         px(x(b.q3)) + " " + px(y) + "H" + px(x(b.high)) + "M" + px(x(b.low)) + " " + px(top + 3) +
         "V" + px(top + h - 3) + "M" + px(x(b.high)) + " " + px(top + 3) + "V" + px(top + h - 3) +
         "\"/>";
    s += "<rect class=\"iqr\" x=\"" + px(x(b.q1)) + "\" y=\"" + px(top) + "\" width=\"" +
         px(std::max(1.0, x(b.q3) - x(b.q1))) + "\" height=\"" + px(h) + "\"/>";
    s += "<line class=\"med\" x1=\"" + px(x(b.median)) + "\" x2=\"" + px(x(b.median)) + "\" y1=\"" +
         px(top) + "\" y2=\"" + px(top + h) + "\"/>";
    for (double o : b.outliers) {
        s += dot("outlier", x(o), y, 2);
    }
    return s + "</g>";
}

std::string draw_marks(const box_row& row, const scale& x, double y) {
    std::string s;
    for (std::size_t i = 0; i < row.marks.size(); ++i) {
        const double v = row.marks[i];
        if (!std::isfinite(v) || (!(v > 0) && x.d0() > 0)) {
            continue;
        }
        const bool hollow = i < row.marks_hollow.size() && row.marks_hollow[i];
        const double cx = x(v);
        s += "<path class=\"mark" + std::string(hollow ? " hollow" : "") + "\" d=\"M" + px(cx) +
             " " + px(y - 4) + "l4 4-4 4-4-4z\"><title>" +
             html_escape(row.name + ": round median " + format_value(v) +
                         (hollow ? " (set aside: the CPU was taken)" : "")) +
             "</title></path>";
    }
    return s;
}

} // namespace

std::string render_box_chart(const box_chart& c) {
    plot_area a;
    a.left = label_w + 12;
    a.right = chart_width - 24;
    a.top = 40;
    a.bottom = a.top + row_h * static_cast<double>(std::max<std::size_t>(c.rows.size(), 1)) + 6;
    std::string out = open_chart(a.bottom + 46, c.title);
    const range r = value_range(c);
    if (c.rows.empty() || !(r.hi > 0)) {
        return out + no_data(a) + "</svg>";
    }
    std::vector<double> ticks;
    const scale x = make_scale(c, r, a, ticks);
    out += "<g class=\"boxplot\">" +
           value_axis_x(x, ticks, a, c.x_label, c.log_x ? tick_text::each : tick_text::value);
    for (std::size_t i = 0; i < c.rows.size(); ++i) {
        const auto& row = c.rows[i];
        const double y = a.top + 3 + row_h * (static_cast<double>(i) + 0.5);
        out += "<g class=\"" + series_class(0) + (row.flagged ? " flagrow" : "") + "\">" +
               text(a.left - 8, y + 4, shorten(row.name, 30), row.flagged ? "tick bad" : "tick",
                    "end");
        std::vector<double> kept;
        std::copy_if(row.values.begin(), row.values.end(), std::back_inserter(kept),
                     [&](double v) { return std::isfinite(v) && (!c.log_x || v > 0); });
        if (auto b = box_stats_of(kept)) {
            out += draw_box(row, *b, x, y) + draw_marks(row, x, y);
        } else {
            out += text(a.left + 6, y + 4, "no samples", "tick");
        }
        out += "</g>";
    }
    return out + "</g></svg>";
}

} // namespace grp::svg
