// The kernel x local-size matrix of a sweep, the table the reduction articles end with: for each
// (device, type, layout, n, operator) one row per kernel and tuning configuration ("tunable
// ACC=2 UNROLL=4 VEC=8") and one column per local size, the median time of each verified case in
// its cell, the best cell of each row and of the whole matrix marked, cells without a time given a
// short reason ("wg>kernel", "WRONG", ...), and the host baseline of the same input with the best
// cell's speedup over it. Built from a profile alone (no formatting here): run's console, report's
// markdown and HTML draw it.
#pragma once

#include "grp/model/profile/profile.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace grp {

/// What a matrix cell shows: the median time (as the articles print it), GB/s, or both.
enum class cell_value { time, gbps, both, energy };
/// Throws usage_error naming the accepted values.
cell_value parse_cell_value(const std::string& s);
std::string to_string(cell_value v);

struct matrix_cell {
    const case_result* c = nullptr;  ///< nullptr: the sweep has no case at this local size
    std::optional<double> median_ns; ///< verified cases with samples only
    std::optional<double> gbps;
    std::string mark;                ///< no time: short reason ("wg>kernel", "WRONG", ...)
    bool best_in_row = false;        ///< fastest verified cell of its row
    bool best_overall = false;       ///< fastest verified cell of the matrix
    bool above_kernel_limit = false; ///< launched above CL_KERNEL_WORK_GROUP_SIZE (and verified)
    bool screened = false;   ///< dropped early by successive halving: a brief time, never best
    bool above_peak = false; ///< above 105 % of the peak (case_result::above_peak): never best
};

struct matrix_row {
    std::string kernel;              ///< the kernel's name, then " NAME=VALUE" per tuning parameter
    std::vector<matrix_cell> cells;  ///< one per case_matrix::local_sizes
    std::optional<std::size_t> best; ///< column of the row's best cell
};

/// A short mark and the full reasons behind it, for a legend under the matrix.
/// A line under the matrix. Skips share a line per mark (their reasons are the same kind);
/// a result that is wrong, failed, implausible, racy or unsafe is the case's own, so such cells
/// share a line only with the same reason and the line names them (a NaN result once stood
/// under another cell's "WRONG (3 cells): expected 4096, got 4095").
struct matrix_note {
    std::string mark;
    std::string reason;             ///< the first full reason with this mark
    std::size_t count = 0;          ///< cells with this mark (and, for results, this reason)
    std::vector<std::string> where; ///< results only: "reduce2 local 64" per cell
};

/// The best cell's speedup over one host method: host median time / device median time.
struct host_speedup {
    std::string method; ///< "sequential", "threads"
    std::uint32_t threads = 1;
    double host_median_ns = 0;
    std::optional<double> speedup; ///< empty when no cell verified
};

struct case_matrix {
    int device = 0;
    std::string type, layout, op = "sum";
    std::string cache = "warm"; ///< the cases' cache state (run --cache)
    std::uint64_t n = 0;
    std::vector<std::uint64_t> local_sizes; ///< columns, ascending
    std::vector<matrix_row> rows;           ///< kernels in profile order
    /// Kernels left out because every case of theirs was skipped as not declaring this type or
    /// layout (a sweep's cross product, not a finding); their cases stay in the profile.
    std::vector<std::string> omitted;
    std::optional<std::size_t> best_row; ///< row of the best cell (its column: rows[r].best)
    std::vector<matrix_note> notes;      ///< one per distinct mark, in order of appearance
    const host_baseline* host = nullptr; ///< of (type, layout, n), when the profile has one
    std::vector<host_speedup> speedups;  ///< per host method with a median

    /// The best cell, or nullptr when no cell verified with a time.
    [[nodiscard]] const matrix_cell* best_cell() const;
    /// "int, flat, n=2^22" plus ", op=max" unless the operator is sum and ", cold cache" for
    /// cases timed from a flushed cache.
    [[nodiscard]] std::string label() const;
};

/// The matrices of a profile's plain sweep cases (scenario cases are excluded: their own views
/// draw them), grouped by device, type, layout, n, operator and cache state, in profile order; each
/// kernel and tuning configuration is a row. A matrix whose every kernel is omitted (see
/// case_matrix::omitted) is left out. Pointers refer into `p`, which must outlive the result.
std::vector<case_matrix> build_matrices(const profile& p);

/// A cell's mark for a case without a time: "WRONG", "failed", "race", "n/a" (ok but no
/// samples), or for a skip a short reason: "wg>kernel" (over CL_KERNEL_WORK_GROUP_SIZE),
/// "launch" (refused at enqueue), "wg>device", "no fp64", "local mem", "spec" (the kernel's
/// own rules), "ext" (a missing extension or sub-groups), "size" (n does not fit), "skipped".
std::string short_reason(const case_result& c);

/// A matrix row's label: "reduce3", or "tunable ACC=2 UNROLL=4 VEC=8" (parameters by name).
std::string row_label(const case_key& k);

/// The type cell of a table whose rows are cases of any layout and operator: the type, then the
/// layout unless flat (`with_layout`: tables without a layout column of their own) and the
/// operator unless sum ("float aos12 op=max"); "float" for most.
std::string type_label(const case_key& k, bool with_layout = true);

} // namespace grp
