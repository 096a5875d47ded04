// run's console matrix: the kernel x local-size table of one sweep point, as the reduction
// articles print it, with the host row, the best cell in GB/s and the legend underneath.
#include "grp/report/console/run_matrix.hpp"

#include "grp/core/text_safe.hpp"
#include "grp/core/units.hpp"
#include "grp/report/console/run.hpp"
#include "grp/report/text/matrix_text.hpp"
#include "grp/report/text/table.hpp"

#include <algorithm>

namespace grp {

namespace {

// Bold green for the best cell, bold for a row's best, red for wrong or failed, dim for the
// rest of the cells without a time.
const char* cell_colour(const matrix_cell& c) {
    if (c.best_overall) {
        return "1;32";
    }
    if (c.best_in_row) {
        return "1";
    }
    if (c.c != nullptr && !c.median_ns) {
        const auto st = c.c->status;
        return st == case_status::wrong || st == case_status::failed ||
                       st == case_status::implausible
                   ? "31"
                   : "2";
    }
    return nullptr;
}

std::string what_cells_show(cell_value v) {
    switch (v) {
    case cell_value::gbps:
        return "GB/s (at the median time)";
    case cell_value::both:
        return "median time / GB/s";
    case cell_value::energy:
        return "energy per launch (the rounds' mean power x the median time)";
    case cell_value::time:
        break;
    }
    return "median time";
}

} // namespace

void print_matrix(std::ostream& os, const case_matrix& m, const profile& p,
                  const run_table_options& o, const std::string& indent) {
    os << indent << m.label() << ": " << what_cells_show(o.cells) << " per local size\n";
    text_table t;
    t.add_column("kernel");
    for (auto local : m.local_sizes) {
        t.add_column(std::to_string(local), text_table::align::right);
    }
    // Marks are padded to one width so that the numbers of a column stay right-aligned.
    std::size_t marks = 0;
    for (const auto& row : m.rows) {
        for (const auto& c : row.cells) {
            marks = std::max(marks, matrix_cell_marks(c, o.cells).size());
        }
    }
    for (const auto& row : m.rows) {
        std::vector<text_table::cell> cells{{row.kernel}};
        for (const auto& c : row.cells) {
            std::string mark = matrix_cell_marks(c, o.cells);
            mark.resize(marks, ' ');
            cells.push_back({matrix_cell_value(c, o.cells) + mark, cell_colour(c)});
        }
        t.add_row(std::move(cells));
    }
    const std::string inner = indent + "  ";
    t.print(os, o.colour, inner);
    if (auto host = matrix_host_text(m); !host.empty()) {
        os << inner << "host  " << host << '\n';
    }
    if (auto best = matrix_best_text(m, p); !best.empty()) {
        os << inner << "best  " << best << '\n';
    }
    if (auto floor = matrix_floor_text(m, p); !floor.empty()) {
        os << inner << "floor " << floor << '\n';
    }
    if (auto marks = matrix_marks_legend(m, o.cells); !marks.empty()) {
        os << inner << "(" << marks << ")\n";
    }
    for (const auto& line : matrix_note_lines(m)) {
        os << inner << line << '\n';
    }
    if (auto energy = matrix_energy_note(m, p, o.cells); !energy.empty()) {
        os << inner << terminal_escape(energy) << '\n';
    }
}

} // namespace grp
