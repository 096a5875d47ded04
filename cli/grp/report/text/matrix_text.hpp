// Plain text of the kernel x local-size matrix (grp/report/views/case_matrix.hpp) that run's
// console, report's markdown and the HTML heat map share: cell text with its marks, the host row,
// the best cell in GB/s against the measured peak, and the legend of short reasons.
#pragma once

#include "grp/report/views/case_matrix.hpp"

#include <string>
#include <vector>

namespace grp {

/// "7.92 ms", "2.1" (GB/s) or "7.92 ms / 2.1"; the short reason when the cell has no time;
/// "-" when the sweep has no case there.
std::string matrix_cell_value(const matrix_cell& c, cell_value v);
/// The cell's marks: "^" (above the kernel's limit), "~" (screened by successive halving),
/// then "**" or "*" (never on a value of `v` that is "n/a": the fastest cell can lack energy);
/// "" for none.
std::string matrix_cell_marks(const matrix_cell& c, cell_value v = cell_value::time);
/// matrix_cell_value followed by matrix_cell_marks.
std::string matrix_cell_text(const matrix_cell& c, cell_value v);

/// "sequential 95.1 ms, 2 threads 12.0 ms; speedup of the best kernel 12.0x, 1.52x" or "" when
/// the matrix has no host baseline.
std::string matrix_host_text(const case_matrix& m);

/// "reduce4 at local 64: 7.92 ms = 2.1 GB/s, 17.0% of the measured peak read 12.4 GB/s", or ""
/// when no cell verified.
std::string matrix_best_text(const case_matrix& m, const profile& p);

/// "2^16: 1.08x the empty-kernel span (5.90 us): launch-bound" for a matrix whose best cell is
/// within launch_bound_x_floor of its device's launch floor, with "; 3 of 9 timed cases within
/// 3x" when more cells are; "" otherwise (or without a floor).
std::string matrix_floor_text(const case_matrix& m, const profile& p);

/// One line per short reason: "wg>kernel (3 cells): local size over ...".
std::vector<std::string> matrix_note_lines(const case_matrix& m);

/// "not run here (the kernel does not declare this type or layout): reduce0, reduce1", or ""
/// when no kernel was omitted.
std::string matrix_omitted_text(const case_matrix& m);

/// With energy cells (`v`), when no cell has an energy per launch: one line that says why
/// ("n/a: no power or energy sensor was found ...", with what the device's sensor record says
/// it lacked); else "".
std::string matrix_energy_note(const case_matrix& m, const profile& p, cell_value v);

/// What the marks in this matrix mean ("** fastest overall, * fastest of the kernel" when a
/// cell of `v` shows a star, plus "^ above the kernel's reported work-group limit", "~
/// screened out" and "- not in the sweep" when a cell has them); "" without marks.
std::string matrix_marks_legend(const case_matrix& m, cell_value v = cell_value::time);

} // namespace grp
