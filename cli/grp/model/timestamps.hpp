// Sanity checks on OpenCL profiling timestamps. Drivers have been seen to report END before
// START, START before SUBMIT, and durations below the timer resolution; such a sample is
// flagged and dropped, never trusted.
#pragma once

#include <cstdint>
#include <string>

namespace grp {

/// The four CL_PROFILING_COMMAND_* values of one launch, in ns.
struct launch_stamps {
    std::uint64_t queued = 0, submit = 0, start = 0, end = 0;
};

/// "" when the stamps are plausible, else why not: "END before START", "START before SUBMIT",
/// "SUBMIT before QUEUED", "duration under timer resolution (R ns)".
std::string check_stamps(const launch_stamps& s, std::uint64_t timer_resolution_ns);

} // namespace grp
