// Error types of gpu-reduce-prof. Failures are exceptions that carry the process exit code;
// outcomes (a regression, a wrong result) are values. main() maps grp::error to its exit code,
// and no code below main calls exit().
#pragma once

#include <stdexcept>
#include <string>

namespace grp {

/// Exit codes shared by every command; README documents them.
enum class exit_code : int {
    ok = 0,
    regression_or_wrong = 1, ///< compare found a regression, or run produced a wrong result
    usage = 2,
    opencl = 3,           ///< no platform/device, or an OpenCL call failed
    kernel_build = 4,     ///< a kernel failed to compile
    bad_file = 5,         ///< unreadable or invalid profile or kernel spec
    verification = 6,     ///< a self-check failed (e.g. host/device struct sizes disagree)
    nothing_measured = 7, ///< run: every case was skipped, so nothing was measured
    undecided = 8,        ///< compare: no case fails, but timing judged none of a candidate's cases
    biased = 9,           ///< compare: no case fails, but a duet's A/A control was not `same`
    process_killed = 10,  ///< run --runs: a process was killed by a signal it cannot catch
    incomplete = 11,      ///< merge: shards of the sweep are missing (--allow-missing merges)
    internal = 70,        ///< a bug: an exception that is not a grp::error (sysexits EX_SOFTWARE)
};

/// Base of all our exceptions: a message that says what, to what, and what to do.
class error : public std::runtime_error {
public:
    error(const std::string& what, exit_code code) : std::runtime_error(what), m_code(code) {}
    [[nodiscard]] exit_code code() const { return m_code; }
    [[nodiscard]] int exit_status() const { return static_cast<int>(m_code); }

private:
    exit_code m_code;
};

struct usage_error : error {
    explicit usage_error(const std::string& what) : error(what, exit_code::usage) {}
};

struct opencl_error : error {
    explicit opencl_error(const std::string& what) : error(what, exit_code::opencl) {}
};

/// A kernel did not compile; carries the full build log so main can print it: log() in the
/// user's terms (positions in the user's .cl, see build_log.hpp), raw_log() as the driver wrote it.
struct kernel_build_error : error {
    kernel_build_error(const std::string& what, std::string device, std::string options,
                       std::string log, std::string raw_log = {})
        : error(what, exit_code::kernel_build), m_device(std::move(device)),
          m_options(std::move(options)), m_log(std::move(log)),
          m_raw_log(raw_log.empty() ? m_log : std::move(raw_log)) {}
    [[nodiscard]] const std::string& device() const { return m_device; }
    [[nodiscard]] const std::string& options() const { return m_options; }
    [[nodiscard]] const std::string& log() const { return m_log; }
    [[nodiscard]] const std::string& raw_log() const { return m_raw_log; }

private:
    std::string m_device;
    std::string m_options;
    std::string m_log;
    std::string m_raw_log;
};

/// A profile or kernel spec is unreadable or invalid, or an output cannot be written: the
/// message names path, place and reason.
struct file_error : error {
    explicit file_error(const std::string& what) : error(what, exit_code::bad_file) {}
};

struct verification_error : error {
    explicit verification_error(const std::string& what) : error(what, exit_code::verification) {}
};

} // namespace grp
