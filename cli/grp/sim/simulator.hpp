// The simulator `check` runs on: finds Oclgrind's OpenCL library, makes it the only platform
// this process sees (a private vendors folder for the ICD loader, removed once the loader has
// read it), turns its checks on (data races, uninitialised values, instruction counts, access
// metrics through our plugin; invalid accesses and barrier divergence are always on) and captures
// what it writes while one case's launches run: its log (diagnostics) and its instruction-count
// tables, which it prints on standard output. Both go through pipes into memory
// (stream_capture.hpp), never through $TMPDIR, so a full disk cannot silently take the evidence
// away.
#pragma once

#include "grp/sim/stream_capture.hpp"

#include <functional>
#include <memory>
#include <string>

namespace grp {
struct case_result;
}

namespace grp::sim {

/// Where Oclgrind's ICD library is: $GRP_OCLGRIND_ICD, else the Debian and /usr/local paths.
/// Throws opencl_error (exit 3) saying which package to install when there is none.
std::string find_oclgrind_library();

/// Where check's Oclgrind access plugin is (cli/oclgrind/access_plugin.cpp): $GRP_ACCESS_PLUGIN
/// (set and empty: none), else beside the binary (a build tree), else in the install's
/// lib/gpu-reduce-prof; "" when there is none (check then records no access metrics).
std::string find_access_plugin();
/// The plugin's file name (the build's, e.g. gpu-reduce-prof-oclgrind-access.so).
extern const char* const access_plugin_name;

/// What the simulator wrote during one window.
struct captured {
    std::string log;             ///< diagnostics
    std::string counts;          ///< instruction-count tables and access-metric blocks
    bool access = false;         ///< the access plugin was loaded: every launch has a block
    std::size_t log_dropped = 0; ///< log bytes past the cap, not kept (the record is capped)
    /// Called by record_check with the case's finished record (check's checkpoints).
    std::function<void(const case_result&)> recorded;
};

/// Throws opencl_error unless `platform_name` is Oclgrind's ("Oclgrind"): a GRP_OCLGRIND_ICD
/// that names another OpenCL library would run the cases unchecked. `vendor` and `library`
/// are for the message.
void require_oclgrind_platform(const std::string& platform_name, const std::string& vendor,
                               const std::string& library);

class simulator {
public:
    /// `uninitialized`: also track uninitialised values (off by default: Oclgrind 21.10 reports
    /// a store in every built-in kernel, true or not; see docs/check.md).
    /// Must run before the process's first OpenCL call (the ICD loader reads its environment
    /// once). Throws opencl_error when Oclgrind is missing, file_error when the vendors folder
    /// cannot be written in $TMPDIR (full or read-only: the message says so) or the streams
    /// cannot be captured.
    explicit simulator(bool uninitialized = false);
    ~simulator(); ///< standard output restored, temporary files removed
    simulator(const simulator&) = delete;
    simulator& operator=(const simulator&) = delete;

    /// The ICD loader has read its vendors (after the first OpenCL call): the temporary
    /// folder goes now, so no way out (even _exit on a signal) leaves it behind.
    void loader_ready();
    /// A case's launches begin; end() returns what was written since. end() throws file_error
    /// when a stream could not be read to its end (the evidence is incomplete).
    void begin();
    captured end();
    /// Gives standard output back (the counts pipe no longer receives it): for a profile
    /// written to stdout on the way out of a signal. Only dup2, so any thread may call it.
    void release_stdout() const;
    /// Called with every case record_check finishes (check saves them on a signal).
    void on_recorded(std::function<void(const case_result&)> f) { m_recorded = std::move(f); }
    [[nodiscard]] const std::string& library() const { return m_library; }
    /// The access plugin Oclgrind loads, or "" (find_access_plugin).
    [[nodiscard]] const std::string& access_plugin() const { return m_plugin; }

private:
    std::string m_library, m_plugin, m_dir;
    std::unique_ptr<stream_capture> m_log, m_counts;
    int m_saved_stdout = -1;
    std::function<void(const case_result&)> m_recorded;
};

} // namespace grp::sim
