// The markdown summary's kernel x local-size matrices: one GitHub table per sweep point that
// has several local sizes or a host baseline, the host as its last row, the best cell in GB/s
// and the short reasons underneath.
#include "grp/report/markdown/matrix.hpp"

#include "grp/report/markdown/summary.hpp"
#include "grp/report/text/escape.hpp"
#include "grp/report/text/matrix_text.hpp"

namespace grp {

namespace {

std::string matrix_table(const case_matrix& m, const profile& p, cell_value cells) {
    std::vector<std::string> head{"kernel"};
    std::string rule = "| --- |";
    for (auto local : m.local_sizes) {
        head.push_back(std::to_string(local));
        rule += " ---: |";
    }
    std::string s = markdown_row(head) + rule + "\n";
    for (const auto& row : m.rows) {
        std::vector<std::string> r{row.kernel};
        for (const auto& c : row.cells) {
            r.push_back(matrix_cell_text(c, cells));
        }
        s += markdown_row(r);
    }
    if (auto host = matrix_host_text(m); !host.empty()) {
        std::vector<std::string> r{"host", host};
        r.resize(m.local_sizes.size() + 1);
        s += markdown_row(r);
    }
    s += "\n";
    if (auto best = matrix_best_text(m, p); !best.empty()) {
        s += "Best: " + markdown_escape(best) + ".";
        if (auto marks = matrix_marks_legend(m, cells); !marks.empty()) {
            s += " (" + markdown_escape(marks) + ")";
        }
        s += "\n";
    }
    auto lines = matrix_note_lines(m);
    if (auto omitted = matrix_omitted_text(m); !omitted.empty()) {
        lines.push_back(omitted);
    }
    if (auto energy = matrix_energy_note(m, p, cells); !energy.empty()) {
        lines.push_back(energy);
    }
    for (const auto& line : lines) {
        s += "- " + markdown_escape(line) + "\n";
    }
    return s + "\n";
}

} // namespace

std::string markdown_matrices(const std::vector<html::report_input>& inputs, cell_value cells) {
    std::string s;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const auto& p = inputs[i].prof;
        for (const auto& m : build_matrices(p)) {
            if (m.local_sizes.size() < 2 && m.host == nullptr) {
                continue; // one local size and no host: the best-per-family table says it all
            }
            s += "**" +
                 markdown_escape((inputs.size() > 1 ? "P" + std::to_string(i + 1) + " " : "") +
                                 html::device_name(p, m.device) + ": " + m.label()) +
                 "**\n\n" + matrix_table(m, p, cells);
        }
    }
    if (s.empty()) {
        return "";
    }
    const std::string what = cells == cell_value::gbps   ? "GB/s (at the median time)"
                             : cells == cell_value::both ? "Median time / GB/s"
                             : cells == cell_value::energy
                                 ? "Energy per launch (the rounds' mean power x the median time)"
                                 : "Median time";
    return "### Kernel x local size\n\n" + what +
           " of every verified case; a cell without a number says why (legend under each "
           "table). The host row is the same input summed on the CPU.\n\n" +
           s;
}

} // namespace grp
