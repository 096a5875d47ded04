#include "grp/report/html/elements.hpp"

#include "grp/report/text/escape.hpp"

#include <cmath>
#include <cstdio>

namespace grp::html {

namespace {

std::string sort_attr(const std::optional<double>& v) {
    if (!v || !std::isfinite(*v)) {
        return "";
    }
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", *v);
    return std::string(" data-v=\"") + buf + "\"";
}

std::string class_attr(const std::string& cls) {
    return cls.empty() ? "" : " class=\"" + html_escape(cls) + "\"";
}

} // namespace

std::string render_table(const std::vector<column>& cols, const std::vector<row>& rows,
                         const std::string& cls, const std::string& id) {
    // Long tables scroll inside their box (sticky headers stay visible); the all-cases table,
    // which the reader filters, and print keep their full height.
    const bool scroll = rows.size() > 24 && id.empty();
    std::string s = std::string("<div class=\"tablewrap") + (scroll ? " long" : "") + "\"><table" +
                    class_attr(cls) + (id.empty() ? "" : " id=\"" + html_escape(id) + "\"") +
                    "><thead><tr>";
    for (const auto& c : cols) {
        s += "<th" + std::string(c.numeric ? " class=\"num\" data-type=\"num\"" : "") +
             (c.tip.empty() ? "" : " title=\"" + html_escape(c.tip) + "\"") + ">" +
             html_escape(c.title) + "</th>";
    }
    s += "</tr></thead><tbody>";
    for (const auto& r : rows) {
        s += "<tr" + class_attr(r.cls) + ">";
        for (std::size_t i = 0; i < r.cells.size(); ++i) {
            const auto& c = r.cells[i];
            std::string cc = c.cls;
            if (i < cols.size() && cols[i].numeric) {
                cc += cc.empty() ? "num" : " num";
            }
            s += "<td" + class_attr(cc) + sort_attr(c.sort) + ">" +
                 (c.html.empty() ? html_escape(c.text) : c.html) + "</td>";
        }
        s += "</tr>";
    }
    return s + "</tbody></table></div>";
}

std::string kv_table(const std::vector<std::pair<std::string, std::string>>& rows) {
    std::string s = "<div class=\"tablewrap\"><table class=\"kv\"><tbody>";
    for (const auto& [k, v] : rows) {
        s +=
            "<tr><th scope=\"row\">" + html_escape(k) + "</th><td>" + html_escape(v) + "</td></tr>";
    }
    return s + "</tbody></table></div>";
}

std::string figure(const std::string& svg, const std::string& caption) {
    return "<figure class=\"fig\">" + svg +
           (caption.empty() ? "" : "<figcaption>" + html_escape(caption) + "</figcaption>") +
           "</figure>";
}

std::string section_open(const std::string& id, const std::string& title) {
    return "<section id=\"" + html_escape(id) + "\"><h2>" + html_escape(title) + "</h2>";
}

std::string status_class(case_status s) {
    switch (s) {
    case case_status::ok:
        return "st-ok";
    case case_status::wrong:
    case case_status::implausible:
        return "st-wrong";
    case case_status::skipped:
        return "st-skipped";
    case case_status::failed:
        return "st-failed";
    case case_status::race_observed:
    case case_status::unsafe:
        return "st-race";
    }
    return "st-failed";
}

std::string status_badge(case_status s) {
    return "<span class=\"badge " + status_class(s) + "\">" + html_escape(to_string(s)) + "</span>";
}

std::string para(const std::string& text, const std::string& cls) {
    return "<p" + class_attr(cls) + ">" + html_escape(text) + "</p>";
}

} // namespace grp::html
