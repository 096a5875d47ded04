#include "grp/report/svg/frame.hpp"

#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cmath>

namespace grp::svg::detail {

std::size_t utf8_length(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

double text_width(const std::string& text, double size_px) {
    // 0.6 em per character is a little wide for proportional sans-serif text: layouts then
    // leave slack rather than clip.
    return static_cast<double>(utf8_length(text)) * size_px * 0.6;
}

std::string shorten(const std::string& text, std::size_t max_chars) {
    if (utf8_length(text) <= max_chars || max_chars == 0) {
        return max_chars == 0 ? std::string() : text;
    }
    std::string out;
    std::size_t points = 0;
    for (char c : text) {
        bool starts_point = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
        if (starts_point && ++points == max_chars) {
            break;
        }
        out += c;
    }
    return out + "\xE2\x80\xA6"; // U+2026 HORIZONTAL ELLIPSIS
}

std::string text(double x, double y, const std::string& content, const char* cls,
                 const char* anchor, double rotate_deg) {
    std::string s = "<text x=\"" + px(x) + "\" y=\"" + px(y) + "\"";
    if (cls != nullptr) {
        s += std::string(" class=\"") + cls + "\"";
    }
    if (std::string(anchor) != "start") {
        s += std::string(" text-anchor=\"") + anchor + "\"";
    }
    if (rotate_deg != 0) {
        s += " transform=\"rotate(" + px(rotate_deg) + " " + px(x) + " " + px(y) + ")\"";
    }
    return s + ">" + html_escape(content) + "</text>";
}

// The title's 14 px bold (assets.cpp's .ttl) at text_width's 0.6 em, between 12 px margins: a
// chart title that fits the chart (the aria-label keeps all of it). 100 characters overflowed
// on a VM whose PoCL device is "pthread-skylake-avx512-Intel(R) Xeon(R) Processor".
constexpr auto title_chars = static_cast<std::size_t>((chart_width - 24) / (14 * 0.6));

std::string open_chart(double height, const std::string& title) {
    const std::string h = px(height);
    return "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
           px(chart_width) + " " + h + "\" role=\"img\" aria-label=\"" + html_escape(title) +
           "\" preserveAspectRatio=\"xMidYMin meet\">" + "<rect class=\"bg\" width=\"" +
           px(chart_width) + "\" height=\"" + h + "\"/>" +
           text(12, 22, shorten(title, title_chars), "ttl");
}

legend layout_legend(const std::vector<std::string>& names, double left, double top, double width,
                     bool line_swatch) {
    legend out;
    if (names.size() < 2) {
        return out;
    }
    const double row_h = 18;
    double x = left, y = top + 12;
    std::string svg = "<g class=\"legend\">";
    for (std::size_t i = 0; i < names.size(); ++i) {
        const std::string name = shorten(names[i], 40);
        const double w = 22 + text_width(name) + 16;
        if (x > left && x + w > left + width) {
            x = left;
            y += row_h;
        }
        svg += "<g class=\"" + series_class(i) + "\">";
        if (line_swatch) {
            svg += "<line class=\"ln\" x1=\"" + px(x) + "\" y1=\"" + px(y - 4) + "\" x2=\"" +
                   px(x + 16) + "\" y2=\"" + px(y - 4) + "\"/><circle class=\"pt\" cx=\"" +
                   px(x + 8) + "\" cy=\"" + px(y - 4) + "\" r=\"3\"/>";
        } else {
            svg += "<rect class=\"bar\" x=\"" + px(x + 3) + "\" y=\"" + px(y - 10) +
                   "\" width=\"11\" height=\"11\"/>";
        }
        svg += text(x + 22, y, name) + "<title>" + html_escape(names[i]) + "</title></g>";
        x += w;
    }
    out.svg = svg + "</g>";
    out.height = y - top + 8;
    return out;
}

std::string value_axis_y(const scale& y, const std::vector<double>& ticks, const plot_area& a,
                         const std::string& label, double y2_factor, const std::string& y2_label) {
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    std::string s = "<g class=\"axis-y\">";
    for (double t : ticks) {
        const std::string yp = px(y(t));
        s += "<line class=\"grid\" x1=\"" + px(a.left) + "\" x2=\"" + px(a.right) + "\" y1=\"" +
             yp + "\" y2=\"" + yp + "\"/>";
        s += text(a.left - 6, y(t) + 4, format_tick(t, step), "tick", "end");
        if (y2_factor > 0) {
            s += text(a.right + 6, y(t) + 4, format_tick(t * y2_factor, step * y2_factor), "tick");
        }
    }
    const double mid = (a.top + a.bottom) / 2;
    s += text(16, mid, label, "lbl", "middle", -90);
    if (y2_factor > 0) {
        s += text(chart_width - 14, mid, y2_label, "lbl", "middle", 90);
    }
    s += "<line class=\"axis\" x1=\"" + px(a.left) + "\" x2=\"" + px(a.left) + "\" y1=\"" +
         px(a.top) + "\" y2=\"" + px(a.bottom) + "\"/>";
    s += "<line class=\"axis\" x1=\"" + px(a.left) + "\" x2=\"" + px(a.right) + "\" y1=\"" +
         px(a.bottom) + "\" y2=\"" + px(a.bottom) + "\"/>";
    return s + "</g>";
}

std::string value_axis_x(const scale& x, const std::vector<double>& ticks, const plot_area& a,
                         const std::string& label, tick_text style,
                         const std::vector<std::string>* names) {
    const double step = ticks.size() > 1 ? ticks[1] - ticks[0] : 1;
    std::string s = "<g class=\"axis-x\">";
    for (double t : ticks) {
        if (x(t) < a.left - 0.5 || x(t) > a.right + 0.5) {
            continue; // a power of two just outside the padded log2 domain
        }
        const std::string xp = px(x(t));
        s += "<line class=\"grid\" x1=\"" + xp + "\" x2=\"" + xp + "\" y1=\"" + px(a.top) +
             "\" y2=\"" + px(a.bottom) + "\"/>";
        std::string lbl;
        switch (style) {
        case tick_text::integer:
            lbl = std::to_string(static_cast<long long>(std::llround(t)));
            break;
        case tick_text::pow2:
            lbl = pow2_label(t);
            break;
        case tick_text::each:
            lbl = format_value(t);
            break;
        case tick_text::value:
            lbl = format_tick(t, step);
            break;
        }
        if (names != nullptr) {
            const auto at = std::llround(t);
            lbl = at >= 0 && static_cast<std::size_t>(at) < names->size()
                      ? (*names)[static_cast<std::size_t>(at)]
                      : "";
        }
        s += text(x(t), a.bottom + 16, lbl, "tick", "middle");
    }
    s += text((a.left + a.right) / 2, a.bottom + 36, label, "lbl", "middle");
    s += "<line class=\"axis\" x1=\"" + px(a.left) + "\" x2=\"" + px(a.right) + "\" y1=\"" +
         px(a.bottom) + "\" y2=\"" + px(a.bottom) + "\"/>";
    return s + "</g>";
}

std::string draw_reference(const reference_line& ref, const scale& y, const plot_area& a) {
    const std::string yp = px(y(ref.y));
    return "<g class=\"refline\"><line class=\"ref\" x1=\"" + px(a.left) + "\" x2=\"" +
           px(a.right) + "\" y1=\"" + yp + "\" y2=\"" + yp + "\"/>" +
           text(a.right - 4, y(ref.y) - 5, ref.label, "reflbl", "end") + "</g>";
}

std::string no_data(const plot_area& a) {
    return text((a.left + a.right) / 2, (a.top + a.bottom) / 2, "no data", "lbl", "middle");
}

std::string series_class(std::size_t i) {
    // Past the palette, colours repeat: the second round is dashed so series stay distinct.
    return "s" + std::to_string(i % palette_size) + ((i / palette_size) % 2 == 1 ? " dash" : "");
}

} // namespace grp::svg::detail
