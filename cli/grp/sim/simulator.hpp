// The simulator `check` runs on: finds Oclgrind's OpenCL library, makes it the only platform
// this process sees (a private vendors folder for the ICD loader), turns its checks on (data
// races, uninitialised values, instruction counts; invalid accesses and barrier divergence are
// always on) and captures what it writes while one case's launches run: its log (diagnostics)
// and its instruction-count tables, which it prints on standard output (redirected to a file
// while the simulator lives).
#pragma once

#include <string>
#include <sys/types.h>

namespace grp::sim {

/// Where Oclgrind's ICD library is: $GRP_OCLGRIND_ICD, else the Debian and /usr/local paths.
/// Throws opencl_error (exit 3) saying which package to install when there is none.
std::string find_oclgrind_library();

/// What the simulator wrote during one window.
struct captured {
    std::string log;    ///< diagnostics
    std::string counts; ///< instruction-count tables
};

class simulator {
public:
    /// `uninitialized`: also track uninitialised values (off by default: Oclgrind 21.10 reports
    /// a store in every built-in kernel, true or not; see docs/check.md).
    /// Must run before the process's first OpenCL call (the ICD loader reads its environment
    /// once). Throws opencl_error when Oclgrind is missing, file_error when the temporary
    /// folder cannot be made.
    explicit simulator(bool uninitialized = false);
    ~simulator(); ///< standard output restored, temporary files removed
    simulator(const simulator&) = delete;
    simulator& operator=(const simulator&) = delete;

    /// A case's launches begin; end() returns what was written since.
    void begin();
    captured end();
    [[nodiscard]] const std::string& library() const { return m_library; }

private:
    std::string m_library, m_dir, m_log, m_counts;
    int m_saved_stdout = -1;
    off_t m_log_at = 0, m_counts_at = 0;
};

} // namespace grp::sim
