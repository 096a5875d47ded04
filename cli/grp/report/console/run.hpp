// What `run` prints: a progress line per case on stderr (rewritten in place on a terminal, one
// plain line per case otherwise, so CI logs stay readable), then per device the kernel x
// local-size matrices (the articles' table: median time per cell, best marked, host baseline
// and speedup underneath) and a list of the other cases with the best configuration marked and
// wrong results in red (the column legend for --describe: run_legend.hpp).
#pragma once

#include "grp/model/plan/size_knee.hpp"
#include "grp/model/profile/profile.hpp"
#include "grp/report/views/case_matrix.hpp"

#include <chrono>
#include <ostream>
#include <string>

namespace grp {

class run_progress {
public:
    /// `terminal`: rewrite one status line with \r; otherwise print a line per finished case.
    /// `colour`: a wrong or failed case in red (only on a terminal).
    run_progress(std::ostream& os, bool terminal, bool quiet, bool colour = false)
        : m_os(os), m_terminal(terminal), m_quiet(quiet), m_colour(colour && terminal) {}

    void device_started(const device_info& d, std::size_t cases);
    void peak_measured(const peak_bandwidth& p);
    /// A CPU's default n from its measured knee (size_knee.hpp), said once per device.
    void size_chosen(const size_choice& c, bool cached);
    /// One line: the verdict when trusted (not when quiet); a warning that says where the
    /// times come from otherwise (also when quiet).
    void timer_judged(const timer_verdict& v);
    /// A warning (also when quiet): the driver stops a work-item's loops after `iterations`.
    void loop_limited(const std::string& device, std::uint64_t iterations);
    /// A phase of the device's work: "building", "verifying", "round 3/10" (done of total).
    void phase(const std::string& name, std::size_t done, std::size_t total);
    void case_started(std::size_t index, std::size_t total, const case_key& key);
    void case_finished(std::size_t index, std::size_t total, const case_result& r);
    void finish();

private:
    [[nodiscard]] std::string eta(std::size_t done, std::size_t total) const;

    std::ostream& m_os;
    bool m_terminal;
    bool m_quiet;
    bool m_colour;
    std::chrono::steady_clock::time_point m_device_start;
    std::string m_phase;
};

/// How run prints its results.
struct run_table_options {
    bool colour = false;                 ///< red for wrong, dim for skipped, bold for the best
    cell_value cells = cell_value::time; ///< what a matrix cell shows
    /// false: a kernel x local-size matrix for every sweep point with several local sizes, the
    /// per-case list for the rest; true: every case in the list (with p5..p95, % peak, status).
    bool list_only = false;
};

/// Per device: the matrices, then the per-case list (scenario cases, points with one local
/// size, or everything with list_only), the skipped reasons of listed cases, and the host
/// baseline of every input that has no matrix on screen.
void print_run_tables(std::ostream& os, const profile& p, const run_table_options& o);

/// The layout comparison (aos12/aos16/soa), when the profile has layout cases.
void print_layout_table(std::ostream& os, const profile& p);

} // namespace grp
