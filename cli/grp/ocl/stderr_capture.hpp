// Holds what a compiler writes straight to the process's stderr while a program builds. PoCL's
// clang prints "1 error generated." to file descriptor 2 beside the build log it returns, so the
// user saw a stray line before the tool's own error message. Captured, it joins the build log
// (printed in place, kept in the profile) instead. POSIX only, like the rest of the runner.
#pragma once

#include <cstdio>
#include <string>

namespace grp::ocl {

class stderr_capture {
public:
    /// Redirects descriptor 2 to a temporary file; does nothing when that cannot be done.
    stderr_capture();
    /// Restores descriptor 2 if text() was not called.
    ~stderr_capture();
    stderr_capture(const stderr_capture&) = delete;
    stderr_capture& operator=(const stderr_capture&) = delete;

    /// Restores descriptor 2 and returns what was written to it meanwhile (at most 64 KiB).
    std::string text();

private:
    void restore();
    std::FILE* m_file = nullptr;
    int m_saved = -1;
};

} // namespace grp::ocl
