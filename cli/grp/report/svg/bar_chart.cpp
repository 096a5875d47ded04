// Grouped bar charts: vertical (wg-probe, layouts, barrier) and horizontal (one row per case).
#include "grp/report/svg/bar_chart.hpp"

#include "grp/report/svg/chart.hpp"
#include "grp/report/svg/frame.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>

namespace grp::svg {

namespace {

using namespace detail;

double max_value(const bar_chart& c) {
    double m = 0;
    for (const auto& row : c.values) {
        for (const auto& v : row) {
            if (v && std::isfinite(*v)) {
                m = std::max(m, *v);
            }
        }
    }
    if (c.reference && std::isfinite(c.reference->y)) {
        m = std::max(m, c.reference->y);
    }
    return m;
}

std::vector<double> value_ticks(const bar_chart& c) {
    if (c.y_max && *c.y_max > 0) {
        return nice_ticks(0, std::max(*c.y_max, max_value(c)), 6);
    }
    return nice_ticks(0, max_value(c) * 1.08, 6);
}

std::optional<double> value_at(const bar_chart& c, std::size_t s, std::size_t i) {
    if (s >= c.values.size() || i >= c.values[s].size()) {
        return std::nullopt;
    }
    const auto& v = c.values[s][i];
    return v && std::isfinite(*v) ? v : std::nullopt;
}

std::string tip_at(const bar_chart& c, std::size_t s, std::size_t i, double v) {
    if (s < c.tips.size() && i < c.tips[s].size() && !c.tips[s][i].empty()) {
        return c.tips[s][i];
    }
    std::string who = s < c.series_names.size() ? c.series_names[s] + ", " : "";
    return who + c.categories[i] + ": " + format_value(v);
}

bool flagged_at(const bar_chart& c, std::size_t s, std::size_t i) {
    return s < c.flagged.size() && i < c.flagged[s].size() && c.flagged[s][i];
}

// One bar as a rect with its tooltip; x, y, w, h in user units.
std::string bar(const bar_chart& c, std::size_t s, std::size_t i, double v, double x, double y,
                double w, double h) {
    return "<rect class=\"bar" + std::string(flagged_at(c, s, i) ? " flagbar" : "") + "\" x=\"" +
           px(x) + "\" y=\"" + px(y) + "\" width=\"" + px(std::max(w, 0.5)) + "\" height=\"" +
           px(std::max(h, 0.0)) + "\"><title>" + html_escape(tip_at(c, s, i, v)) +
           "</title></rect>";
}

std::string marker(const bar_chart& c, const plot_area& a, double band) {
    if (!c.marker || *c.marker >= c.categories.size()) {
        return "";
    }
    const double x0 = a.left + band * static_cast<double>(*c.marker);
    return "<g class=\"marker\"><rect class=\"markband\" x=\"" + px(x0) + "\" y=\"" + px(a.top) +
           "\" width=\"" + px(band) + "\" height=\"" + px(a.height()) + "\"/>" +
           text(x0 + band / 2, a.top - 6, c.marker_label, "marklbl", "middle") + "</g>";
}

std::string category_labels(const bar_chart& c, const plot_area& a, double band) {
    std::string s;
    const auto max_chars = static_cast<std::size_t>(std::max(2.0, band / 7.2));
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
        const double cx = a.left + band * (static_cast<double>(i) + 0.5);
        s += text(cx, a.bottom + 16, shorten(c.categories[i], max_chars), "tick", "middle");
    }
    return s + text((a.left + a.right) / 2, a.bottom + 36, c.x_label, "lbl", "middle");
}

} // namespace

