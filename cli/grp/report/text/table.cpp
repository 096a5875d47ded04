#include "grp/report/text/table.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/report/text/escape.hpp"

#include <algorithm>
#include <cstdlib>
#include <unistd.h>

namespace grp {

namespace {

/// Columns a string takes on a terminal: one per UTF-8 character (wide CJK glyphs aside),
/// so that "µs" and "—" do not shift the columns after them.
std::size_t display_width(const std::string& s) {
    std::size_t n = 0;
    for (char ch : s) {
        n += (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return n;
}

} // namespace

void text_table::add_column(std::string title, align a) {
    m_titles.push_back(std::move(title));
    m_align.push_back(a);
}

void text_table::add_row(std::vector<cell> cells) {
    cells.resize(m_titles.size());
    m_rows.push_back(std::move(cells));
}

void text_table::print(std::ostream& os, bool colour, const std::string& indent) const {
    // Cells hold profile, spec and driver strings: escaped, so that none can move the cursor
    // or retitle the terminal. Widths are of the escaped text.
    std::vector<std::vector<std::string>> shown;
    shown.reserve(m_rows.size());
    for (const auto& r : m_rows) {
        std::vector<std::string> cells;
        cells.reserve(r.size());
        for (const auto& c : r) {
            cells.push_back(terminal_escape(c.text));
        }
        shown.push_back(std::move(cells));
    }
    std::vector<size_t> width(m_titles.size());
    for (size_t c = 0; c < m_titles.size(); ++c) {
        width[c] = display_width(m_titles[c]);
        for (const auto& r : shown) {
            width[c] = std::max(width[c], display_width(r[c]));
        }
    }
    auto emit = [&](const std::string& text, size_t c, const char* col) {
        size_t pad = width[c] - display_width(text);
        if (m_align[c] == align::right) {
            os << std::string(pad, ' ');
        }
        if (colour && col != nullptr) {
            os << "\033[" << col << 'm' << text << "\033[0m";
        } else {
            os << text;
        }
        if (m_align[c] == align::left && c + 1 < m_titles.size()) {
            os << std::string(pad, ' ');
        }
        if (c + 1 < m_titles.size()) {
            os << "  ";
        }
    };
    os << indent;
    for (size_t c = 0; c < m_titles.size(); ++c) {
        emit(terminal_escape(m_titles[c]), c, colour ? "1" : nullptr);
    }
    os << '\n';
    for (size_t i = 0; i < m_rows.size(); ++i) {
        os << indent;
        for (size_t c = 0; c < m_rows[i].size(); ++c) {
            emit(shown[i][c], c, m_rows[i][c].colour);
        }
        os << '\n';
    }
}

void text_table::print_markdown(std::ostream& os) const {
    // The same escaping as report's markdown: no cell can end the row, start markup or raw HTML.
    auto esc = [](const std::string& s) {
        return markdown_escape(s);
    };
    os << '|';
    for (const auto& t : m_titles) {
        os << ' ' << esc(t) << " |";
    }
    os << "\n|";
    for (auto a : m_align) {
        os << (a == align::right ? " ---: |" : " --- |");
    }
    os << '\n';
    for (const auto& r : m_rows) {
        os << '|';
        for (const auto& c : r) {
            os << ' ' << esc(c.text) << " |";
        }
        os << '\n';
    }
}

bool use_colour(int fd, const std::string& mode) {
    if (mode == "always" || mode == "never") {
        return mode == "always";
    }
    const char* no = std::getenv("NO_COLOR");
    return isatty(fd) != 0 && (no == nullptr || *no == '\0');
}

} // namespace grp
