// A plain-text table for the console: left-aligned text columns, right-aligned numbers, one
// header row, optional ANSI colour per cell (dropped when colour is off). Also writes markdown.
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace grp {

class text_table {
public:
    enum class align { left, right };
    struct cell {
        std::string text;
        const char* colour = nullptr; ///< ANSI SGR code such as "31" (red), or nullptr
    };

    void add_column(std::string title, align a = align::left);
    void add_row(std::vector<cell> cells);
    [[nodiscard]] bool empty() const { return m_rows.empty(); }
    /// The columns' titles and alignment and the rows, for a format that draws its own table
    /// (the HTML report's copy of the cross-device table).
    [[nodiscard]] const std::vector<std::string>& titles() const { return m_titles; }
    [[nodiscard]] const std::vector<align>& alignment() const { return m_align; }
    [[nodiscard]] const std::vector<std::vector<cell>>& rows() const { return m_rows; }

    /// Pads columns to their widest cell; colour only when `colour` is true. Every cell is
    /// passed through terminal_escape: control characters never reach the terminal.
    void print(std::ostream& os, bool colour, const std::string& indent = "") const;
    /// A GitHub-flavoured markdown table; every cell is passed through markdown_escape, so no
    /// cell can end its row or form markup, a link, an image or raw HTML.
    void print_markdown(std::ostream& os) const;

private:
    std::vector<std::string> m_titles;
    std::vector<align> m_align;
    std::vector<std::vector<cell>> m_rows;
};

/// Whether to colour what goes to `fd` under `--color MODE`: "always" yes, "never" no, "auto"
/// (the default) when `fd` is a terminal and NO_COLOR is unset or empty (https://no-color.org;
/// the command line overrides the variable).
bool use_colour(int fd, const std::string& mode = "auto");

} // namespace grp
