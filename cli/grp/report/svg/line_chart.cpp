// Line/point charts: throughput against work-group size, one series per kernel.
#include "grp/report/svg/line_chart.hpp"

#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/frame.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace grp::svg {

namespace {

using namespace detail;

struct extent {
    double x_min = std::numeric_limits<double>::infinity();
    double x_max = -std::numeric_limits<double>::infinity();
    double y_max = 0;
    bool any = false;
};

extent measure(const line_chart& c) {
    extent e;
    for (const auto& s : c.lines) {
        for (const auto& p : s.points) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || (c.log2_x && p.x <= 0)) {
                continue;
            }
            e.any = true;
            e.x_min = std::min(e.x_min, p.x);
            e.x_max = std::max(e.x_max, p.x);
            e.y_max = std::max({e.y_max, p.y, p.y_hi.value_or(0)});
        }
    }
    if (c.reference && std::isfinite(c.reference->y)) {
        e.y_max = std::max(e.y_max, c.reference->y);
    }
    return e;
}

// Half an octave of padding on a log2 axis keeps the first and last points off the frame; a
// linear axis runs from 0 (or below) to a nice tick.
scale make_x(const extent& e, const line_chart& c, const plot_area& a, std::vector<double>& ticks) {
    if (c.log2_x) {
        ticks = log2_ticks(e.x_min, e.x_max);
        return scale(e.x_min / std::sqrt(2.0), e.x_max * std::sqrt(2.0), a.left, a.right, true);
    }
    if (!c.x_names.empty()) { // named places: a tick on every k-th, at most 8 of them
        const std::size_t n = c.x_names.size(), every = (n + 7) / 8;
        for (std::size_t i = 0; i < n; i += every) {
            ticks.push_back(static_cast<double>(i));
        }
        return scale(-0.5, static_cast<double>(n) - 0.5, a.left, a.right);
    }
    ticks = nice_ticks(e.x_min, e.x_max, 8);
    return scale(ticks.front(), ticks.back(), a.left, a.right);
}

std::string error_bar(double x, double y_lo, double y_hi) {
    const std::string xs = px(x);
    return "<path class=\"err\" d=\"M" + xs + " " + px(y_lo) + "V" + px(y_hi) + "M" + px(x - 3) +
           " " + px(y_lo) + "h6M" + px(x - 3) + " " + px(y_hi) + "h6\"/>";
}

std::string draw_series(const series& s, std::size_t index, std::size_t count, const scale& x,
                        const scale& y, bool log2_x) {
    // Series at the same x are nudged apart a little so their error bars stay distinguishable.
    const double dodge = std::clamp(
        (static_cast<double>(index) - (static_cast<double>(count) - 1) / 2) * 3.0, -12.0, 12.0);
    std::string line, marks;
    std::size_t drawn = 0;
    for (const auto& p : s.points) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || (log2_x && p.x <= 0)) {
            continue;
        }
        const double px_x = x(p.x) + dodge, px_y = y(p.y);
        line += (drawn++ == 0 ? "" : " ") + px(px_x) + "," + px(px_y);
        if (p.y_lo && p.y_hi && std::isfinite(*p.y_lo) && std::isfinite(*p.y_hi)) {
            marks += error_bar(px_x, y(*p.y_lo), y(*p.y_hi));
        }
        if (p.flagged) {
            marks +=
                "<circle class=\"flag\" cx=\"" + px(px_x) + "\" cy=\"" + px(px_y) + "\" r=\"7\"/>";
        }
        marks += "<circle class=\"pt\" cx=\"" + px(px_x) + "\" cy=\"" + px(px_y) +
                 "\" r=\"3.5\"><title>" + html_escape(p.tip.empty() ? s.name : p.tip) +
                 "</title></circle>";
    }
    std::string out = "<g class=\"series " + series_class(index) + "\">";
    if (drawn > 1) {
        out += "<polyline class=\"ln\" points=\"" + line + "\"/>";
    }
    return out + marks + "</g>";
}

} // namespace

std::string render_line_chart(const line_chart& c) {
    plot_area a;
    a.left = 68;
    a.right = chart_width - (c.y2_factor > 0 ? 68 : 24);
    a.top = 40;
    a.bottom = a.top + 250;
    std::vector<std::string> names;
    for (const auto& s : c.lines) {
        names.push_back(s.name);
    }
    const auto leg = layout_legend(names, a.left, a.bottom + 46, a.width(), true);
    std::string out = open_chart(a.bottom + 50 + leg.height, c.title);
    const extent e = measure(c);
    if (!e.any) {
        return out + no_data(a) + "</svg>";
    }
    const auto yt = nice_ticks(0, e.y_max * 1.04, 6);
    const scale y(yt.front(), yt.back(), a.bottom, a.top);
    std::vector<double> xt;
    const scale x = make_x(e, c, a, xt);
    out += value_axis_y(y, yt, a, c.y_label, c.y2_factor, c.y2_label);
    out += value_axis_x(x, xt, a, c.x_label,
                        !c.log2_x ? tick_text::value
                                  : (c.pow2_x_labels ? tick_text::pow2 : tick_text::integer),
                        c.x_names.empty() ? nullptr : &c.x_names);
    if (c.reference && std::isfinite(c.reference->y)) {
        out += draw_reference(*c.reference, y, a);
    }
    for (std::size_t i = 0; i < c.lines.size(); ++i) {
        out += draw_series(c.lines[i], i, c.lines.size(), x, y, c.log2_x);
    }
    return out + leg.svg + "</svg>";
}

} // namespace grp::svg
