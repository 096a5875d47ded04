// Small HTML building blocks for the report sections: tables whose cells are escaped here (with
// optional numeric sort keys for the sortable table script), key/value tables, figures that wrap
// an SVG chart, status badges and section headings. Callers pass raw text; only the `html`
// fields of these helpers take markup, and those are built by this module or the SVG writer.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace grp::html {

struct column {
    column(std::string title_, bool numeric_ = false, std::string tip_ = {})
        : title(std::move(title_)), numeric(numeric_), tip(std::move(tip_)) {}
    std::string title;
    bool numeric = false; ///< right-aligned; sorted by the cell's sort key
    std::string tip;      ///< header tooltip explaining the column
};

struct cell {
    cell(std::string text_ = {}, std::optional<double> sort_ = std::nullopt, std::string cls_ = {},
         std::string html_ = {})
        : text(std::move(text_)), sort(sort_), cls(std::move(cls_)), html(std::move(html_)) {}
    std::string text;           ///< raw text, escaped when written
    std::optional<double> sort; ///< numeric sort key (data-v); empty sorts last
    std::string cls;            ///< CSS class of the cell, e.g. "st-wrong" (trusted, ours)
    std::string html;           ///< pre-built trusted markup; used instead of text when set
};

struct row {
    row(std::vector<cell> cells_ = {}, std::string cls_ = {})
        : cells(std::move(cells_)), cls(std::move(cls_)) {}
    std::vector<cell> cells;
    std::string cls; ///< CSS class of the row, e.g. "row-wrong"
};

/// A <table>; `cls` gets "sortable" added when the page script should sort it by its headers.
std::string render_table(const std::vector<column>& cols, const std::vector<row>& rows,
                         const std::string& cls, const std::string& id = "");

/// A two-column key/value table, both sides raw text.
std::string kv_table(const std::vector<std::pair<std::string, std::string>>& rows);

/// <figure> around an SVG chart with an optional caption (raw text).
std::string figure(const std::string& svg, const std::string& caption = "");

/// <section id=…><h2>title</h2>; close with "</section>". `id` is ours (trusted).
std::string section_open(const std::string& id, const std::string& title);

/// A status word as a coloured badge ("ok", "wrong", …).
std::string status_badge(case_status s);

/// CSS class for a status: "st-ok", "st-wrong", "st-skipped", "st-failed", "st-race".
std::string status_class(case_status s);

/// A paragraph of raw text.
std::string para(const std::string& text, const std::string& cls = "");

} // namespace grp::html
