// What `run` prints: a progress line per case on stderr (rewritten in place on a terminal, one
// plain line per case otherwise, so CI logs stay readable), then per device a table of the
// cases with the best configuration marked and wrong results in red, and the column legend for
// --describe.
#pragma once

#include "grp/model/profile.hpp"

#include <chrono>
#include <ostream>
#include <string>

namespace grp {

class run_progress {
public:
    /// `terminal`: rewrite one status line with \r; otherwise print a line per finished case.
    run_progress(std::ostream& os, bool terminal, bool quiet)
        : m_os(os), m_terminal(terminal), m_quiet(quiet) {}

    void device_started(const device_info& d, std::size_t cases);
    void peak_measured(const peak_bandwidth& p);
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
    std::chrono::steady_clock::time_point m_device_start;
    std::string m_phase;
};

/// The per-device results table; `colour` adds red for wrong and dim for skipped.
void print_run_tables(std::ostream& os, const profile& p, bool colour);

/// The layout comparison (aos12/aos16/soa), when the profile has layout cases.
void print_layout_table(std::ostream& os, const profile& p);

/// One paragraph per column, and what bytes were counted.
void print_run_legend(std::ostream& os);

} // namespace grp