std::string render_bar_chart(const bar_chart& c) {
    plot_area a;
    a.left = 68;
    a.right = chart_width - 24;
    a.top = c.marker ? 56 : 40; // room for the marker label under the title
    a.bottom = a.top + 250;
    const auto leg = layout_legend(c.series_names, a.left, a.bottom + 46, a.width(), false);
    std::string out = open_chart(a.bottom + 50 + leg.height, c.title);
    if (c.categories.empty() || c.values.empty()) {
        return out + no_data(a) + "</svg>";
    }
    const auto yt = value_ticks(c);
    const scale y(yt.front(), yt.back(), a.bottom, a.top);
    const double band = a.width() / static_cast<double>(c.categories.size());
    const double group = band * 0.8;
    const double bar_w = group / static_cast<double>(c.values.size());
    out += marker(c, a, band);
    out += value_axis_y(y, yt, a, c.y_label);
    for (std::size_t s = 0; s < c.values.size(); ++s) {
        out += "<g class=\"series " + series_class(s) + "\">";
        for (std::size_t i = 0; i < c.categories.size(); ++i) {
            auto v = value_at(c, s, i);
            if (!v) {
                continue;
            }
            const double x = a.left + band * static_cast<double>(i) + (band - group) / 2 +
                             bar_w * static_cast<double>(s);
            out += bar(c, s, i, *v, x + 0.5, y(*v), bar_w - 1, a.bottom - y(*v));
            if (bar_w >= 30) { // room for a value label above the bar
                out += text(x + bar_w / 2, y(*v) - 4, format_value(*v), "val", "middle");
            }
        }
        out += "</g>";
    }
    if (c.reference && std::isfinite(c.reference->y)) {
        out += draw_reference(*c.reference, y, a);
    }
    return out + category_labels(c, a, band) + leg.svg + "</svg>";
}

std::string render_hbar_chart(const bar_chart& c) {
    const std::size_t nseries = std::max<std::size_t>(1, c.values.size());
    const double row_h = std::max(22.0, 13.0 * static_cast<double>(nseries) + 9);
    double label_w = 60;
    for (const auto& cat : c.categories) {
        label_w = std::max(label_w, text_width(shorten(cat, 44), 11));
    }
    plot_area a;
    a.left = 12 + std::min(label_w, 300.0) + 8;
    a.right = chart_width - 56;
    a.top = 40;
    a.bottom = a.top + row_h * static_cast<double>(std::max<std::size_t>(1, c.categories.size()));
    const auto leg = layout_legend(c.series_names, a.left, a.bottom + 46, a.width(), false);
    std::string out = open_chart(a.bottom + 50 + leg.height, c.title);
    if (c.categories.empty() || c.values.empty()) {
        return out + no_data(a) + "</svg>";
    }
    const auto xt = value_ticks(c);
    const scale x(xt.front(), xt.back(), a.left, a.right);
    out += value_axis_x(x, xt, a, c.y_label, tick_text::value);
    const double bar_h = (row_h - 8) / static_cast<double>(nseries);
    for (std::size_t i = 0; i < c.categories.size(); ++i) {
        const double y0 = a.top + row_h * static_cast<double>(i);
        out += "<text x=\"" + px(a.left - 8) + "\" y=\"" + px(y0 + row_h / 2 + 4) +
               "\" class=\"tick rowlbl\" text-anchor=\"end\">" +
               html_escape(shorten(c.categories[i], 44)) + "<title>" +
               html_escape(c.categories[i]) + "</title></text>";
        for (std::size_t s = 0; s < c.values.size(); ++s) {
            auto v = value_at(c, s, i);
            if (!v) {
                continue;
            }
            const double y = y0 + 4 + bar_h * static_cast<double>(s);
            out += "<g class=\"" + series_class(s) + "\">" +
                   bar(c, s, i, *v, a.left, y + 0.5, x(*v) - a.left, bar_h - 1) +
                   text(x(*v) + 4, y + bar_h / 2 + 4, format_value(*v), "val") + "</g>";
        }
    }
    if (c.reference && std::isfinite(c.reference->y)) {
        const std::string xp = px(x(c.reference->y));
        out += "<line class=\"ref\" x1=\"" + xp + "\" x2=\"" + xp + "\" y1=\"" + px(a.top) +
               "\" y2=\"" + px(a.bottom) + "\"/>";
    }
    return out + leg.svg + "</svg>";
}

} // namespace grp::svg
