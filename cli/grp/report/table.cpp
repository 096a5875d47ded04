#include "grp/report/table.hpp"

#include "grp/report/escape.hpp"

#include <algorithm>
#include <cstdlib>
#include <unistd.h>

namespace grp {

void text_table::add_column(std::string title, align a) {
    m_titles.push_back(std::move(title));
    m_align.push_back(a);
}

void text_table::add_row(std::vector<cell> cells) {
    cells.resize(m_titles.size());
    m_rows.push_back(std::move(cells));
}

void text_table::print(std::ostream& os, bool colour, const std::string& indent) const {
    std::vector<size_t> width(m_titles.size());
    for (size_t c = 0; c < m_titles.size(); ++c) {
        width[c] = m_titles[c].size();
        for (const auto& r : m_rows) {
            width[c] = std::max(width[c], r[c].text.size());
        }
    }
    auto emit = [&](const std::string& text, size_t c, const char* col) {
        size_t pad = width[c] - text.size();
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
        emit(m_titles[c], c, colour ? "1" : nullptr);
    }
    os << '\n';
    for (const auto& r : m_rows) {
        os << indent;
        for (size_t c = 0; c < r.size(); ++c) {
            emit(r[c].text, c, r[c].colour);
        }
        os << '\n';
    }
}

void text_table::print_markdown(std::ostream& os) const {
    // Cells come from profiles (untrusted): escaped so no markup, link, image or HTML forms.
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

bool use_colour(int fd) {
    const char* no = std::getenv("NO_COLOR");
    return isatty(fd) != 0 && (no == nullptr || *no == '\0');
}

} // namespace grp
